/**
 * The expiry job (issue 20), in the API process at start and every hour: owners' active listings
 * whose period (LISTING_TTL_DAYS since publication or renewal) has ended become `vencido`, and
 * those entering the last EXPIRY_REMINDER_DAYS get one reminder email with a signed renew link
 * (not when the owner's account is blocked, issue 40).
 *
 * Several instances may share one PostgreSQL: each run takes a transaction-scoped advisory lock
 * and an instance that does not get it skips the run, so a listing is never reminded twice. The
 * reminder is claimed (reminder_sent_at) in the same transaction; emails leave after the commit.
 * Time comes from the app's clock, so tests (and the browser tests' clock route) can move it.
 */
import type { FastifyInstance } from 'fastify';
import { EXPIRY_REMINDER_DAYS, renovarAnuncioPath } from 'shared-contracts';
import { ADVISORY_LOCKS } from '../db/client';
import { expiryReminderMessage } from '../mail/templates';
import { claimReminders, expireDue, tryAdvisoryXactLock, type ReminderTarget } from './lifecycle-repository';
import { renewToken } from './renew-link';
import { startPeriodicJob, type PeriodicJob } from '../periodic-job';

/** Advisory lock key of the job (the registry of keys is ADVISORY_LOCKS). */
export const EXPIRY_LOCK_KEY = ADVISORY_LOCKS.expiry;
const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

export interface ExpiryRun {
  /** False when another instance held the lock and this run did nothing. */
  ran: boolean;
  expired: string[];
  reminded: string[];
}

export async function runExpiryJob(app: FastifyInstance): Promise<ExpiryRun> {
  const { db, clock, config } = app;
  const now = clock.now();
  const ttlMs = config.listingTtlDays * DAY_MS;
  const result = await db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, EXPIRY_LOCK_KEY))) return null;
    const expired = await expireDue(tx, new Date(now - ttlMs));
    const reminders = await claimReminders(tx, new Date(now - ttlMs + EXPIRY_REMINDER_DAYS * DAY_MS), new Date(now - ttlMs), new Date(now));
    return { expired, reminders };
  });
  if (!result) return { ran: false, expired: [], reminded: [] };
  if (result.expired.length) await app.searchChanges.announce('all');
  for (const target of result.reminders) sendReminder(app, target, ttlMs);
  if (result.expired.length || result.reminders.length) {
    app.log.info({ expired: result.expired.length, reminded: result.reminders.length }, 'vencimiento de anuncios');
  }
  return { ran: true, expired: result.expired, reminded: result.reminders.map((r) => r.id) };
}

function sendReminder(app: FastifyInstance, target: ReminderTarget, ttlMs: number) {
  const { config, mailer } = app;
  const link = `${config.publicSiteUrl}${renovarAnuncioPath(target.id, renewToken(config.jwtSecret, target.id, target.renewedAt))}`;
  const title = target.title || target.propiedad;
  mailer.send(expiryReminderMessage(target.email, target.name, { title, expiresOn: new Date(target.renewedAt.getTime() + ttlMs), renewDays: config.listingTtlDays }, link));
}

export type ExpiryScheduler = PeriodicJob;

/** Runs the job now and then every hour until the server closes (periodic-job.ts). */
export function startExpiryJob(app: FastifyInstance, everyMs = HOUR_MS): ExpiryScheduler {
  return startPeriodicJob(app, 'expiry', () => runExpiryJob(app), everyMs, 'el trabajo de vencimiento falló');
}

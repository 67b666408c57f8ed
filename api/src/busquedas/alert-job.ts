/**
 * The alert job (issue 22), in the API process every minute, so an instant alert leaves within
 * a couple of minutes of the publication (the promise is 5); daily and weekly searches are due at
 * their own times (schedule.ts) and simply wait for the run after that moment.
 *
 * Durable in two steps: (1) one transaction claims the due searches' new listings and the
 * favourites' price drops (alert-claim.ts, price-drop-claim.ts) and writes each email to the
 * outbox table; (2) after the commit, pending emails are sent and
 * marked sent one by one. A restart after (1) sends what is pending and composes nothing twice; an
 * SMTP failure leaves the email pending for the next run. Only a crash between the SMTP server
 * taking a message and its row being marked could send it again — with the same Message-ID.
 * Several instances: the run holds the advisory lock ADVISORY_LOCKS.alerts; an instance that does
 * not get it skips the run. Once an hour a run also deletes the records that can no longer matter
 * (alert-prune.ts). Time comes from the app's clock (tests and the browser tests move it).
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/client';
import { alertEmails, users, type AlertMessage } from '../db/schema';
import { ensureMailRendition } from '../photos';
import { claimDueAlerts } from './alert-claim';
import { pruneAlertRecords } from './alert-prune';
import { startPeriodicJob, type PeriodicJob } from '../periodic-job';

const MINUTE_MS = 60_000;
/** An email that failed this many times stays in the table, unsent, for an operator to look at. */
const MAX_ATTEMPTS = 10;

export interface AlertRun {
  /** False when another instance held the lock and this run did nothing. */
  ran: boolean;
  composed: number;
  sent: number;
}

/** Step 1 alone (the tests stop a run here to play a restart). */
export async function claimAlerts(app: FastifyInstance): Promise<number> {
  const now = new Date(app.clock.now());
  const { emails } = await app.db.transaction((tx) => claimDueAlerts(tx, app.config, now));
  return emails;
}

/**
 * The JPEG email renditions of the email's photos (mail-rendition.ts), made now if missing. A
 * photo that cannot be made is logged and the email leaves anyway: its text is the news.
 */
async function preparePhotos(app: FastifyInstance, message: AlertMessage): Promise<void> {
  for (const key of message.photoKeys ?? []) {
    await ensureMailRendition(app.photoStorage, key).catch((err: unknown) => app.log.error({ err, key }, 'no se pudo preparar la foto JPEG de una alerta'));
  }
}

/**
 * Step 2: sends the outbox's pending emails, oldest first; stops at the first SMTP failure. An
 * email of an account blocked since it was written is not sent (issue 40): it stays unsent, and
 * the hourly prune removes it.
 */
export async function deliverPendingAlerts(app: FastifyInstance): Promise<number> {
  const { db, mailer, clock, log } = app;
  const pending = await db
    .select({ id: alertEmails.id, message: alertEmails.message })
    .from(alertEmails)
    .innerJoin(users, eq(users.id, alertEmails.userId))
    .where(and(isNull(alertEmails.sentAt), lt(alertEmails.attempts, MAX_ATTEMPTS), isNull(users.blockedAt)))
    .orderBy(asc(alertEmails.id))
    .limit(500);
  let sent = 0;
  for (const row of pending) {
    try {
      await preparePhotos(app, row.message);
      await mailer.deliver(row.message);
    } catch (err) {
      await db.update(alertEmails).set({ attempts: sql`${alertEmails.attempts} + 1` }).where(eq(alertEmails.id, row.id));
      log.error({ err, alerta: row.id }, 'no se pudo enviar la alerta; queda pendiente');
      break;
    }
    await db.update(alertEmails).set({ sentAt: new Date(clock.now()) }).where(eq(alertEmails.id, row.id));
    sent += 1;
  }
  return sent;
}

const HOUR_MS = 60 * MINUTE_MS;
/** When each database's alert records were last pruned (by the app's clock). */
const lastPruned = new WeakMap<object, number>();

/** The records that can no longer matter go (alert-prune.ts), at most once an hour. */
async function pruneHourly(app: FastifyInstance): Promise<void> {
  const now = app.clock.now();
  const last = lastPruned.get(app.database);
  if (last !== undefined && now - last < HOUR_MS && now >= last) return;
  lastPruned.set(app.database, now);
  const pruned = await pruneAlertRecords(app.db, new Date(now));
  if (pruned.emails || pruned.deliveries) app.log.info(pruned, 'registros de alertas antiguos borrados');
}

// One run at a time per database within this process too: PGlite's advisory locks do not exclude
// its own callers (one connection), and tests run two apps on one database.
const running = new WeakMap<object, Promise<AlertRun>>();

export function runAlertJob(app: FastifyInstance): Promise<AlertRun> {
  const previous = running.get(app.database) ?? Promise.resolve(null);
  const next = previous
    .catch(() => null)
    .then(async () => {
      const result = await app.database.whileLocked(ADVISORY_LOCKS.alerts, async () => {
        const composed = await claimAlerts(app);
        const sent = await deliverPendingAlerts(app);
        await pruneHourly(app);
        return { ran: true, composed, sent };
      });
      if (result?.composed || result?.sent) app.log.info(result, 'alertas de búsquedas guardadas');
      return result ?? { ran: false, composed: 0, sent: 0 };
    });
  running.set(app.database, next);
  return next;
}

export type AlertScheduler = PeriodicJob;

/** Runs the job now and then every minute until the server closes (periodic-job.ts). */
export function startAlertJob(app: FastifyInstance, everyMs = MINUTE_MS): AlertScheduler {
  return startPeriodicJob(app, 'alerts', () => runAlertJob(app), everyMs, 'el trabajo de alertas falló');
}

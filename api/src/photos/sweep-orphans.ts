/**
 * Photos are written before their listing row is committed (the row names them), so a process
 * killed in between leaves files no listing references. They are removed at start-up and then
 * periodically (issue 19, item 7), listing the photo storage's keys and asking the database in
 * pages, so neither the stored keys nor the listings' keys are ever held whole in memory.
 *
 * What may go: at start-up on the embedded database the process owns the data directory alone (a
 * lock keeps any other out), so every orphan; otherwise only files older than `olderThanMs`, since
 * a publish or a feed import (of this process, or of another instance on a shared PostgreSQL) may
 * have stored photos whose row is not committed yet.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { anuncios } from '../db/schema';
import type { Db } from '../db/client';
import type { PhotoStorage } from './storage';

/** The full-size key a stored name belongs to (its card and email renditions share its fate). */
const fullKeyOf = (name: string) => name.replace(/-card\.(webp|jpg)$/, '.webp');

/** Which of `keys` some listing names. */
async function referencedAmong(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = await db.execute<{ key: string }>(sql`
    select k.value as key from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k(value)
    where exists (select 1 from ${anuncios} where ${anuncios.imageKeys} @> jsonb_build_array(k.value))`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { key: string }[] }).rows) as { key: string }[];
  return new Set(list.map((r) => r.key));
}

export async function removeOrphanPhotos(db: Db, storage: PhotoStorage, olderThanMs = 0, now = Date.now(), pageSize = 500): Promise<string[]> {
  const removed: string[] = [];
  let page: string[] = [];
  const sweepPage = async () => {
    const referenced = await referencedAmong(db, [...new Set(page.map(fullKeyOf))]);
    for (const name of page) {
      if (referenced.has(fullKeyOf(name))) continue;
      const storedAt = await storage.storedAt(name);
      if (storedAt === null || now - storedAt < olderThanMs) continue;
      await storage.delete(name).catch(() => undefined);
      removed.push(name);
    }
    page = [];
  };
  for await (const key of storage.keys()) {
    page.push(key);
    if (page.length >= pageSize) await sweepPage();
  }
  if (page.length) await sweepPage();
  return removed;
}

/** Every `everyMs`, a sweep of orphans older than `olderThanMs`; a sweep in progress is awaited by close. */
export function startOrphanSweep(app: FastifyInstance, opts: { everyMs: number; olderThanMs: number }): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= removeOrphanPhotos(app.db, app.photoStorage, opts.olderThanMs)
      .then((orphans) => {
        if (orphans.length) app.log.info({ count: orphans.length }, 'fotos huérfanas eliminadas');
      })
      .catch((err) => app.log.error({ err }, 'barrido de fotos huérfanas fallido'))
      .finally(() => {
        running = null;
      });
  }, opts.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

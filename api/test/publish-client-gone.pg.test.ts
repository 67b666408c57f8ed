/**
 * A publish is kept only while someone is waiting for it (publish-routes.ts): a client whose
 * connection closes while its listing is being saved never sees the answer and will send it again,
 * so keeping it would make a duplicate the user did not ask for. Since issue 18 the quota check and
 * the insert are one statement (anuncio_claim_slot, migration 0015), and a listing saved while its
 * client went is deleted again.
 *
 * The insert is held on the owner's row, locked by a transaction of the test, so the client can
 * leave while the statement runs. PostgreSQL only: PGlite runs one statement at a time, so there a
 * held transaction stops the request before it reaches the insert (a plain "gone before" case).
 */
import { eq, sql } from 'drizzle-orm';
import { anuncios, users } from '../src/db/schema';
import type { SearchChange } from '../src/search/cache';
import { startTestApp, type TestApp } from './support/app';
import { requirePostgres } from './support/engines';
import { NO_LIMITS } from './support/limits';
import { LISTING_FIELDS } from './support/listing-fields';
import { createUser } from './support/users';

function publishForm(): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(LISTING_FIELDS)) fd.append(k, v);
  return fd;
}

async function until(what: string, check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

// PostgreSQL only (a row lock held by another connection): jest runs this file only with DATABASE_URL.
requirePostgres();

describe('a publish whose client leaves during the insert, on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', {}, { rateLimits: NO_LIMITS });
  });
  afterAll(() => t.close());

  const rowsOf = (ownerId: string) => t.app.db.select({ id: anuncios.id }).from(anuncios).where(eq(anuncios.ownerId, ownerId));
  const lastSeq = async () => Number(((await t.app.db.execute(sql`SELECT last_value FROM anuncios_seq_seq`)) as unknown as { rows: { last_value: string }[] }).rows[0]!.last_value);
  const insertWaitsOnLock = async () => {
    const { rows } = (await t.app.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%anuncio_claim_slot%'`,
    )) as unknown as { rows: { n: number }[] };
    return rows[0]!.n > 0;
  };

  const homeCount = async () => {
    const res = await fetch(`${t.url}/allAnuncios`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filters: {}, page: 0 }) });
    return ((await res.json()) as { count: number }).count;
  };

  /** Sends a publish while the owner's row is locked; `leave` aborts it once its insert waits on the lock. */
  async function publishHeld(ownerId: string, token: string, leave: boolean) {
    const controller = new AbortController();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const locker = t.app.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
      await released;
    });
    const answer = fetch(`${t.url}/anuncio`, { method: 'POST', body: publishForm(), headers: { authorization: `Bearer ${token}` }, signal: controller.signal }).then(
      (res) => res.status,
      () => 'aborted' as const,
    );
    await until('the insert to wait on the owner row', insertWaitsOnLock);
    if (leave) {
      controller.abort();
      expect(await answer).toBe('aborted');
      // The server notices the closed connection while its statement still waits.
      await new Promise((r) => setTimeout(r, 100));
    }
    release();
    await locker;
    return answer;
  }

  test('the client stays: the held insert goes through once the lock is released (201, one listing)', async () => {
    const { user, token } = await createUser(t.app);
    expect(await publishHeld(user.id, token, false)).toBe(201);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  test('the client leaves while the insert waits: the listing it saved is deleted again', async () => {
    const { user, token } = await createUser(t.app);
    const countBefore = await homeCount();
    // What the route tells the search caches: its last word on this publish (the handler has then
    // finished with the database).
    const told: SearchChange[] = [];
    const announce = t.app.searchChanges.announce.bind(t.app.searchChanges);
    t.app.searchChanges.announce = (change, startedAt) => (told.push(change), announce(change, startedAt));
    await publishHeld(user.id, token, true);
    await until('the route to tell the caches', async () => told.length > 0);
    // The insert ran: what it saved left again, without ever being announced as published.
    expect(told).toHaveLength(1);
    const [change] = told as { rows: { seq: number }[]; moved?: unknown }[];
    expect(change!.moved).toBeUndefined();
    expect(change!.rows[0]!.seq).toBe(await lastSeq());
    expect(await rowsOf(user.id)).toHaveLength(0);
    // Nothing left in the searches either: the count is back to what it was.
    expect(await homeCount()).toBe(countBefore);
  });
});

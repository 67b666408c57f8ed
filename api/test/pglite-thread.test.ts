/**
 * The embedded PGlite on its own thread (db/pglite-thread.ts) behaves as PGlite on the API's
 * thread did: PostgreSQL's error fields reach the code that handles them (a unique violation is
 * told apart by its code), a transaction commits or rolls back as a whole and holds the database
 * while it runs, dates come back as drizzle reads them, and nothing answers after close.
 */
import { sql } from 'drizzle-orm';
import { openPglite, type Database } from '../src/db/client';

describe('PGlite on its own thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(null);
    await database.db.execute(sql`CREATE TABLE t (id int PRIMARY KEY, at timestamptz, data jsonb, raw bytea)`);
  }, 60_000);
  afterAll(() => database.close());

  /** drizzle types a raw result per driver; PGlite answers `{ rows }`. */
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const ids = async () => (await rowsOf<{ id: number }>(sql`SELECT id FROM t ORDER BY id`)).map((r) => r.id);

  it('answers values as PGlite does: timestamps as text for drizzle, JSON, bytes', async () => {
    await database.db.execute(sql`INSERT INTO t VALUES (1, '2026-11-24 10:00:00+00', '{"a":[1,2]}', '\\x0102')`);
    const [row] = await rowsOf<{ at: string; data: unknown; raw: Uint8Array }>(sql`SELECT at, data, raw FROM t WHERE id = 1`);
    expect(row).toEqual({ at: '2026-11-24 10:00:00+00', data: { a: [1, 2] }, raw: new Uint8Array([1, 2]) });
  });

  it("passes PostgreSQL's error fields on: a duplicate key is a unique violation (23505) on its constraint", async () => {
    const failure = await database.db.execute(sql`INSERT INTO t (id) VALUES (1)`).catch((err: Error & { cause?: Record<string, unknown> }) => err);
    expect(failure).toBeInstanceOf(Error);
    const cause = (failure as Error & { cause?: Record<string, unknown> }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 't_pkey', message: expect.stringContaining('duplicate key') });
  });

  it('commits a transaction as a whole, or rolls it back when it throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t (id) VALUES (2)`);
      await tx.execute(sql`INSERT INTO t (id) VALUES (3)`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t (id) VALUES (4)`);
        throw new Error('cancelado');
      }),
    ).rejects.toThrow('cancelado');
    // A failed statement inside: the whole transaction is rolled back, the error reaches the caller.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t (id) VALUES (5)`);
        await tx.execute(sql`INSERT INTO t (id) VALUES (1)`);
      }),
    ).rejects.toThrow();
    expect(await ids()).toEqual([1, 2, 3]);
  });

  it('holds the database while a transaction runs: a statement from outside waits for its end', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t (id) VALUES (6)`);
      inside();
      await new Promise((r) => setTimeout(r, 200));
      order.push('transaction ends');
    });
    await started;
    const outside = database.db.execute(sql`SELECT count(*) FROM t`).then((r) => {
      order.push('outside answered');
      return r;
    });
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['transaction ends', 'outside answered']);
    expect(await ids()).toEqual([1, 2, 3, 6]);
  });

  it('answers nothing after close, with an error instead of a hang', async () => {
    const other = await openPglite(null);
    await other.close();
    const failure = await other.db.execute(sql`SELECT 1`).catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error & { cause?: Error }).cause?.message).toMatch(/PGlite terminó/);
  }, 60_000);
});

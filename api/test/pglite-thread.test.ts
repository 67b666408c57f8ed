/**
 * The embedded PGlite on its own thread (db/pglite-thread.ts) behaves as PGlite on the API's
 * thread did: PostgreSQL's error fields reach the code that handles them (a unique violation is
 * told apart by its code), a transaction commits or rolls back as a whole and holds the database
 * while it runs, dates come back as drizzle reads them, and nothing answers after close.
 */
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, type Database } from '../src/db/client';
import { DRIZZLE_TEXT_TYPES, PgliteThread } from '../src/db/pglite-thread';

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

  describe('statements kept prepared between calls', () => {
    const kept = async () => (await rowsOf<{ statement: string }>(sql`SELECT statement FROM pg_prepared_statements`)).map((r) => r.statement);

    it('runs a statement again with other values, from its kept preparation', async () => {
      const byId = (id: number) => rowsOf<{ id: number; data: unknown }>(sql`SELECT id, data FROM t WHERE id = ${id} OR (${id} = 0 AND id IS NULL)`);
      await database.db.execute(sql`INSERT INTO t (id, data) VALUES (40, '{"n":40}'), (41, NULL)`);
      expect(await byId(40)).toEqual([{ id: 40, data: { n: 40 } }]);
      expect(await byId(41)).toEqual([{ id: 41, data: null }]);
      expect(await byId(99)).toEqual([]);
      const text = 'select id, data from t where id = $1 or ($2 = 0 and id is null)';
      expect((await kept()).filter((k) => k.toLowerCase() === text)).toHaveLength(1);
    });

    it("answers a failing call with PostgreSQL's error, and the next call as before", async () => {
      const ratio = (d: number) => rowsOf<{ r: number }>(sql`SELECT 10 / ${d}::int AS r`);
      expect(await ratio(5)).toEqual([{ r: 2 }]);
      const failure = await ratio(0).catch((err: Error & { cause?: Record<string, unknown> }) => err.cause);
      expect(failure).toMatchObject({ code: '22012' });
      expect(await ratio(2)).toEqual([{ r: 5 }]);
    });

    it('prepares a statement again when its table changed under it', async () => {
      await database.db.execute(sql`CREATE TABLE changing (id int)`);
      await database.db.execute(sql`INSERT INTO changing VALUES (1)`);
      const all = () => rowsOf<Record<string, unknown>>(sql`SELECT * FROM changing WHERE id > ${0}`);
      expect(await all()).toEqual([{ id: 1 }]);
      await database.db.execute(sql`ALTER TABLE changing ADD COLUMN name text DEFAULT 'uno'`);
      expect(await all()).toEqual([{ id: 1, name: 'uno' }]);
    });

    it('keeps at most 500, closing the least recently used, and still answers every statement', async () => {
      const first = () => rowsOf<{ n: number }>(sql`SELECT ${1}::int AS n`);
      expect(await first()).toEqual([{ n: 1 }]);
      for (let i = 0; i < 520; i++) {
        const [row] = await rowsOf<{ n: number }>(sql.raw(`SELECT ${i} + 1 AS n`));
        expect(row.n).toBe(i + 1);
      }
      const now = await kept();
      expect(now.length).toBeLessThanOrEqual(500);
      expect(now.some((k) => k.toLowerCase() === 'select $1::int as n')).toBe(false);
      expect(await first()).toEqual([{ n: 1 }]);
    }, 60_000);
  });

  it("decodes every kind of answer as PGlite's own query does (types, nulls, UTF-8, arrays, counts, both row modes)", async () => {
    // drizzle's parsers, which the thread takes as its own.
    const parsers = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, (v: string) => v]));
    const thread = new PgliteThread(null);
    const here = new PGlite({ parsers });
    try {
      await thread.waitReady;
      const setup = 'CREATE TABLE u (id serial PRIMARY KEY, name text, price numeric, at timestamptz DEFAULT now(), tags text[])';
      await thread.exec(setup);
      await here.exec(setup);
      const queries: [string, unknown[]][] = [
        [
          `SELECT 1::int2 AS a, 2::int4 AS b, 9007199254740993::int8 AS c, 1.5::float4 AS d, 2.5::float8 AS e, 12.34::numeric AS f, true AS g,
             $1::text AS h, NULL::text AS i, '2026-01-01'::date AS j, '{1,2}'::int4[] AS k, '{"a":"b"}'::jsonb AS l, '\\x00ff'::bytea AS m,
             ARRAY['x', NULL, 'y, z']::text[] AS n, ''::text AS o, 'a b'::varchar AS p, '2026-11-24 10:00:00+00'::timestamptz AS q,
             '{"2026-11-24 10:00:00+00"}'::timestamptz[] AS r, '1 day'::interval AS s`,
          ['ñandú 🏠 "casa"'],
        ],
        ['SELECT 1 AS one WHERE false', []],
        ["INSERT INTO u (name, price, tags) VALUES ($1, $2, '{a,b}'), ('dos', 2, NULL) RETURNING id, name, price, tags", ['uno', 1.25]],
        ['UPDATE u SET price = price * 2 WHERE price < $1', [100]],
        ['SELECT g AS n, repeat($1, g % 7) AS t FROM generate_series(1, 2000) g', ['á']],
        ['DELETE FROM u WHERE name = $1', ['dos']],
      ];
      for (const [text, params] of queries) {
        for (const rowMode of ['array', 'object'] as const) {
          const mine = await thread.query(text, params, { rowMode, parsers });
          const theirs = await here.query(text, params, { rowMode, parsers });
          expect({ rows: mine.rows, fields: mine.fields, affectedRows: mine.affectedRows }).toEqual({ rows: theirs.rows, fields: theirs.fields, affectedRows: theirs.affectedRows });
        }
        // Each kind ran twice, the second from its kept statement: the UPDATE doubled twice on both sides.
      }
      // Inside a transaction (PGlite's own query on the thread), the same values.
      const [typed, typedParams] = queries[0];
      const inside = await thread.transaction((tx) => tx.query(typed, typedParams, { rowMode: 'array', parsers }));
      expect(inside.rows).toEqual((await here.query(typed, typedParams, { rowMode: 'array', parsers })).rows);
    } finally {
      await thread.close();
      await here.close();
    }
  }, 60_000);

  it('answers nothing after close, with an error instead of a hang', async () => {
    const other = await openPglite(null);
    await other.close();
    const failure = await other.db.execute(sql`SELECT 1`).catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error & { cause?: Error }).cause?.message).toMatch(/PGlite terminó/);
  }, 60_000);
});

/**
 * The embedded PGlite, run on a worker thread (pglite-worker.mjs) and driven from here through
 * the part of PGlite's interface drizzle uses: `query`, `exec`, `transaction` and `close`.
 *
 * PGlite executes every statement on the thread that owns it. On the API's own thread it shared
 * one core with the HTTP work, so under load the API's thread was saturated while the machine's
 * second core idled (docs/decisions/0005, session 12). On its own thread the database's work
 * runs beside the HTTP work. Statements still run one at a time, in the order they arrive, and a
 * transaction still holds PGlite until it ends, as on the API's thread.
 *
 * Values cross the thread by structured clone. drizzle's only parsers are the identity for dates,
 * intervals and their arrays (kept as text); the thread's PGlite has them from the start.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { types, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/**
 * The types drizzle's PGlite driver keeps as text (its parsers are the identity for these): set
 * once on the thread's PGlite, which then takes no parsers per query. A query asking for others
 * is refused there rather than parsed differently.
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

/** The worker's answer to an error: an Error with PostgreSQL's fields (`code`, `detail`, …) as PGlite gave them. */
function asError(data: Record<string, unknown> & { message: string }): Error {
  const { message, name, ...fields } = data;
  const err = new Error(message);
  if (typeof name === 'string' && name !== 'Error') err.name = name;
  return Object.assign(err, fields);
}

export class PgliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  private nextId = 1;
  /** Set once the thread is gone: every later call fails with it. */
  private gone: Error | null = null;

  constructor(dataDir: string | null) {
    this.worker = new Worker(path.join(__dirname, 'pglite-worker.mjs'), { workerData: { dataDir, identity: DRIZZLE_TEXT_TYPES } });
    this.waitReady = new Promise((resolve, reject) => {
      const first = (message: { ready?: boolean; error?: Reply['error'] }) => {
        if (message.ready === undefined) return;
        this.worker.off('message', first);
        if (message.ready) resolve();
        else reject(asError(message.error ?? { message: 'PGlite no arrancó' }));
      };
      this.worker.on('message', first);
    });
    this.worker.on('message', (message: Reply) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(asError(message.error));
      else waiting.resolve(message.result);
    });
    this.worker.on('error', (err) => this.stop(err));
    this.worker.on('exit', (code) => this.stop(new Error(`PGlite terminó (código ${code})`)));
  }

  private stop(err: Error) {
    this.gone ??= err;
    for (const waiting of this.pending.values()) waiting.reject(this.gone);
    this.pending.clear();
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private queryIn<T>(tx: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    const identity = Object.keys(options.parsers ?? {}).map(Number);
    return this.call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', identity, tx });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ op: 'exec', sql });
  }

  /** BEGIN on the thread, `callback` with the transaction's connection, then COMMIT (or ROLLBACK when it throws). */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    let closed = false;
    const connection = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.queryIn<R>(tx, sql, params, options),
      exec: (sql: string) => this.call<Results[]>({ op: 'exec', sql, tx }),
      rollback: async () => {
        closed = true;
        await this.call({ op: 'end', tx, commit: false });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(connection);
    } catch (err) {
      if (!closed) await this.call({ op: 'end', tx, commit: false });
      throw err;
    }
    if (!closed) await this.call({ op: 'end', tx, commit: true });
    closed = true;
    return result;
  }

  async close(): Promise<void> {
    if (this.gone) return;
    await this.call({ op: 'close' });
    await this.worker.terminate();
  }

  /** Typed as the PGlite it stands for (drizzle's PGlite driver takes one). */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}

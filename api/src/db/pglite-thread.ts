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
 * A statement outside a transaction runs from a statement kept prepared on the thread, and its
 * answer comes back as PostgreSQL's bytes, decoded here (decodeAnswer): the thread only runs the
 * database. Other answers cross by structured clone. drizzle's only parsers are the identity for
 * dates, intervals and their arrays (kept as text); both ends have them from the start.
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
export const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

type Parsers = Record<number, (value: string, typeId?: number) => unknown>;

/**
 * The parsers the thread's PGlite has: its defaults, an array parser for every array type
 * (`arrays`: [element oid, array oid], as PGlite sets them when it starts), then drizzle's.
 */
function parsersOf(arrays: [number, number][]): Parsers {
  const identity = (value: string) => value;
  const parsers: Parsers = { ...(types.parsers as Parsers) };
  for (const [oid, typarray] of arrays) parsers[typarray] = (value: string) => types.arrayParser(value, parsers[oid], typarray);
  // drizzle's own last, as when it passes them with each query: its arrays of dates stay text too.
  for (const oid of DRIZZLE_TEXT_TYPES) parsers[oid] = identity;
  return parsers;
}

/** The worker's answer to an error: an Error with PostgreSQL's fields (`code`, `detail`, …) as PGlite gave them. */
function asError(data: Record<string, unknown> & { message: string }): Error {
  const { message, name, ...fields } = data;
  const err = new Error(message);
  if (typeof name === 'string' && name !== 'Error') err.name = name;
  return Object.assign(err, fields);
}

const utf8 = new TextDecoder();
const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
/** The commands whose tag's count PGlite adds to `affectedRows` (its parseResults). */
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * A kept statement's answer (pglite-worker.mjs: its columns' description, then PostgreSQL's
 * messages for one execution, errors already taken out) decoded into the result PGlite's `query`
 * gives. Each field is decoded straight from the answer's bytes: PGlite's own decoder copies every
 * field into a buffer of its own first, the costliest step of decoding a page of listings.
 */
export function decodeAnswer<T>(raw: Uint8Array, parsers: Parsers, rowMode: 'array' | 'object'): Results<T> {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const cstring = (from: number) => {
    const end = raw.indexOf(0, from);
    return { text: utf8.decode(raw.subarray(from, end)), next: end + 1 };
  };
  const result: Results<T> & { command?: string; rowCount?: number } = { rows: [], fields: [], affectedRows: 0 };
  for (let at = 0; at + 5 <= raw.length; ) {
    const type = raw[at];
    const end = at + 1 + view.getUint32(at + 1);
    let p = at + 5;
    if (type === ROW_DESCRIPTION) {
      const count = view.getInt16(p);
      p += 2;
      const fields = [];
      for (let i = 0; i < count; i++) {
        const name = cstring(p);
        // table oid (4), column (2), type oid (4), size (2), modifier (4), format (2)
        fields.push({ name: name.text, dataTypeID: view.getUint32(name.next + 6) });
        p = name.next + 18;
      }
      result.fields = fields;
    } else if (type === DATA_ROW) {
      const count = view.getInt16(p);
      p += 2;
      const values: unknown[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const length = view.getInt32(p);
        p += 4;
        if (length === -1) {
          values[i] = null;
        } else {
          values[i] = types.parseType(utf8.decode(raw.subarray(p, p + length)), result.fields[i].dataTypeID, parsers);
          p += length;
        }
      }
      result.rows.push((rowMode === 'array' ? values : Object.fromEntries(result.fields.map((f, i) => [f.name, values[i]]))) as T);
    } else if (type === COMMAND_COMPLETE) {
      const tag = cstring(p).text.split(' ');
      const count = parseInt(tag[tag.length - 1], 10);
      result.command = tag[0];
      if (AFFECTING.has(tag[0])) result.affectedRows = count;
      if (!Number.isNaN(count)) result.rowCount = count;
    }
    at = end;
  }
  return result;
}

export class PgliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  private nextId = 1;
  /** Set once the thread is gone: every later call fails with it. */
  private gone: Error | null = null;
  private parsers: Parsers = {};
  /** Time with at least one call outstanding, and since when the current such stretch runs (issue 45's metrics). */
  private busyTotalMs = 0;
  private busySince = 0;

  /** `from`: the data directory tarball an in-memory database starts as (openPglite). */
  constructor(dataDir: string | null, from?: string) {
    this.worker = new Worker(path.join(__dirname, 'pglite-worker.mjs'), { workerData: { dataDir, from, identity: DRIZZLE_TEXT_TYPES } });
    this.waitReady = new Promise((resolve, reject) => {
      const first = (message: { ready?: boolean; arrays?: [number, number][]; error?: Reply['error'] }) => {
        if (message.ready === undefined) return;
        this.worker.off('message', first);
        this.parsers = parsersOf(message.arrays ?? []);
        if (message.ready) resolve();
        else reject(asError(message.error ?? { message: 'PGlite no arrancó' }));
      };
      this.worker.on('message', first);
    });
    this.worker.on('message', (message: Reply) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.busyTotalMs += performance.now() - this.busySince;
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
    if (this.pending.size === 0) this.busySince = performance.now();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private async queryIn<T>(tx: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    const identity = Object.keys(options.parsers ?? {}).map(Number);
    const rowMode = options.rowMode ?? 'object';
    const result = await this.call<Results<T> | { raw: Uint8Array }>({ op: 'query', sql, params, rowMode, identity, tx });
    return 'raw' in result ? this.decode<T>(result.raw, rowMode) : result;
  }

  private decode<T>(raw: Uint8Array, rowMode: 'array' | 'object'): Results<T> {
    return decodeAnswer<T>(raw, this.parsers, rowMode);
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

  /** Milliseconds the thread has had work since it started (a stretch under way counts up to now). */
  get busyMs(): number {
    return this.busyTotalMs + (this.pending.size ? performance.now() - this.busySince : 0);
  }

  /** Typed as the PGlite it stands for (drizzle's PGlite driver takes one). */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}

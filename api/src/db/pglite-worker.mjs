// @ts-check
/**
 * The embedded PGlite on a thread of its own (pglite-thread.ts is the other end). PGlite runs
 * every statement on the thread that owns it; on the API's thread a search's statements took the
 * CPU the HTTP work, JSON and the cache needed, so the API used one core of two. Here they run
 * beside it.
 *
 * Plain JavaScript: a worker is started by Node itself, outside tsx and jest, so it is not compiled.
 *
 * workerData: { dataDir, from, identity } (from: a data directory tarball an in-memory database
 * starts as; identity: the type oids drizzle parses as text).
 * Messages in: { id, op: 'query', sql, params, rowMode, identity, tx? }, { id, op: 'exec', sql, tx? },
 * { id, op: 'begin' }, { id, op: 'end', tx, commit }, { id, op: 'close' }.
 * Out: { ready, arrays } or { ready: false, error } once; then { id, result } or { id, error } per
 * message. A query outside a transaction answers { raw }: PostgreSQL's bytes (see `prepared`).
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

/**
 * What the API's thread sends (pglite-thread.ts).
 * @typedef {{ id: number, op: 'query', sql: string, params?: unknown[], rowMode?: import('@electric-sql/pglite').RowMode, identity?: number[], tx?: number }
 *   | { id: number, op: 'exec', sql: string, tx?: number }
 *   | { id: number, op: 'begin' }
 *   | { id: number, op: 'end', tx: number, commit: boolean }
 *   | { id: number, op: 'close' }} Message
 * @typedef {{ name: string, types: number[], rowDescription: Uint8Array }} KeptStatement
 * @typedef {[type: string, start: number, end: number]} Frame
 * @typedef {{ resolve: (value?: unknown) => void, reject: (err: unknown) => void }} Ending
 * @typedef {{ connection: import('@electric-sql/pglite').Transaction, commit: (value?: unknown) => void, rollback: (err: unknown) => void, ended?: Ending }} OpenTransaction
 */

/** This file runs only as pglite-thread.ts's worker, so its port is there. */
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** @param {unknown} value */
const identity = (value) => value;
/**
 * drizzle's parsers (the identity for dates, intervals and their arrays, by type oid) set once
 * here: a query that passes the same set passes none, as PGlite merges a query's parsers into its
 * own for every query (a copy of some hundred entries each time).
 */
const defaultIdentity = new Set(workerData.identity);
const parsers = Object.fromEntries([...defaultIdentity].map((oid) => [oid, identity]));
const pg = workerData.dataDir
  ? new PGlite(workerData.dataDir, { parsers })
  : new PGlite({ parsers, ...(workerData.from ? { loadDataDir: new Blob([fs.readFileSync(workerData.from)]) } : {}) });
/**
 * Statements kept prepared on the thread's PGlite, by their text (a drizzle statement's text is
 * the same for every call of one shape; its values are parameters). PGlite's own `query` parses,
 * describes, binds, describes again, executes and syncs in six calls into WebAssembly, parsing and
 * analysing the text every time, then decodes every field of the answer here. A kept statement
 * is bound and executed in one call, and its answer goes back as PostgreSQL's bytes, decoded on
 * the API's thread (pglite-thread.ts), which has time to spare: this thread only runs the
 * database. Each call is still planned for its own values (plan_cache_mode below), so a search
 * is planned as before. The least recently used are closed beyond PREPARED_MAX.
 */
const PREPARED_MAX = 500;
/** @type {Map<string, KeptStatement>} */
const prepared = new Map();
let nextStatement = 1;
const { serialize, Parser } = protocol;

/** @param {Uint8Array[]} parts */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The backend's messages in `bytes`, each as [type letter, start, end] (no field decoded).
 * @param {Uint8Array} bytes
 */
function framesOf(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** @type {Frame[]} */
  const frames = [];
  for (let at = 0; at + 5 <= bytes.length; ) {
    const end = at + 1 + view.getUint32(at + 1);
    frames.push([String.fromCharCode(bytes[at]), at, end]);
    at = end;
  }
  return frames;
}

/**
 * Throws PostgreSQL's error when `bytes` holds one (decoded as PGlite decodes it).
 * @param {Uint8Array} bytes
 * @param {Frame[]} frames
 */
function throwIfError(bytes, frames) {
  const error = frames.find(([type]) => type === 'E');
  if (!error) return;
  let found;
  new Parser().parse(bytes.subarray(error[1], error[2]), (message) => (found = message));
  throw found;
}

/**
 * Runs protocol messages on PGlite and returns its answer's bytes, after `head` (PGlite's lock
 * held): one buffer, copied once out of PGlite's memory.
 * @param {Uint8Array[]} parts
 * @param {Uint8Array} [head]
 */
async function run(parts, syncToFs = true, head = new Uint8Array(0)) {
  // The streaming call hands the answer over as it is written, without decoding it (PGlite's
  // execProtocolRaw decodes every field too).
  const chunks = [head];
  await pg.execProtocolRawStream(concat([...parts, serialize.sync()]), { syncToFs, onRawData: (chunk) => chunks.push(chunk.slice()) });
  const bytes = chunks.length === 2 && head.length === 0 ? chunks[1] : concat(chunks);
  const frames = framesOf(bytes);
  throwIfError(bytes, frames);
  return { bytes, frames };
}

/**
 * The kept statement of `text`, prepared now if it is not yet (PGlite's lock held).
 * @param {string} text
 * @returns {Promise<KeptStatement>}
 */
async function statementOf(text) {
  const known = prepared.get(text);
  if (known) {
    prepared.delete(text);
    prepared.set(text, known);
    return known;
  }
  if (prepared.size >= PREPARED_MAX) {
    const [oldText, old] = /** @type {[string, KeptStatement]} */ (prepared.entries().next().value);
    prepared.delete(oldText);
    await run([serialize.close({ type: 'S', name: old.name })], false);
  }
  const name = `k${nextStatement++}`;
  const { bytes, frames } = await run([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })], false);
  /** @type {Parameters<typeof parse.parseDescribeStatementResults>[0]} */
  const described = [];
  new Parser().parse(bytes, (message) => described.push(message));
  const columns = frames.find(([type]) => type === 'T');
  const statement = {
    name,
    types: parse.parseDescribeStatementResults(described),
    // The result's columns as Describe gives them, put before every later execution's rows.
    rowDescription: columns ? bytes.slice(columns[1], columns[2]) : new Uint8Array(0),
  };
  prepared.set(text, statement);
  return statement;
}

/** "cached plan must not change result type" (0A000), "prepared statement does not exist" (26000). */
const STALE = new Set(['0A000', '26000']);

/**
 * Closes the kept statement of `text`, if any.
 * @param {string} text
 */
function forget(text) {
  const statement = prepared.get(text);
  if (!statement) return Promise.resolve();
  prepared.delete(text);
  return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run([serialize.close({ type: 'S', name: statement.name })], false)));
}

/**
 * A statement outside any transaction, run through its kept statement (see `prepared`): its
 * answer's bytes, the columns' description first.
 * @param {string} text
 * @param {unknown[]} params
 */
function keptQuery(text, params) {
  // PGlite's own locks, as its `query` takes them: after any open transaction, then alone.
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      const statement = await statementOf(text);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = pg.serializers[statement.types[i]];
        return serializer ? serializer(param) : param.toString();
      });
      const { bytes } = await run([serialize.bind({ statement: statement.name, values }), serialize.execute({})], true, statement.rowDescription);
      return bytes;
    }),
  );
}

/**
 * Open transactions by id: the transaction's own connection, and how to end it.
 * @type {Map<number, OpenTransaction>}
 */
const transactions = new Map();
let nextTx = 1;

/** An error as data (structured clone keeps only some errors' fields): message, name and every own field, such as PostgreSQL's `code`. */
/** @param {unknown} err */
function errorData(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  /** @type {Record<string, unknown> & { message: string }} */
  const data = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function') continue;
    data[key] = typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value;
  }
  return data;
}

/** @param {number | undefined} tx */
function connection(tx) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error(`la transacción ${tx} ya terminó`);
  return open.connection;
}

/** BEGIN: PGlite's transaction runs until `end` settles the promise its callback returned. */
function begin() {
  const tx = nextTx++;
  return new Promise((started, failed) => {
    pg.transaction(
      (connection) =>
        new Promise((commit, rollback) => {
          transactions.set(tx, { connection, commit, rollback });
          started(tx);
        }),
    )
      .then(() => transactions.get(tx)?.ended?.resolve())
      .catch((err) => {
        const open = transactions.get(tx);
        // A transaction that could not start fails `begin`; one that fails to commit fails `end`.
        if (open?.ended) open.ended.reject(err);
        else failed(err);
      })
      .finally(() => transactions.delete(tx));
  });
}

/**
 * @param {number} tx
 * @param {boolean} commit
 */
function end(tx, commit) {
  const open = transactions.get(tx);
  if (!open) throw new Error(`la transacción ${tx} ya terminó`);
  return new Promise((resolve, reject) => {
    open.ended = { resolve, reject };
    if (commit) open.commit();
    // Rolled back by PGlite when the callback's promise rejects; the rejection is this one, not an error to report.
    else open.rollback(Object.assign(new Error('rollback'), { rolledBack: true }));
  }).catch((err) => {
    if (!err?.rolledBack) throw err;
  });
}

/** @param {Message} message */
async function handle(message) {
  switch (message.op) {
    case 'query': {
      const asked = message.identity ?? [];
      if (asked.length !== defaultIdentity.size || !asked.every((oid) => defaultIdentity.has(oid))) {
        throw new Error(`parsers distintos de los de drizzle (${asked.join(', ')}): no admitidos en el hilo de PGlite`);
      }
      if (message.tx === undefined) {
        const bytes = await keptQuery(message.sql, message.params ?? []).catch((err) => {
          // A table changed under a kept statement (its result's columns, or the statement is
          // gone): prepared again from its text, once.
          if (!STALE.has(err?.code)) throw err;
          return forget(message.sql).then(() => keptQuery(message.sql, message.params ?? []));
        });
        return { raw: bytes };
      }
      const result = await connection(message.tx).query(message.sql, message.params, { rowMode: message.rowMode });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await connection(message.tx).exec(message.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'close':
      await pg.close();
      return null;
    default:
      // a message of another version of pglite-thread.ts
      throw new Error(`operación desconocida: ${/** @type {{ op: unknown }} */ (message).op}`);
  }
}

port.on('message', (/** @type {Message} */ message) => {
  handle(message).then(
    (result) => {
      // An answer's bytes are handed over, not copied.
      port.postMessage({ id: message.id, result }, typeof result === 'object' && result !== null && 'raw' in result ? [result.raw.buffer] : []);
      if (message.op === 'close') port.close();
    },
    (err) => port.postMessage({ id: message.id, error: errorData(err) }),
  );
});

/** The array types, element by array (PGlite's own query at start): the API's thread decodes answers with the same parsers. */
const ARRAY_TYPES = `SELECT b.oid, b.typarray FROM pg_catalog.pg_type a LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
  WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray ORDER BY b.oid`;

pg.waitReady
  // Every call of a kept statement planned for its own values, as an unnamed statement is: a
  // generic plan would search with average selectivities (a price range's index chosen blind).
  .then(() => pg.exec('SET plan_cache_mode = force_custom_plan'))
  // PGlite's start gave every array type a parser, drizzle's arrays of dates included: drizzle's
  // identities again, as a query passing them would have them.
  .then(() => Object.assign(pg.parsers, parsers))
  .then(() => pg.query(ARRAY_TYPES, [], { rowMode: 'array' }))
  .then(
    (arrays) => port.postMessage({ ready: true, arrays: arrays.rows }),
    (err) => port.postMessage({ ready: false, error: errorData(err) }),
  );

/**
 * The embedded PGlite on a thread of its own (pglite-thread.ts is the other end). PGlite runs
 * every statement on the thread that owns it; on the API's thread a search's statements took the
 * CPU the HTTP work, JSON and the cache needed, so the API used one core of two. Here they run
 * beside it.
 *
 * Plain JavaScript: a worker is started by Node itself, outside tsx and jest, so it is not compiled.
 *
 * workerData: { dataDir, identity } (identity: the type oids drizzle parses as text).
 * Messages in: { id, op: 'query', sql, params, rowMode, identity, tx? }, { id, op: 'exec', sql, tx? },
 * { id, op: 'begin' }, { id, op: 'end', tx, commit }, { id, op: 'close' }.
 * Out: { ready } or { ready: false, error } once; then { id, result } or { id, error } per message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const identity = (value) => value;
/**
 * drizzle's parsers (the identity for dates, intervals and their arrays, by type oid) set once
 * here: a query that passes the same set passes none, as PGlite merges a query's parsers into its
 * own for every query (a copy of some hundred entries each time).
 */
const defaultIdentity = new Set(workerData.identity);
const parsers = Object.fromEntries([...defaultIdentity].map((oid) => [oid, identity]));
const pg = workerData.dataDir ? new PGlite(workerData.dataDir, { parsers }) : new PGlite({ parsers });
/** Open transactions by id: the transaction's own connection, and how to end it. */
const transactions = new Map();
let nextTx = 1;

/** An error as data (structured clone keeps only some errors' fields): message, name and every own field, such as PostgreSQL's `code`. */
function errorData(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const data = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function') continue;
    data[key] = typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value;
  }
  return data;
}

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
      .then(() => transactions.get(tx)?.ended.resolve())
      .catch((err) => {
        const open = transactions.get(tx);
        // A transaction that could not start fails `begin`; one that fails to commit fails `end`.
        if (open?.ended) open.ended.reject(err);
        else failed(err);
      })
      .finally(() => transactions.delete(tx));
  });
}

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

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const asked = message.identity ?? [];
      if (asked.length !== defaultIdentity.size || !asked.every((oid) => defaultIdentity.has(oid))) {
        throw new Error(`parsers distintos de los de drizzle (${asked.join(', ')}): no admitidos en el hilo de PGlite`);
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
      throw new Error(`operación desconocida: ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => {
      parentPort.postMessage({ id: message.id, result });
      if (message.op === 'close') parentPort.close();
    },
    (err) => parentPort.postMessage({ id: message.id, error: errorData(err) }),
  );
});

pg.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: errorData(err) }),
);

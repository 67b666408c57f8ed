// @ts-check
/**
 * Where the remote registry and the published remote versions live (issue 45; decisions 0029, 0034).
 * The same names in two places:
 *   registry.json             remote name -> { entry, serverEntry } (what the site serves and renders with)
 *   registry-history.json     per remote folder, the versions it was switched away from (rollback)
 *   remotes/<app>/<version>/  a published build (browser files, server/ the renderer's Node build)
 * - a directory, `REMOTES_DIR` (default `DATA_DIR`): the embedded default, and a shared volume;
 * - an S3-compatible bucket, `REMOTES_S3_BUCKET` (+ the other `REMOTES_S3_*`): every name above under
 *   the key prefix `remotes/` (so the bucket may be the photos' one: their sweep touches `photos/` only).
 *
 * `npm run remote` (scripts/remotes.ts) writes through this module; the site server reads the
 * registry through live-registry.mjs. A version's folder appears whole or not at all: on disk it is
 * renamed into place, in the bucket `version.json` is written last and a version without it does
 * not exist. Versions never change once published (their name holds their content's hash).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** The AWS SDK, loaded only when a bucket is configured: the embedded default never loads it. */
const loadSdk = () => import('@aws-sdk/client-s3');

/**
 * @typedef {{ bucket: string, region: string, endpoint?: string, forcePathStyle: boolean, credentials?: { accessKeyId: string, secretAccessKey: string } }} S3Options
 * @typedef {{ kind: 'dir', dir: string } | { kind: 's3', s3: S3Options, pollMs: number, cacheDir: string }} RemoteStoreSettings
 * @typedef {import('@aws-sdk/client-s3').S3Client} S3Client
 */

export const REGISTRY = 'registry.json';
export const HISTORY = 'registry-history.json';
/** The key prefix of everything in the bucket. */
const PREFIX = 'remotes/';
/** The marker of a complete version, written last. */
const VERSION_FILE = 'version.json';
/** A remote folder or a version: what `npm run remote` names them (no dots first, no slashes). */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$/;
export const isSafeName = (/** @type {string} */ name) => SAFE_NAME.test(name) && !name.includes('..');

/**
 * The store's settings from the environment; a bad value throws with the variable's name.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} root  the repository (relative directories are read from it)
 * @param {string} dataDir
 * @returns {RemoteStoreSettings}
 */
export function remoteStoreSettings(env, root, dataDir) {
  const bucket = env.REMOTES_S3_BUCKET ?? '';
  const others = ['REMOTES_S3_ENDPOINT', 'REMOTES_S3_REGION', 'REMOTES_S3_ACCESS_KEY_ID', 'REMOTES_S3_SECRET_ACCESS_KEY'].filter((name) => (env[name] ?? '') !== '');
  if (bucket === '') {
    if (others.length) throw new Error(`REMOTES_S3_BUCKET: obligatorio cuando se define ${others.join(', ')}`);
    return { kind: 'dir', dir: path.resolve(root, env.REMOTES_DIR || dataDir) };
  }
  if (env.REMOTES_DIR) throw new Error('REMOTES_DIR y REMOTES_S3_BUCKET: el registro de remotes está en un directorio o en un bucket, no en los dos');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`REMOTES_S3_BUCKET: nombre de bucket S3 no válido (3-63 minúsculas, dígitos, "." o "-"), no "${bucket}"`);
  const endpoint = env.REMOTES_S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error(`REMOTES_S3_ENDPOINT debe ser una URL http(s), no "${endpoint}"`);
  const keyId = env.REMOTES_S3_ACCESS_KEY_ID || undefined;
  const secret = env.REMOTES_S3_SECRET_ACCESS_KEY || undefined;
  if (!keyId !== !secret) throw new Error('REMOTES_S3_ACCESS_KEY_ID y REMOTES_S3_SECRET_ACCESS_KEY: se definen las dos o ninguna (sin ellas, la cadena de credenciales de AWS)');
  const pathStyle = env.REMOTES_S3_FORCE_PATH_STYLE ?? '';
  if (!['', 'true', 'false', '1', '0', 'yes', 'no'].includes(pathStyle)) throw new Error(`REMOTES_S3_FORCE_PATH_STYLE debe ser true o false, no "${pathStyle}"`);
  const poll = env.REMOTES_POLL_MS ?? '';
  const pollMs = poll === '' ? 1000 : Number(poll);
  if (!Number.isInteger(pollMs) || pollMs < 100 || pollMs > 60_000) throw new Error(`REMOTES_POLL_MS debe ser un entero entre 100 y 60000 (ms), no "${poll}"`);
  return {
    kind: 's3',
    s3: {
      bucket,
      endpoint,
      region: env.REMOTES_S3_REGION || 'us-east-1',
      forcePathStyle: ['true', '1', 'yes'].includes(pathStyle),
      credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    },
    pollMs,
    // this site server's copy of the versions it serves (the renderer loads server builds from disk)
    cacheDir: path.join(dataDir, 'remotes-cache'),
  };
}

/** @param {S3Options} o @returns {Promise<S3Client>} */
export async function s3ClientOf(o) {
  const { S3Client } = await loadSdk();
  return new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle,
    credentials: o.credentials,
    // a stalled object store fails a poll or a download within seconds, and the next poll retries
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
    // a file streamed with a checksum goes as `aws-chunked` with a trailer, which several
    // S3-compatible servers (s3rver, older MinIO) store as is; the build's hash names the version
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}

/** The status of an S3 error (the SDK's S3ServiceException), if it is one. @param {unknown} err */
export const s3Status = (err) => (err instanceof Error ? /** @type {{ $metadata?: { httpStatusCode?: number } }} */ (err).$metadata?.httpStatusCode : undefined);
/** @param {unknown} err */
export const isNotFound = (err) => err instanceof Error && (s3Status(err) === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

/** @param {string} dir @returns {string[]} every file under dir, relative, with '/' */
function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'));
}

/**
 * Runs `work` on each item, `limit` at a time.
 * @template T @param {T[]} items @param {number} limit @param {(item: T) => Promise<void>} work
 */
async function eachLimited(items, limit, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Downloads a published version from the bucket into `target` (whole, or not at all). False when
 * the bucket has no complete version by that name.
 * @param {S3Client} client @param {string} bucket @param {string} app @param {string} version @param {string} target
 */
export async function downloadVersion(client, bucket, app, version, target) {
  if (!isSafeName(app) || !isSafeName(version)) return false;
  const { GetObjectCommand, paginateListObjectsV2 } = await loadSdk();
  const prefix = `${PREFIX}${app}/${version}/`;
  /** @type {string[]} */
  const keys = [];
  for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key.slice(prefix.length));
  }
  if (!keys.includes(VERSION_FILE)) return false;
  const tmp = `${target}.tmp-${process.pid}-${Date.now()}`;
  try {
    await eachLimited(keys, 8, async (rel) => {
      const file = path.resolve(tmp, rel);
      // a key with `..` in it never leaves the version's folder
      if (!file.startsWith(tmp + path.sep)) return;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + rel }));
      await pipeline(/** @type {NodeJS.ReadableStream} */ (res.Body), fs.createWriteStream(file));
    });
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.renameSync(tmp, target);
    } catch (err) {
      // another download of the same version won the rename: its copy is the same files
      if (!fs.existsSync(target)) throw err;
    }
    return true;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * What `npm run remote` needs from a store. `localVersion` is a directory holding the version's
 * files (the bucket's are downloaded to a temporary one) for the contract check.
 * @typedef {{
 *   where: string,
 *   readJson: <T>(name: string, fallback: T) => Promise<T>,
 *   writeJson: (name: string, value: unknown) => Promise<void>,
 *   versions: (app: string) => Promise<string[]>,
 *   hasVersion: (app: string, version: string) => Promise<boolean>,
 *   putVersion: (app: string, version: string, dist: string, info: unknown) => Promise<void>,
 *   localVersion: (app: string, version: string) => Promise<string | null>,
 *   close: () => void,
 * }} RemoteStore
 */

/** @param {string} dir @returns {RemoteStore} */
function dirStore(dir) {
  const remotesDir = path.join(dir, 'remotes');
  const versionDir = (/** @type {string} */ app, /** @type {string} */ version) => (isSafeName(app) && isSafeName(version) ? path.join(remotesDir, app, version) : null);
  return {
    where: dir,
    async readJson(name, fallback) {
      const file = path.join(dir, name);
      return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : fallback;
    },
    async writeJson(name, value) {
      const file = path.join(dir, name);
      fs.mkdirSync(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(value, null, 2) + '\n');
      fs.renameSync(tmp, file); // atomic: a site server never reads half a registry
    },
    async versions(app) {
      const d = path.join(remotesDir, app);
      return fs.existsSync(d) ? fs.readdirSync(d).filter((v) => !v.includes('.tmp-')) : [];
    },
    async hasVersion(app, version) {
      const d = versionDir(app, version);
      return d !== null && fs.existsSync(path.join(d, 'remoteEntry.js'));
    },
    async putVersion(app, version, dist, info) {
      const target = versionDir(app, version);
      if (!target || fs.existsSync(target)) return;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const tmp = `${target}.tmp-${process.pid}`;
      fs.cpSync(dist, tmp, { recursive: true });
      fs.writeFileSync(path.join(tmp, VERSION_FILE), JSON.stringify(info, null, 2));
      fs.renameSync(tmp, target);
    },
    async localVersion(app, version) {
      return (await this.hasVersion(app, version)) ? versionDir(app, version) : null;
    },
    close() {},
  };
}

/** @param {S3Options} o @param {string} scratch a directory for downloaded versions @returns {Promise<RemoteStore>} */
async function bucketStore(o, scratch) {
  const { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } = await loadSdk();
  const client = await s3ClientOf(o);
  const Bucket = o.bucket;
  /** @type {RemoteStore} */
  const store = {
    where: `s3://${Bucket}/${PREFIX}`,
    async readJson(name, fallback) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: PREFIX + name }));
        return JSON.parse(await /** @type {{ transformToString(): Promise<string> }} */ (res.Body).transformToString());
      } catch (err) {
        if (isNotFound(err)) return fallback;
        throw err;
      }
    },
    async writeJson(name, value) {
      // one PUT: readers see the old object or the new one whole
      await client.send(new PutObjectCommand({ Bucket, Key: PREFIX + name, Body: JSON.stringify(value, null, 2) + '\n', ContentType: 'application/json; charset=utf-8', CacheControl: 'no-store' }));
    },
    async versions(app) {
      const res = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${PREFIX}${app}/`, Delimiter: '/' }));
      const names = (res.CommonPrefixes ?? []).map((p) => (p.Prefix ?? '').slice(`${PREFIX}${app}/`.length, -1)).filter(isSafeName);
      const complete = await Promise.all(names.map((v) => store.hasVersion(app, v)));
      return names.filter((_, i) => complete[i]);
    },
    async hasVersion(app, version) {
      if (!isSafeName(app) || !isSafeName(version)) return false;
      const res = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${PREFIX}${app}/${version}/${VERSION_FILE}`, MaxKeys: 1 }));
      return (res.KeyCount ?? 0) > 0;
    },
    async putVersion(app, version, dist, info) {
      if (!isSafeName(app) || !isSafeName(version) || (await store.hasVersion(app, version))) return;
      const prefix = `${PREFIX}${app}/${version}/`;
      await eachLimited(filesUnder(dist), 8, async (rel) => {
        const file = path.join(dist, rel);
        await client.send(new PutObjectCommand({ Bucket, Key: prefix + rel, Body: fs.createReadStream(file), ContentLength: fs.statSync(file).size }));
      });
      // last: until it is there, the version does not exist for the site servers
      await client.send(new PutObjectCommand({ Bucket, Key: prefix + VERSION_FILE, Body: JSON.stringify(info, null, 2), ContentType: 'application/json; charset=utf-8' }));
    },
    async localVersion(app, version) {
      const target = path.join(scratch, app, version);
      if (fs.existsSync(target)) return target;
      return (await downloadVersion(client, Bucket, app, version, target)) ? target : null;
    },
    close() {
      client.destroy();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
  return store;
}

/**
 * @param {RemoteStoreSettings} settings
 * @param {string} scratch where a bucket's versions are downloaded for a check (removed by close)
 * @returns {Promise<RemoteStore>}
 */
export async function createRemoteStore(settings, scratch) {
  return settings.kind === 'dir' ? dirStore(settings.dir) : bucketStore(settings.s3, scratch);
}

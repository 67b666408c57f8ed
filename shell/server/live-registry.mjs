// @ts-check
/**
 * The site server's view of the remote registry (issue 45; decision 0034), from either store of
 * remote-store.mjs:
 * - a directory (REMOTES_DIR, default DATA_DIR): registry.json read on every request, versions
 *   served from the directory, as before. Nothing to start or stop.
 * - a bucket (REMOTES_S3_BUCKET): registry.json polled every REMOTES_POLL_MS with If-None-Match
 *   (an unchanged registry is a 304 without a body). A new registry is applied only once every
 *   version it names is copied to this server's DATA_DIR/remotes-cache (the renderer `require`s a
 *   server build from disk), so a switch is whole on each server: browser and server builds
 *   together, never a registry naming files this server lacks. A request for a version this
 *   server has not copied (a browser still on the previous one) copies it on demand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REGISTRY, downloadVersion, isNotFound, isSafeName, s3ClientOf, s3Status } from './remote-store.mjs';

/**
 * @typedef {import('./remote-store.mjs').RemoteStoreSettings} RemoteStoreSettings
 * @typedef {Record<string, unknown>} RegistryFile  what registry.json holds (entries are checked by the site server)
 * @typedef {{
 *   current: () => RegistryFile,
 *   versionsDir: string,
 *   fetchVersion: ((app: string, version: string) => Promise<boolean>) | null,
 *   loaded: () => boolean,
 *   whenLoaded: (ms: number) => Promise<boolean>,
 *   close: () => void,
 * }} LiveRegistry
 */

const ABSENT_MS = 10_000;
const ABSENT_MAX = 1_000;

/** `/remotes/<app>/v/<version>/…` -> [app, version] @param {unknown} url */
function versionOf(url) {
  const m = typeof url === 'string' ? /^\/remotes\/([^/]+)\/v\/([^/]+)\//.exec(url) : null;
  return m && isSafeName(m[1]) && isSafeName(m[2]) ? [m[1], m[2]] : null;
}

/** @param {string} file @returns {RegistryFile} */
function readFileRegistry(file) {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * @param {RemoteStoreSettings} settings
 * @param {{ log: import('pino').Logger }} deps
 * @returns {LiveRegistry}
 */
export function createLiveRegistry(settings, { log }) {
  if (settings.kind === 'dir') {
    const file = path.join(settings.dir, REGISTRY);
    return {
      current: () => readFileRegistry(file),
      versionsDir: path.join(settings.dir, 'remotes'),
      fetchVersion: null,
      loaded: () => true,
      whenLoaded: async () => true,
      close() {},
    };
  }

  const { s3, pollMs, cacheDir } = settings;
  // the SDK is loaded with the first poll (remote-store.mjs loads it only for a bucket)
  const client = s3ClientOf(s3);
  const sdk = import('@aws-sdk/client-s3');
  /** @type {RegistryFile} */
  let registry = {};
  /** @type {string | undefined} */
  let etag;
  let isLoaded = false;
  let closed = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {(() => void)[]} */
  let waiting = [];
  /** @type {Map<string, Promise<boolean>>} one download per version at a time */
  const downloads = new Map();
  /**
   * Versions the bucket did not hold whole, until when: a client asking for made-up versions
   * costs one bucket listing per name per ABSENT_MS, not one per request. Bounded.
   * @type {Map<string, number>}
   */
  const absent = new Map();

  /**
   * @param {string} app @param {string} version
   * @param {{ recheck?: boolean }} [opts] the poll asks the bucket again, even about a version found absent a moment ago
   */
  function fetchVersion(app, version, { recheck = false } = {}) {
    if (!isSafeName(app) || !isSafeName(version)) return Promise.resolve(false);
    const target = path.join(cacheDir, app, version);
    if (fs.existsSync(target)) return Promise.resolve(true);
    const key = `${app}/${version}`;
    if (!recheck && (absent.get(key) ?? 0) > Date.now()) return Promise.resolve(false);
    let running = downloads.get(key);
    if (!running) {
      running = client
        .then((c) => downloadVersion(c, s3.bucket, app, version, target))
        .then((found) => {
          if (!found) {
            if (absent.size >= ABSENT_MAX) absent.clear();
            absent.set(key, Date.now() + ABSENT_MS);
          }
          return found;
        })
        .finally(() => downloads.delete(key));
      downloads.set(key, running);
    }
    return running;
  }

  async function refresh() {
    /** @type {RegistryFile} */
    let next;
    /** @type {string | undefined} */
    let nextEtag;
    try {
      const { GetObjectCommand } = await sdk;
      const res = await (await client).send(new GetObjectCommand({ Bucket: s3.bucket, Key: `remotes/${REGISTRY}`, IfNoneMatch: etag }));
      nextEtag = res.ETag;
      const value = JSON.parse(await /** @type {{ transformToString(): Promise<string> }} */ (res.Body).transformToString());
      next = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
    } catch (err) {
      if (s3Status(err) === 304) return;
      if (!isNotFound(err)) throw err;
      // no registry yet: every remote from its local build, as with an empty directory
      next = {};
      nextEtag = undefined;
    }
    // every version the new registry names must be here before it is applied
    const needed = Object.values(next).flatMap((e) => [typeof e === 'string' ? e : /** @type {{ entry?: unknown }} */ (e)?.entry]).map(versionOf).filter((v) => v !== null);
    const copied = await Promise.all(needed.map(([app, version]) => fetchVersion(app, version, { recheck: true })));
    const missing = needed.filter((_, i) => !copied[i]).map((v) => v.join(' '));
    if (missing.length) throw new Error(`el registro nombra versiones que el bucket no tiene completas: ${missing.join(', ')}`);
    const changed = isLoaded && JSON.stringify(next) !== JSON.stringify(registry);
    registry = next;
    etag = nextEtag;
    if (changed) log.info({ registry: next }, '[remotes] registro cambiado');
    if (!isLoaded) {
      isLoaded = true;
      for (const resolve of waiting) resolve();
      waiting = [];
    }
  }

  async function poll() {
    try {
      await refresh();
    } catch (err) {
      // the registry in use stays; the next poll tries again
      log.error({ err: { message: err instanceof Error ? err.message : String(err) } }, '[remotes] no se pudo leer el registro del bucket');
    }
    if (!closed) {
      timer = setTimeout(poll, pollMs);
      timer.unref();
    }
  }
  void poll();

  return {
    current: () => registry,
    versionsDir: cacheDir,
    fetchVersion,
    loaded: () => isLoaded,
    whenLoaded(ms) {
      if (isLoaded) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(t);
          resolve(true);
        };
        // a request given up on leaves nothing behind (the bucket may stay unreachable for long)
        const t = setTimeout(() => {
          waiting = waiting.filter((w) => w !== done);
          resolve(isLoaded);
        }, ms);
        waiting.push(done);
      });
    },
    close() {
      closed = true;
      clearTimeout(timer);
      void client.then((c) => c.destroy());
    },
  };
}

#!/usr/bin/env node
// @ts-check
/**
 * `npm run backup -- <dir>` / `npm run restore -- <dir>`: the portal's data, consistently.
 *
 * Embedded database (DATABASE_URL unset): copies DATA_DIR/pglite and the JWT secret as files, and
 * the photos through the API's photo storage (api/src/photos/storage.ts, the one door to photos:
 * only keys it stores are copied, each streamed and written atomically). The photos come from
 * where the API keeps them: DATA_DIR/photos, or the bucket of PHOTOS_S3_* (issue 45, decision
 * 0027); a backup holds them as files in <dir>/photos either way, and a restore puts them back
 * where the API keeps them now. Stop-the-world: refuses while an API owns DATA_DIR (its live pid in DATA_DIR/api.pid),
 * because copying PGlite's files under a running process could catch a half-written page.
 * PostgreSQL (DATABASE_URL set): pg_dump / pg_restore (custom format) plus the photos.
 * A restore keeps what it replaces under DATA_DIR/pre-restore-<time>/ until you delete it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

/** @typedef {import('../api/src/photos/storage.js').PhotoStorage} PhotoStorage */
/** @type {typeof import('../api/src/photos/storage.js')} */
const { dataDirPhotoStorage } = await tsImport('../api/src/photos/storage.ts', import.meta.url);
/** @type {typeof import('../api/src/photos/photo-config.js')} */
const { photoSettingsFromEnv, photoStorageOf } = await tsImport('../api/src/photos/photo-config.ts', import.meta.url);

const [command, target] = process.argv.slice(2);
const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || '';
/** What is copied as files; the photos go through their storage (copyPhotos). */
const PARTS = databaseUrl ? ['jwt-secret'] : ['pglite', 'jwt-secret'];
/** Where the API keeps its photos (the bucket of PHOTOS_S3_*, else DATA_DIR/photos); null until main() reads it. */
/** @type {PhotoStorage | null} */
let livePhotos = null;

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`${command ?? 'backup'}: ${message}`);
  process.exit(1);
}

/** The pid of a running API on this data directory, or null. */
function runningApi() {
  const file = path.join(dataDir, 'api.pid');
  let pid;
  try {
    pid = Number(fs.readFileSync(file, 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive but another user's; ESRCH: a stale file left by a crash.
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM' ? pid : null;
  }
}

/**
 * The connection as libpq's environment variables (issue 19): a password in the arguments would be
 * readable by every user of the machine in the process list while the dump runs.
 * @param {string} url
 */
function pgEnv(url) {
  const u = new URL(url);
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, PGHOST: decodeURIComponent(u.hostname), PGPORT: u.port || '5432', PGDATABASE: decodeURIComponent(u.pathname.slice(1)) };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/**
 * @param {string} bin
 * @param {string[]} args
 */
function run(bin, args, env = process.env) {
  const res = spawnSync(bin, args, { stdio: 'inherit', env });
  if (res.error) fail(`${bin}: ${res.error.message}`);
  if (res.status !== 0) fail(`${bin} terminó con el código ${res.status}`);
}

/**
 * Every photo of one storage into another, key by key; returns how many.
 * @param {PhotoStorage} from
 * @param {PhotoStorage} to
 */
async function copyPhotos(from, to) {
  let copied = 0;
  for await (const key of from.keys()) {
    const photo = await from.get(key);
    // Deleted between the listing and the read: gone from the source, so not part of the copy.
    if (!photo) continue;
    // Streamed from one store into the other: no photo is held whole in memory.
    await to.put(key, photo.body, photo.contentType);
    copied++;
  }
  return copied;
}

/**
 * Empties a storage through its door (after its photos were copied aside).
 * @param {PhotoStorage} storage
 */
async function removePhotos(storage) {
  /** @type {string[]} */
  const keys = [];
  for await (const key of storage.keys()) keys.push(key);
  for (const key of keys) await storage.delete(key);
}

/** @param {string} dir */
async function backup(dir) {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) fail(`${dir} no está vacío`);
  if (!databaseUrl && !fs.existsSync(path.join(dataDir, 'pglite'))) fail(`no hay base de datos en ${dataDir}/pglite`);
  fs.mkdirSync(dir, { recursive: true });
  // The database first, then the photos: a photo newer than the dump is only an orphan (swept
  // later); a listing in the dump whose photo was not copied yet would be a broken listing.
  if (databaseUrl) run('pg_dump', ['--format=custom', '--no-owner', `--file=${path.join(dir, 'database.dump')}`], pgEnv(databaseUrl));
  for (const part of PARTS) {
    const from = path.join(dataDir, part);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, part), { recursive: true });
  }
  // Temporaries of interrupted photo writes are not photos: the storage lists only photo keys.
  const photos = await copyPhotos(live(), dataDirPhotoStorage(dir));
  const manifest = { createdAt: new Date().toISOString(), engine: databaseUrl ? 'postgres' : 'pglite', photos };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  console.log(`copia de seguridad en ${dir}: ${manifest.engine}, ${manifest.photos} fotos`);
}

/** @param {string} dir */
async function restore(dir) {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) fail(`${dir} no es una copia de seguridad (falta manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  if (manifest.engine !== (databaseUrl ? 'postgres' : 'pglite')) fail(`la copia es de ${manifest.engine}; define o quita DATABASE_URL según corresponda`);
  fs.mkdirSync(dataDir, { recursive: true });
  const aside = path.join(dataDir, `pre-restore-${Date.now()}`);
  for (const part of PARTS) {
    const current = path.join(dataDir, part);
    if (fs.existsSync(current)) {
      fs.mkdirSync(aside, { recursive: true });
      fs.renameSync(current, path.join(aside, part));
    }
    const saved = path.join(dir, part);
    if (fs.existsSync(saved)) fs.cpSync(saved, current, { recursive: true });
  }
  // The photos in place are kept aside (copied, then removed) before the saved ones are put back.
  const photos = live();
  // (The aside storage's directory is made by its first photo: nothing in place, nothing aside.)
  if (await copyPhotos(photos, dataDirPhotoStorage(aside))) await removePhotos(photos);
  await copyPhotos(dataDirPhotoStorage(dir), photos);
  if (databaseUrl) run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${pgEnv(databaseUrl).PGDATABASE}`, path.join(dir, 'database.dump')], pgEnv(databaseUrl));
  console.log(`restaurado desde ${dir} (${manifest.createdAt}) en ${dataDir}${fs.existsSync(aside) ? `; lo anterior quedó en ${aside}` : ''}`);
}

/** The API's photo storage. */
function live() {
  if (!livePhotos) fail('internal: photo storage not opened');
  return livePhotos;
}

if (!['backup', 'restore'].includes(command) || !target) {
  console.error('uso: npm run backup -- <directorio>   |   npm run restore -- <directorio>');
  process.exit(2);
}
const pid = runningApi();
if (pid) fail(`la API está en marcha (pid ${pid}) sobre ${dataDir}; deténla antes`);
try {
  livePhotos = photoStorageOf(photoSettingsFromEnv(process.env), dataDir);
} catch (err) {
  fail(/** @type {Error} */ (err).message);
}
try {
  if (command === 'backup') await backup(path.resolve(target));
  else await restore(path.resolve(target));
} finally {
  livePhotos.close?.();
}

#!/usr/bin/env -S node --import tsx
/**
 * Remote deploys without touching the shell or the other remotes:
 *
 *   npm run remote -- publish mf-search [--activate]   build ONE remote, check its contract, copy the
 *                                                      build to $REMOTES_DIR/remotes/mf-search/<version>/
 *                                                      (REMOTES_DIR: default DATA_DIR), or to the bucket
 *                                                      REMOTES_S3_BUCKET (remotes/mf-search/<version>/)
 *   npm run remote -- activate mf-search <version>     point the registry at that version
 *   npm run remote -- rollback mf-search               back to the previously active version
 *   npm run remote -- list [mf-search]                 versions, and which one is active
 *   npm run remote -- check mf-search [--dist DIR] [--shell DIR]
 *                                                      contract check of a build (default <app>/dist)
 *                                                      against the shell's build (default shell/dist)
 *
 * <version> = package version + content hash of the build (browser and server builds). The
 * registry entry names both builds ({ entry, serverEntry }): the running site reads the registry
 * on every request, so the next page load uses the new version in the browser (/registry.json,
 * never cached) and on the server (the renderer re-registers the remote), with no restart.
 * With a bucket (REMOTES_S3_*, shell/server/remote-store.mjs) every site server reading it switches
 * within its poll interval (REMOTES_POLL_MS, 1 s), once it has copied the version.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REMOTE_APPS, SHARED_MODULES, WORKSPACE_PACKAGES, checkAntdComponents, checkRemoteManifest, type RemoteManifest, type RemoteName } from 'shared-contracts';
import { HISTORY, REGISTRY, createRemoteStore, remoteStoreSettings, type RemoteStore } from '../shell/server/remote-store.mjs';

const ROOT = path.resolve(__dirname, '..');
/** Remote folder -> federation name (shared-contracts/src/web-apps.js). */
const APPS: Record<string, RemoteName> = Object.fromEntries(REMOTE_APPS.map((app) => [app.dir, app.name]));
const shellDistDefault = path.join(ROOT, 'shell', 'dist');

const readJson = <T>(file: string, fallback: T): T => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : fallback);

/**
 * Issue 45: the registry and the published versions in a directory (REMOTES_DIR, default DATA_DIR;
 * a shared volume for several site servers) or a bucket every site server reads (REMOTES_S3_*);
 * one command switches every site server (docs/decisions/0029, 0034). Opened by main.
 */
let store: RemoteStore;

function fail(message: string): never {
  console.error(`✗ ${message}`);
  store?.close();
  process.exit(1);
}

function appOf(arg: string | undefined): string {
  if (!arg || !APPS[arg]) fail(`Indica un remote: ${Object.keys(APPS).join(', ')}`);
  return arg;
}

/** The versions the shell is built against, for the shared singletons (shared-contracts/src/shared-modules.js). */
function hostVersions(): Record<string, string> {
  const lock = readJson<{ packages: Record<string, { version?: string }> }>(path.join(ROOT, 'package-lock.json'), { packages: {} });
  const version = (pkg: string) =>
    WORKSPACE_PACKAGES.includes(pkg) ? readJson<{ version: string }>(path.join(ROOT, pkg, 'package.json'), { version: '' }).version : (lock.packages[`node_modules/${pkg}`]?.version ?? '');
  return Object.fromEntries(SHARED_MODULES.filter((m) => m.checked).map((m) => [m.name, version(m.package)]));
}

/*
 * What a build shares is read from the federation runtime's tables in its JavaScript. mf-manifest.json
 * cannot say which antd components a remote takes: its plugin finds no version for a key two
 * levels under the 'antd/' prefix (antd/es/button) and leaves those out. The runtime's tables are
 * what actually runs: the consume table of remoteEntry.js (`shareKey:"antd/es/button"`) is what
 * the remote will ask for, the shell's init table (`"antd/es/button":[{version:"6.6.8",…`) what
 * the deployed shell offers; antd-provide.ts only matters once the shell is rebuilt.
 */
const CONSUMED_KEY = /shareKey\s*:\s*(["'])([^"']+)\1/g;
const PROVIDED_KEY = /(?:(["'])([^"']+)\1|([A-Za-z_$][\w$]*))\s*:\s*\[\s*\{\s*version\s*:/g;

function jsFilesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js')).map((f) => path.join(dir, f));
}

function consumedShareKeys(remoteEntry: string): string[] {
  return Array.from(fs.readFileSync(remoteEntry, 'utf8').matchAll(CONSUMED_KEY), (m) => m[2]);
}

function providedShareKeys(shellDist: string): Set<string> {
  const keys = new Set<string>();
  for (const file of jsFilesUnder(shellDist)) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(PROVIDED_KEY)) keys.add(m[2] ?? m[3]);
  }
  return keys;
}

export function checkBuild(app: string, dist: string, shellDist = shellDistDefault): string[] {
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!fs.existsSync(manifestFile)) return [`no hay ${manifestFile}: construye el remote primero`];
  if (!fs.existsSync(path.join(dist, 'remoteEntry.js'))) return [`no hay remoteEntry.js en ${dist}`];
  const manifest = readJson<RemoteManifest>(manifestFile, { name: '', exposes: [], shared: [] });
  const problems = checkRemoteManifest(APPS[app], manifest, hostVersions());
  // Fail closed when a table cannot be read (no shell build, another runtime format): react is
  // shared by every app, so its absence means the reading failed, not that nothing is shared.
  const provided = providedShareKeys(shellDist);
  if (!provided.has('react')) return [...problems, `no encuentro lo que comparte el shell en ${shellDist}: construye el shell (npm run build -- shell)`];
  const consumed = consumedShareKeys(path.join(dist, 'remoteEntry.js'));
  if (!consumed.includes('react')) return [...problems, `no encuentro qué módulos compartidos pide ${path.join(dist, 'remoteEntry.js')}`];
  // the manifest too, should a future build list antd components there
  return [...problems, ...checkAntdComponents([...consumed, ...manifest.shared.map((s) => s.name)], provided)];
}

function hashDir(dir: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (d: string) => {
    for (const name of fs.readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (fs.statSync(p).isDirectory()) walk(p);
      else if (!name.endsWith('.map') && name !== 'mf-manifest-stats.json') hash.update(path.relative(dir, p)).update(fs.readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 10);
}

/** A registry entry: the browser build, and the server build the site server renders with. */
type RegistryEntry = string | { entry: string; serverEntry: string | null };
const browserEntry = (e: RegistryEntry | undefined) => (typeof e === 'string' ? e : e?.entry);

const readRegistry = () => store.readJson<Record<string, RegistryEntry>>(REGISTRY, {});
const readHistory = () => store.readJson<Record<string, string[]>>(HISTORY, {});

async function activeVersion(app: string): Promise<string | null> {
  const entry = browserEntry((await readRegistry())[APPS[app]]);
  return entry ? (/\/v\/([^/]+)\//.exec(entry)?.[1] ?? null) : null;
}

async function activate(app: string, version: string, { record = true } = {}) {
  const dir = await store.localVersion(app, version);
  if (!dir || !fs.existsSync(path.join(dir, 'remoteEntry.js'))) fail(`${app} ${version} no está publicado (${store.where})`);
  const problems = checkBuild(app, dir);
  if (problems.length) fail(`${app} ${version} rompería el shell:\n  - ${problems.join('\n  - ')}`);
  const previous = await activeVersion(app);
  const registry = await readRegistry();
  const hasServer = fs.existsSync(path.join(dir, 'server', 'remoteEntry.js'));
  // both builds switch in one write
  registry[APPS[app]] = { entry: `/remotes/${app}/v/${version}/remoteEntry.js`, serverEntry: hasServer ? `/remotes/${app}/v/${version}/server/remoteEntry.js` : null };
  await store.writeJson(REGISTRY, registry);
  if (record && previous !== version) {
    const history = await readHistory();
    history[app] = [...(history[app] ?? []), ...(previous ? [previous] : ['(build local)'])];
    await store.writeJson(HISTORY, history);
  }
  console.log(`✓ ${app} -> ${version} (antes: ${previous ?? 'build local'})`);
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const flag = (name: string) => rest.includes(name);
  const option = (name: string) => (rest.includes(name) ? rest[rest.indexOf(name) + 1] : undefined);
  switch (command) {
    case 'check': {
      const app = appOf(rest[0]);
      const dist = path.resolve(option('--dist') ?? path.join(ROOT, app, 'dist'));
      const problems = checkBuild(app, dist, path.resolve(option('--shell') ?? shellDistDefault));
      if (problems.length) fail(`${app} (${dist}) rompería el shell:\n  - ${problems.join('\n  - ')}`);
      console.log(`✓ ${app}: el contrato con el shell se cumple (${dist})`);
      return;
    }
    case 'publish': {
      const app = appOf(rest[0]);
      if (!flag('--no-build')) {
        const { buildApps } = await import(pathToFileURL(path.join(ROOT, 'scripts', 'build.mjs')).href);
        await buildApps([app]);
      }
      const dist = path.join(ROOT, app, 'dist');
      const problems = checkBuild(app, dist);
      if (problems.length) fail(`${app} rompería el shell:\n  - ${problems.join('\n  - ')}`);
      const pkg = readJson<{ version: string }>(path.join(ROOT, app, 'package.json'), { version: '0.0.0' });
      const version = `${pkg.version}-${hashDir(dist)}`;
      // a version's name is its content's hash: one already there is these files
      await store.putVersion(app, version, dist, { app, version, publishedAt: new Date().toISOString() });
      console.log(`✓ publicado ${app} ${version} (${store.where})`);
      if (flag('--activate')) await activate(app, version);
      return;
    }
    case 'activate':
      return activate(appOf(rest[0]), rest[1] ?? fail('Indica la versión (npm run remote -- list)'));
    case 'rollback': {
      const app = appOf(rest[0]);
      const history = await readHistory();
      const previous = history[app]?.pop();
      if (!previous) fail(`${app}: no hay versión anterior`);
      if (previous === '(build local)') {
        const registry = await readRegistry();
        delete registry[APPS[app]];
        await store.writeJson(REGISTRY, registry);
        console.log(`✓ ${app} -> build local (${app}/dist)`);
      } else await activate(app, previous, { record: false });
      // after the switch: a rollback refused by the contract check keeps its history
      await store.writeJson(HISTORY, history);
      return;
    }
    case 'list': {
      for (const app of rest[0] ? [appOf(rest[0])] : Object.keys(APPS)) {
        const versions = await store.versions(app);
        const active = await activeVersion(app);
        console.log(`${app}: ${active ? `activa ${active}` : 'activa: build local'}`);
        for (const v of versions.sort()) console.log(`  ${v === active ? '*' : ' '} ${v}`);
      }
      return;
    }
    default:
      fail('Uso: npm run remote -- publish|activate|rollback|list|check <remote> [...]');
  }
}

async function run() {
  let settings;
  try {
    settings = remoteStoreSettings(process.env, ROOT, path.resolve(ROOT, process.env.DATA_DIR ?? 'data'));
  } catch (err) {
    fail((err as Error).message);
  }
  // a bucket's versions are downloaded here for the contract check (removed by close)
  store = await createRemoteStore(settings, settings.kind === 's3' ? fs.mkdtempSync(path.join(os.tmpdir(), 'remote-check-')) : '');
  await main(process.argv.slice(2));
  store.close();
}

run().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));

#!/usr/bin/env -S node --import tsx
/**
 * Remote deploys without touching the shell or the other remotes:
 *
 *   npm run remote -- publish mf-search [--activate]   build ONE remote, check its contract, copy the
 *                                                      build to $DATA_DIR/remotes/mf-search/<version>/
 *   npm run remote -- activate mf-search <version>     point the registry at that version
 *   npm run remote -- rollback mf-search               back to the previously active version
 *   npm run remote -- list [mf-search]                 versions, and which one is active
 *   npm run remote -- check mf-search [--dist DIR]     contract check of a build (default <app>/dist)
 *
 * <version> = package version + content hash of the build. The running site reads the registry
 * on every request for /registry.json (never cached), so the next page load uses the new version.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkRemoteManifest, type RemoteManifest, type RemoteName } from 'shared-contracts';

const ROOT = path.resolve(__dirname, '..');
const APPS: Record<string, RemoteName> = { 'mf-search': 'mf_search', 'mf-listing': 'mf_listing', 'mf-account': 'mf_account', 'mf-publish': 'mf_publish' };
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? 'data');
const registryFile = path.join(dataDir, 'registry.json');
const historyFile = path.join(dataDir, 'registry-history.json');
const remotesDir = path.join(dataDir, 'remotes');

const readJson = <T>(file: string, fallback: T): T => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : fallback);
function writeJson(file: string, value: unknown) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value, null, 2) + '\n');
  fs.renameSync(tmp, file); // atomic: the site never reads half a registry
}

function fail(message: string): never {
  console.error(`✗ ${message}`);
  process.exit(1);
}

function appOf(arg: string | undefined): string {
  if (!arg || !APPS[arg]) fail(`Indica un remote: ${Object.keys(APPS).join(', ')}`);
  return arg;
}

function hostVersions(): Record<string, string> {
  const lock = readJson<{ packages: Record<string, { version?: string }> }>(path.join(ROOT, 'package-lock.json'), { packages: {} });
  const v = (name: string) => lock.packages[`node_modules/${name}`]?.version ?? '';
  const contracts = readJson<{ version: string }>(path.join(ROOT, 'shared-contracts', 'package.json'), { version: '' }).version;
  return { react: v('react'), 'react-dom': v('react-dom'), 'react-router-dom': v('react-router-dom'), zustand: v('zustand'), 'shared-contracts': contracts, 'shared-contracts/store': contracts };
}

export function checkBuild(app: string, dist: string): string[] {
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!fs.existsSync(manifestFile)) return [`no hay ${manifestFile}: construye el remote primero`];
  if (!fs.existsSync(path.join(dist, 'remoteEntry.js'))) return [`no hay remoteEntry.js en ${dist}`];
  return checkRemoteManifest(APPS[app], readJson<RemoteManifest>(manifestFile, { name: '', exposes: [], shared: [] }), hostVersions());
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

function activeVersion(app: string): string | null {
  const entry = readJson<Record<string, string>>(registryFile, {})[APPS[app]];
  return entry ? (/\/v\/([^/]+)\//.exec(entry)?.[1] ?? null) : null;
}

function activate(app: string, version: string, { record = true } = {}) {
  const dir = path.join(remotesDir, app, version);
  if (!fs.existsSync(path.join(dir, 'remoteEntry.js'))) fail(`${app} ${version} no está publicado (${dir})`);
  const problems = checkBuild(app, dir);
  if (problems.length) fail(`${app} ${version} rompería el shell:\n  - ${problems.join('\n  - ')}`);
  const previous = activeVersion(app);
  const registry = readJson<Record<string, string>>(registryFile, {});
  registry[APPS[app]] = `/remotes/${app}/v/${version}/remoteEntry.js`;
  writeJson(registryFile, registry);
  if (record && previous !== version) {
    const history = readJson<Record<string, string[]>>(historyFile, {});
    history[app] = [...(history[app] ?? []), ...(previous ? [previous] : ['(build local)'])];
    writeJson(historyFile, history);
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
      const problems = checkBuild(app, dist);
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
      const target = path.join(remotesDir, app, version);
      if (!fs.existsSync(target)) {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        const tmp = `${target}.tmp-${process.pid}`;
        fs.cpSync(dist, tmp, { recursive: true });
        fs.writeFileSync(path.join(tmp, 'version.json'), JSON.stringify({ app, version, publishedAt: new Date().toISOString() }, null, 2));
        fs.renameSync(tmp, target);
      }
      console.log(`✓ publicado ${app} ${version}`);
      if (flag('--activate')) activate(app, version);
      return;
    }
    case 'activate':
      return activate(appOf(rest[0]), rest[1] ?? fail('Indica la versión (npm run remote -- list)'));
    case 'rollback': {
      const app = appOf(rest[0]);
      const history = readJson<Record<string, string[]>>(historyFile, {});
      const previous = history[app]?.pop();
      if (!previous) fail(`${app}: no hay versión anterior`);
      writeJson(historyFile, history);
      if (previous === '(build local)') {
        const registry = readJson<Record<string, string>>(registryFile, {});
        delete registry[APPS[app]];
        writeJson(registryFile, registry);
        console.log(`✓ ${app} -> build local (${app}/dist)`);
      } else activate(app, previous, { record: false });
      return;
    }
    case 'list': {
      for (const app of rest[0] ? [appOf(rest[0])] : Object.keys(APPS)) {
        const dir = path.join(remotesDir, app);
        const versions = fs.existsSync(dir) ? fs.readdirSync(dir).filter((v) => !v.includes('.tmp-')) : [];
        const active = activeVersion(app);
        console.log(`${app}: ${active ? `activa ${active}` : 'activa: build local'}`);
        for (const v of versions.sort()) console.log(`  ${v === active ? '*' : ' '} ${v}`);
      }
      return;
    }
    default:
      fail('Uso: npm run remote -- publish|activate|rollback|list|check <remote> [...]');
  }
}

void main(process.argv.slice(2));

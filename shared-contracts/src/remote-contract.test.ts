import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkAntdComponents, checkRemoteManifest, type RemoteManifest } from './remote-contract';
import { REMOTE_APPS } from './web-apps';

const host = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  zustand: '5.1.0',
  'shared-contracts': '0.1.0',
  'web-runtime/store': '0.1.0',
  'web-runtime/router': '0.1.0',
};
const shared = Object.entries(host).map(([name, version]) => ({ name, version, requiredVersion: `^${version}` }));
const manifest = (patch: Partial<RemoteManifest> = {}): RemoteManifest => ({
  name: 'mf_publish',
  exposes: [{ name: 'MisAnunciosPage' }, { name: 'AgregarAnuncioPage' }, { name: 'EditarAnuncioPage' }, { name: 'RenovarAnuncioPage' }],
  shared,
  ...patch,
});

describe('remote contract check', () => {
  it('passes a manifest that exposes what the shell needs with compatible singletons', () => {
    expect(checkRemoteManifest('mf_publish', manifest(), host)).toEqual([]);
  });
  it('fails on a missing expose', () => {
    const exposes = [{ name: 'MisAnunciosPage' }, { name: 'EditarAnuncioPage' }, { name: 'RenovarAnuncioPage' }];
    expect(checkRemoteManifest('mf_publish', manifest({ exposes }), host)).toEqual(['falta el expose ./AgregarAnuncioPage que usa el shell']);
  });
  it('fails on another major version of a shared singleton', () => {
    const s = shared.map((x) => (x.name === 'react' ? { ...x, version: '18.3.1', requiredVersion: '^18.3.1' } : x));
    expect(checkRemoteManifest('mf_publish', manifest({ shared: s }), host)[0]).toMatch(/^react: el remote pide \^18\.3\.1/);
  });
  it('fails when a singleton is not shared at all, or the manifest is of another remote', () => {
    const problems = checkRemoteManifest('mf_publish', manifest({ name: 'mf_search', shared: shared.filter((x) => x.name !== 'zustand') }), host);
    expect(problems).toContain('no comparte zustand (el shell lo comparte como singleton)');
    expect(problems).toContain('el manifiesto es de "mf_search", se esperaba "mf_publish"');
  });
});

describe('antd components the shell provides (docs/decisions/0002-antd-sharing.md)', () => {
  const provided = new Set(['react', 'antd/es/button', 'antd/es/card']);
  it('passes when every antd component the remote takes is provided', () => {
    expect(checkAntdComponents(['react', 'zustand', 'antd/es/button', 'antd/es/card', 'antd/es/button'], provided)).toEqual([]);
  });
  it('names each missing component once, with the fix', () => {
    expect(checkAntdComponents(['antd/es/select', 'antd/es/button', 'antd/es/select', 'leaflet'], provided)).toEqual([
      'usa antd/es/select, que el shell no da: añádelo a shell/src/antd-provide.ts y despliega el shell antes que el remote',
    ]);
  });
});

/**
 * The same check on the real builds, through the command teams run (`npm run remote -- check`):
 * what a remote consumes is read from its remoteEntry.js (and manifest), what the shell provides
 * from shell/dist. A copy of a real build made to consume a component the shell lacks must fail.
 */
describe('npm run remote -- check on the real builds', () => {
  const ROOT = path.resolve(__dirname, '..', '..');
  const APPS = REMOTE_APPS.map((app) => app.dir);
  // A component no remote uses today and the shell does not list (asserted below).
  const MISSING = 'antd/es/calendar';
  const check = (...args: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'remotes.ts'), 'check', ...args], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
  const failure = (...args: string[]): string => {
    try {
      check(...args);
    } catch (err) {
      return String((err as { stderr?: string }).stderr);
    }
    throw new Error(`check ${args.join(' ')} passed; it should have failed`);
  };
  let tmp: string;

  beforeAll(() => {
    // the checks need builds; build only what is missing (a fresh clone), never rebuild
    const missing = ['shell', ...APPS].filter((app) => !fs.existsSync(path.join(ROOT, app, 'dist', app === 'shell' ? 'index.html' : 'remoteEntry.js')));
    if (missing.length) execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), ...missing], { cwd: ROOT, stdio: 'inherit' });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-contract-'));
  }, 600_000);
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it.each(APPS)('%s passes against the shell build', (app) => {
    expect(check(app)).toContain(`✓ ${app}: el contrato con el shell se cumple`);
  }, 30_000);

  it('fails when the remote entry consumes an antd component the shell does not provide', () => {
    expect(fs.readFileSync(path.join(ROOT, 'shell', 'src', 'antd-provide.ts'), 'utf8')).not.toContain(`'${MISSING}'`);
    const dist = path.join(tmp, 'entry');
    fs.cpSync(path.join(ROOT, 'mf-account', 'dist'), dist, { recursive: true });
    const entryFile = path.join(dist, 'remoteEntry.js');
    const entry = fs.readFileSync(entryFile, 'utf8');
    expect(entry).toMatch(/shareKey\s*:\s*"antd\/es\/button"/);
    fs.writeFileSync(entryFile, entry.replace(/(shareKey\s*:\s*")antd\/es\/button"/, `$1${MISSING}"`));
    const stderr = failure('mf-account', '--dist', dist);
    expect(stderr).toContain('rompería el shell');
    expect(stderr).toContain(`usa ${MISSING}, que el shell no da: añádelo a shell/src/antd-provide.ts`);
  }, 30_000);

  it('fails when the manifest lists an antd component the shell does not provide', () => {
    const dist = path.join(tmp, 'manifest');
    fs.cpSync(path.join(ROOT, 'mf-search', 'dist'), dist, { recursive: true });
    const manifestFile = path.join(dist, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as RemoteManifest;
    manifest.shared.push({ name: MISSING, version: '6.6.8', requiredVersion: '^6.6.8' });
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(failure('mf-search', '--dist', dist)).toContain(`usa ${MISSING}, que el shell no da`);
  }, 30_000);

  it('fails when the shell build no longer provides a component a remote uses', () => {
    const shell = path.join(tmp, 'shell');
    fs.cpSync(path.join(ROOT, 'shell', 'dist'), shell, { recursive: true });
    let removed = 0;
    for (const file of fs.readdirSync(shell, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(shell, file), 'utf8');
      // rename the shell's offer of the Tag component in its share table
      const next = text.replace(/"antd\/es\/tag"(\s*:\s*\[\s*\{\s*version)/g, '"antd/es/tag-renamed"$1');
      if (next !== text) {
        fs.writeFileSync(path.join(shell, file), next);
        removed += 1;
      }
    }
    expect(removed).toBeGreaterThan(0);
    expect(failure('mf-account', '--shell', shell)).toContain('usa antd/es/tag, que el shell no da');
    expect(failure('mf-account', '--shell', path.join(tmp, 'no-shell'))).toContain('no encuentro lo que comparte el shell');
  }, 30_000);
});

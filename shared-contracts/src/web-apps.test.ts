/**
 * The one list of web apps (web-apps.js, issue 41) against the files that cannot read it, and
 * against the configs that derive from it: a new remote is one entry in the list plus its package,
 * and any place that names the remotes otherwise fails here.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PAGES, REMOTE_APPS, SHELL_APP, WEB_APPS } from './index';

const ROOT = path.resolve(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const devEntry = (port: number) => `http://localhost:${port}/remoteEntry.js`;

/**
 * What the CommonJS configs make of the list, read by plain node (webpack's and ESLint's plugins
 * are not for jest's jsdom): per app its build's federation name, dev port and Node build; jest's
 * roots; the folders ESLint gives the per-remote rules.
 */
const CONFIGS = `
const { WEB_APPS } = require('./shared-contracts/src/web-apps');
const apps = {};
for (const app of WEB_APPS) {
  const factory = require('./' + app.dir + '/webpack.config.js');
  const config = factory({}, { mode: 'development' });
  apps[app.dir] = { name: config.output.uniqueName, port: config.devServer.port, server: typeof factory.server === 'function' };
}
const jestRoots = require('./jest.config.js').projects.find((p) => p.displayName === 'web').roots;
const remoteLint = require('./eslint.config.js')
  .filter((c) => c.rules && c.rules['import-x/no-restricted-paths'])
  .flatMap((c) => c.files.map((f) => f.split('/')[0]));
console.log(JSON.stringify({ apps, jestRoots, remoteLint }));
`;

describe('the list of web apps (shared-contracts/src/web-apps.js)', () => {
  it('names each app once, the shell first', () => {
    expect(WEB_APPS[0]).toBe(SHELL_APP);
    for (const key of ['name', 'dir', 'devPort'] as const) expect(new Set(WEB_APPS.map((app) => app[key])).size).toBe(WEB_APPS.length);
  });

  it('is every web app of the repository: each listed folder is a package with its sources and webpack config, and no other folder builds one', () => {
    const built = fs
      .readdirSync(ROOT, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'node_modules' && fs.existsSync(path.join(ROOT, e.name, 'webpack.config.js')))
      .map((e) => e.name);
    expect(built.sort()).toEqual(WEB_APPS.map((app) => app.dir).sort());
    for (const app of WEB_APPS) {
      expect(readJson(`${app.dir}/package.json`).name).toBe(app.dir);
      expect(fs.existsSync(path.join(ROOT, app.dir, 'src', 'index.ts'))).toBe(true);
    }
  });

  it('agrees with the npm workspaces (package.json) and the typecheck (tsconfig.json)', () => {
    const workspaces: string[] = readJson('package.json').workspaces;
    const include: string[] = readJson('tsconfig.json').include;
    for (const app of WEB_APPS) {
      expect(workspaces).toContain(app.dir);
      expect(include.includes('*/src') || include.includes(`${app.dir}/src`)).toBe(true);
    }
  });

  it("agrees with the dev registry (shell/public/registry.json) and the standalone harnesses' remotes: each remote at its dev port", () => {
    const devRegistry = Object.fromEntries(REMOTE_APPS.map((app) => [app.name, devEntry(app.devPort)]));
    expect(readJson('shell/public/registry.json')).toEqual(devRegistry);
    for (const app of REMOTE_APPS) {
      const remotes: Record<string, string> = readJson(`${app.dir}/public/config.json`).remotes ?? {};
      for (const [name, entry] of Object.entries(remotes)) expect([name, entry]).toEqual([name, devRegistry[name]]);
    }
  });

  it('has a Node build for the shell and for every remote whose page is rendered on the server', () => {
    expect(SHELL_APP.serverBuild).toBe(true);
    for (const page of PAGES.filter((p) => p.ssr)) expect(REMOTE_APPS.find((app) => app.name === page.remote)?.serverBuild).toBe(true);
  });

  it("gives each app's build its name, dev port and Node build, jest its roots and ESLint its remotes", () => {
    const read = JSON.parse(execFileSync(process.execPath, ['-e', CONFIGS], { cwd: ROOT, encoding: 'utf8' }));
    expect(read.apps).toEqual(Object.fromEntries(WEB_APPS.map((app) => [app.dir, { name: app.name, port: app.devPort, server: app.serverBuild }])));
    for (const app of WEB_APPS) expect(read.jestRoots).toContain(`<rootDir>/${app.dir}/src`);
    expect(read.remoteLint.sort()).toEqual(REMOTE_APPS.map((app) => app.dir).sort());
  });
});

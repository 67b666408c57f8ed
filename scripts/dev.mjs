#!/usr/bin/env node
// @ts-check
/**
 * `npm run dev`: every web app on its own webpack dev server with reload, on its port of
 * shared-contracts/src/web-apps.js (shell 3000, remotes 3001-3004, whose registry is
 * shell/public/registry.json), and the API with tsx watch.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, WEB_APPS } from './apps.mjs';

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
/**
 * @param {string} name
 * @param {string} cmd
 * @param {string[]} args
 * @param {string} cwd
 */
const run = (name, cmd, args, cwd) => {
  const child = spawn(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, PORTAL_REMOTE_MODE: 'federated' } });
  child.on('exit', (code) => console.log(`[dev] ${name} exited (${code})`));
  children.push(child);
};

run('api', process.execPath, ['--import', 'tsx', '--watch', path.join(ROOT, 'api', 'src', 'server.ts')], ROOT);
for (const app of WEB_APPS) {
  run(app, process.execPath, [path.join(ROOT, 'node_modules', 'webpack', 'bin', 'webpack.js'), 'serve', '--mode', 'development'], path.join(ROOT, app));
}
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

#!/usr/bin/env node
// @ts-check
/**
 * `npm test`: every test of the repository, in order of cost.
 *   1. typecheck of the whole repo and the lint rules
 *   2. jest: shared-contracts + web apps (jsdom) and the API (PGlite, and PostgreSQL when DATABASE_URL is set)
 *   3. production build of what is stale, then the browser tests (Playwright + Debian's Chromium)
 * Ends with each stage's time, what was skipped and why (the PostgreSQL-only suites without
 * DATABASE_URL), and one line "N passed, N failed" summing the test runners.
 * `npm test -- --no-e2e` skips step 3; `npm test -- --e2e-only` runs only step 3.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './apps.mjs';

const args = new Set(process.argv.slice(2));
const results = path.join(ROOT, 'test-results');
fs.mkdirSync(results, { recursive: true });

/** @type {string[]} */
const stages = [];
/**
 * @param {string} label
 * @param {string} cmd
 * @param {string[]} cmdArgs
 * @param {import('node:child_process').SpawnSyncOptions} [opts]
 */
function run(label, cmd, cmdArgs, opts = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' }, ...opts });
  const line = `${label}: ${res.status === 0 ? 'ok' : `FAILED (${res.status ?? res.signal})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`;
  stages.push(line);
  console.log(`=== ${line} ===`);
  return res.status === 0;
}

/** The PostgreSQL-only suites (`*.pg.test.ts`), which jest leaves out without DATABASE_URL. */
function postgresOnlySuites() {
  return fs
    .readdirSync(path.join(ROOT, 'api'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.pg.test.ts') && !f.includes('node_modules'))
    .map((f) => `api/${f}`)
    .sort();
}

/** @param {string} name */
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
let ok = true;
let passed = 0;
let failed = 0;

if (!args.has('--e2e-only')) {
  ok = run('typecheck', bin('tsc'), ['-b', 'tsconfig.json', 'tsconfig.node.json']) && ok;
  ok = run('lint', bin('eslint'), ['--max-warnings=0', '.']) && ok;
  const jestOut = path.join(results, 'jest.json');
  fs.rmSync(jestOut, { force: true });
  // PGlite loads its WASM through a dynamic import, which jest allows only with vm modules.
  const jestEnv = { ...process.env, FORCE_COLOR: '0', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() };
  ok = run('jest (unit, component, API)', bin('jest'), ['--ci', '--json', `--outputFile=${jestOut}`], { env: jestEnv }) && ok;
  if (fs.existsSync(jestOut)) {
    const r = JSON.parse(fs.readFileSync(jestOut, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  } else failed += 1;
}

if (!args.has('--no-e2e')) {
  ok = run('build (stale apps)', process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--if-stale']) && ok;
  const e2eOut = path.join(results, 'e2e.json');
  fs.rmSync(e2eOut, { force: true });
  ok = run('browser tests (Playwright + Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']) && ok;
  if (fs.existsSync(e2eOut)) {
    const r = JSON.parse(fs.readFileSync(e2eOut, 'utf8'));
    passed += r.stats.expected ?? 0;
    failed += (r.stats.unexpected ?? 0) + (r.stats.flaky ?? 0);
  } else failed += 1;
}

console.log(`\n--- stages ---\n${stages.join('\n')}`);
if (!args.has('--e2e-only') && !process.env.DATABASE_URL) {
  const skipped = postgresOnlySuites();
  console.log(`\nSkipped without DATABASE_URL: the PostgreSQL runs of every API suite, and ${skipped.length} suites that need PostgreSQL itself:\n  ${skipped.join('\n  ')}\nSet DATABASE_URL=postgres://… to run them (CI does).`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

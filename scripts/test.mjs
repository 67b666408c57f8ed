#!/usr/bin/env node
// @ts-check
/**
 * `npm test`: every test of the repository, in two rounds that keep both cores of the CI machine
 * busy (docs/decisions/0031-ci-time.md, 0038-ci-lanes.md):
 *   1. at once: the typecheck, the lint rules, and the production build of what is stale
 *   2. on two lanes, a queue of jobs: the browser tests (Playwright + Debian's Chromium) as two
 *      runs, desktop and phone, each with its own portal, then jest's suites in chunks
 *      (`jest --shard`: shared-contracts + web apps in jsdom, the API on PGlite and, when
 *      DATABASE_URL is set, PostgreSQL); a lane that frees takes the next job, so both lanes
 *      finish within about one chunk of each other.
 * Each runner's lines are prefixed with its name. Ends with each stage's time, what was skipped and
 * why (the PostgreSQL-only suites without DATABASE_URL), and one line "N passed, N failed" summing
 * the test runners.
 * `npm test -- --no-e2e` skips the browser tests; `npm test -- --e2e-only` runs only the build and
 * the browser tests; `--serial` runs one stage at a time, in the same order (to read a failure's
 * output unmixed). `TEST_LANES` (2) and `JEST_CHUNKS` (6) change the lanes and jest's chunks.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT } from './apps.mjs';

const args = new Set(process.argv.slice(2));
const withJest = !args.has('--e2e-only');
const withE2e = !args.has('--no-e2e');
const serial = args.has('--serial');
const results = path.join(ROOT, 'test-results');
fs.mkdirSync(results, { recursive: true });

/** @type {string[]} */
const stages = [];
/** @param {string} name */
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/**
 * Runs one stage, its output line by line with `[label]` in front; resolves to whether it passed.
 * @param {string} label
 * @param {string} cmd
 * @param {string[]} cmdArgs
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<boolean>}
 */
function run(label, cmd, cmdArgs, env = process.env) {
  const started = Date.now();
  console.log(`=== ${label}: started ===`);
  const child = spawn(cmd, cmdArgs, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, FORCE_COLOR: '0' } });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => console.log(`[${label}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const line = `${label}: ${code === 0 ? 'ok' : `FAILED (${code ?? signal})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`;
      stages.push(line);
      console.log(`=== ${line} ===`);
      resolve(code === 0);
    });
  });
}

/** The PostgreSQL-only suites (`*.pg.test.ts`), which jest leaves out without DATABASE_URL. */
function postgresOnlySuites() {
  return fs
    .readdirSync(path.join(ROOT, 'api'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.pg.test.ts') && !f.includes('node_modules'))
    .map((f) => `api/${f}`)
    .sort();
}

/**
 * The browser tests' two projects (e2e/playwright.config.ts) run as two Playwright runs, each with
 * its own portal on its own ports and folder (the phone run's ports are the desktop run's + 10), so
 * they take a lane each like any other job instead of one run holding one lane for both.
 */
const E2E_RUNS = ['desktop', 'phone'];
/** @param {string} project */
const e2eOut = (project) => path.join(results, `e2e-${project}.json`);
/** @param {string} project @returns {NodeJS.ProcessEnv} */
function e2eEnv(project) {
  const shift = E2E_RUNS.indexOf(project) * 10;
  const port = (/** @type {string} */ name, /** @type {number} */ fallback) => String(Number(process.env[name] ?? fallback) + shift);
  return {
    ...process.env,
    E2E_SITE_PORT: port('E2E_SITE_PORT', 3900),
    E2E_API_PORT: port('E2E_API_PORT', 4900),
    E2E_STANDALONE_PORT: port('E2E_STANDALONE_PORT', 3901),
    E2E_RUN_DIR: path.join(process.env.E2E_RUN_DIR ?? path.join(os.tmpdir(), 'inmueblesrd-e2e'), project),
    E2E_JSON: e2eOut(project),
    E2E_ARTIFACTS: path.join(results, `e2e-artifacts-${project}`),
  };
}
const jestChunks = Math.max(1, Number(process.env.JEST_CHUNKS ?? 6));
/** @param {number} i */
const jestOut = (i) => path.join(results, `jest-${i}.json`);
for (const f of fs.readdirSync(results)) if (/^(jest|e2e)(-[\w]+)?\.json$/.test(f)) fs.rmSync(path.join(results, f));

/**
 * Runs the jobs on `lanes` lanes, in order: each lane takes the next job when its last one ends.
 * Resolves to whether all passed.
 * @param {(() => Promise<boolean>)[]} jobs
 * @param {number} lanes
 */
async function pooled(jobs, lanes) {
  let next = 0;
  let all = true;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      all = (await job()) && all;
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, jobs.length) }, lane));
  return all;
}

/** @type {(() => Promise<boolean>)[]} */
const first = [];
/** @type {(() => Promise<boolean>)[]} */
const second = [];
if (withJest) {
  first.push(() => run('typecheck', bin('tsc'), ['-b', 'tsconfig.json', 'tsconfig.node.json']));
  first.push(() => run('lint', bin('eslint'), ['--max-warnings=0', '.']));
}
// The browser tests run the build, and jest's remote-contract suite checks it: both need it current.
first.push(() => run('build', process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--if-stale']));
// The browser tests first: the longest jobs, which the lanes' chunks of jest fill around.
if (withE2e) {
  for (const project of E2E_RUNS) second.push(() => run(`e2e ${project}`, bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--project', project], e2eEnv(project)));
}
if (withJest) {
  // PGlite loads its WASM through a dynamic import, which jest allows only with vm modules. One
  // worker per chunk: each lane keeps one core busy.
  // --forceExit: a suite that leaves a handle open must fail, not hang the CI run until its limit.
  const jestEnv = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() };
  for (let i = 1; i <= jestChunks; i++) {
    const shard = jestChunks > 1 ? [`--shard=${i}/${jestChunks}`] : [];
    const label = jestChunks > 1 ? `jest ${i}/${jestChunks}` : 'jest';
    second.push(() => run(label, bin('jest'), ['--ci', '--maxWorkers=1', '--forceExit', ...shard, '--json', `--outputFile=${jestOut(i)}`], jestEnv));
  }
}
const lanes = serial ? 1 : Math.max(1, Number(process.env.TEST_LANES ?? 2));

const started = Date.now();
let ok = await pooled(first, serial ? 1 : first.length);
ok = (await pooled(second, lanes)) && ok;

let passed = 0;
let failed = 0;
if (withJest) {
  for (let i = 1; i <= jestChunks; i++) {
    if (fs.existsSync(jestOut(i))) {
      const r = JSON.parse(fs.readFileSync(jestOut(i), 'utf8'));
      passed += r.numPassedTests;
      failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    } else failed += 1;
  }
}
if (withE2e) {
  for (const project of E2E_RUNS) {
    if (fs.existsSync(e2eOut(project))) {
      const r = JSON.parse(fs.readFileSync(e2eOut(project), 'utf8'));
      passed += r.stats.expected ?? 0;
      failed += (r.stats.unexpected ?? 0) + (r.stats.flaky ?? 0);
    } else failed += 1;
  }
}

console.log(`\n--- stages ---\n${stages.join('\n')}\nall: ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (withJest && !process.env.DATABASE_URL) {
  const skipped = postgresOnlySuites();
  console.log(`\nSkipped without DATABASE_URL: the PostgreSQL runs of every API suite, and ${skipped.length} suites that need PostgreSQL itself:\n  ${skipped.join('\n  ')}\nSet DATABASE_URL=postgres://… to run them (CI does).`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

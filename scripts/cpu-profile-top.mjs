#!/usr/bin/env node
// @ts-check
/**
 * The functions and packages that took the most CPU in a V8 profile (`node --cpu-prof`, or
 * `npm run bench:api -- --cpu-prof DIR`): self time, and the time spent under each package
 * (inclusive), so "where does one request's CPU go" reads in a terminal.
 *
 *   node scripts/cpu-profile-top.mjs DIR/CPU.*.cpuprofile [--top 25] [--skip 5]
 *
 * --skip S leaves out the first S seconds (start-up: loading and compiling the code).
 */
import fs from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('Uso: node scripts/cpu-profile-top.mjs <perfil.cpuprofile> [--top N]');
  process.exit(2);
}
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25;
const skipIndex = process.argv.indexOf('--skip');
const skipMicros = skipIndex > 0 ? Number(process.argv[skipIndex + 1]) * 1e6 : 0;
/**
 * A V8 .cpuprofile (the parts read here).
 * @typedef {{ id: number, children?: number[], callFrame: { functionName: string, url: string, lineNumber: number } }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} Profile
 */
/** @type {Profile} */
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

/** @type {Map<number, ProfileNode>} */
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
/** @type {Map<number, number>} */
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Sample time per node: each sample lasts until the next one.
/** @type {Map<number, number>} */
const self = new Map();
const { samples, timeDeltas } = profile;
let at = 0;
for (let i = 0; i < samples.length; i += 1) {
  at += timeDeltas[i];
  if (at < skipMicros) continue;
  const dt = timeDeltas[i + 1] ?? 0;
  self.set(samples[i], (self.get(samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** "drizzle-orm", "fastify", "pg", "(node)", "api/src" or the program's own code. @param {string} url */
function packageOf(url) {
  if (!url) return '(V8/nativo)';
  if (url.startsWith('node:')) return '(node)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  const own = url.match(/\/(api|web-runtime|shared-contracts|shell|remotes)\/([^/]+)/);
  return own ? `${own[1]}/${own[2]}` : url;
}

/** @type {Map<string, number>} */
const bySelf = new Map();
/** @type {Map<string, number>} */
const byPackage = new Map();
for (const [id, t] of self) {
  const node = /** @type {ProfileNode} */ (byId.get(id));
  const f = node.callFrame;
  const key = `${f.functionName || '(anónima)'}  ${packageOf(f.url)}${f.url && !f.url.includes('node_modules') ? `:${f.lineNumber + 1}` : ''}`;
  bySelf.set(key, (bySelf.get(key) ?? 0) + t);
  // Inclusive per package: each package on the stack once.
  const seen = new Set();
  for (let /** @type {number | undefined} */ cur = id; cur !== undefined; cur = parent.get(cur)) {
    const p = packageOf(/** @type {ProfileNode} */ (byId.get(cur)).callFrame.url);
    if (!seen.has(p)) {
      seen.add(p);
      byPackage.set(p, (byPackage.get(p) ?? 0) + t);
    }
  }
}

/** @param {number} t microseconds */
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
/** @param {number} t microseconds */
const ms = (t) => `${(t / 1000).toFixed(0).padStart(7)} ms`;
console.log(`Perfil: ${file}; ${(total / 1e6).toFixed(1)} s de muestras`);
console.log('\nTiempo propio (self), por función:');
for (const [k, t] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)} ${ms(t)}  ${k}`);
console.log('\nTiempo con lo que llama (inclusivo), por paquete:');
for (const [k, t] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)} ${ms(t)}  ${k}`);

#!/usr/bin/env node
// @ts-check
/**
 * `npm run audit`: SECURITY.md item 18. Runs `npm audit --omit=dev` and fails on any high or
 * critical advisory in what the portal ships (dev tools excluded). Exit 0: none; 1: findings
 * (listed); 2: the audit could not run (e.g. a registry mirror without the audit endpoint),
 * which is "not verified", never "passed".
 */
import { spawnSync } from 'node:child_process';

/**
 * What is read of `npm audit --json` (npm 7+).
 * @typedef {{ name: string, severity: string, range: string, via: (string | { title: string })[] }} Vulnerability
 * @typedef {{ vulnerabilities?: Record<string, Vulnerability>, metadata?: { vulnerabilities: Record<string, number> }, error?: { summary?: string }, message?: string }} AuditReport
 */

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
/** @type {AuditReport | null} */
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
if (!report || report.error || !report.metadata) {
  const why = report?.message ?? report?.error?.summary ?? run.stderr.trim().split('\n').pop();
  console.error(`npm audit no pudo ejecutarse: ${why}`);
  console.error('Sin verificar: ejecútalo donde el registro público de npm sea accesible (SECURITY.md, punto 18).');
  process.exit(2);
}
const { vulnerabilities = {} } = report;
const serious = Object.values(vulnerabilities).filter((v) => v.severity === 'high' || v.severity === 'critical');
const counts = report.metadata.vulnerabilities;
console.log(`npm audit --omit=dev: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
for (const v of serious) console.log(`  ${v.severity}: ${v.name} ${v.range} (${[v.via].flat().map((x) => (typeof x === 'string' ? x : x.title)).join('; ')})`);
process.exit(serious.length ? 1 : 0);

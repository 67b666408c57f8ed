// @ts-check
/**
 * bench:web, part 4: the server-rendered HTML under load (issue 17's target: home and detail in
 * p95 <= 100 ms at 20 connections on 100,000 listings), with autocannon at --html-connections for
 * --html-seconds per case, each beside the site server's no-op route measured in the same run:
 *   - no-op: GET /healthz (the server's ceiling: what HTTP alone costs on this machine now)
 *   - home and one detail, asked again and again (what a popular page costs)
 *   - cold: every request an address nobody asked before, half listing details taken from the
 *     sitemap, half home pages 2..N (what a crawler or a shared link costs: no render is reused,
 *     the API's caches do not have the page)
 */
import os from 'node:os';

/**
 * One case's figures (latencies in ms).
 * @typedef {{ connections: number, p50: number, p95: number, p99: number, rps: number, non2xx: number, errors: number, distinct?: number, requests?: number, loadavg: string }} CaseResult
 * @typedef {{ url: string, paths?: string[] }} HtmlCase
 */

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

/**
 * @template T
 * @param {T[]} xs
 */
function shuffle(xs) {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** Listing paths from the sitemap's first file (the site's own list of what exists). @param {string} siteUrl */
async function listingPaths(siteUrl) {
  const index = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
  const file = index.match(/<loc>([^<]*sitemap-anuncios-0\.xml)<\/loc>/)?.[1];
  if (!file) throw new Error('sitemap.xml no lista sitemap-anuncios-0.xml');
  const xml = await (await fetch(file)).text();
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/**
 * @param {HtmlCase & { connections: number, seconds: number }} run
 * @returns {Promise<CaseResult>}
 */
async function drive({ url, paths, connections, seconds }) {
  const { default: autocannon } = await import('autocannon');
  /** @type {number[]} */
  const times = [];
  let next = 0;
  /** @param {number} duration seconds @returns {Promise<import('autocannon').Result>} */
  const run = (duration) =>
    new Promise((resolve, reject) => {
      /** @type {import('autocannon').Options} */
      const opts = { url, connections, duration, headers: { 'accept-encoding': 'gzip' } };
      // a different address on every request: setupRequest picks the next unused path
      if (paths) opts.requests = [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }];
      const instance = autocannon(opts, (err, r) => (err ? reject(err) : resolve(r)));
      instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
    });
  await run(2); // warm-up: the renderer loads the remotes' server builds, connections open
  times.length = 0;
  const used = next;
  const r = await run(seconds);
  const sorted = times.sort((a, b) => a - b);
  /** @param {number} q */
  const pct = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((q / 100) * sorted.length))] * 10) / 10;
  return {
    connections,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    rps: Math.round(r.requests.average),
    non2xx: r.non2xx,
    errors: r.errors,
    // cold: were addresses reused because the list ran out? (then the figure is not cold)
    ...(paths ? { distinct: Math.min(paths.length, next) - Math.min(paths.length, used), requests: next - used } : {}),
    loadavg: loadAverage(),
  };
}

/**
 * @param {{ siteUrl: string, detailPath: string, connections: number, seconds: number, count: number }} options
 * @returns {Promise<Record<string, CaseResult>>}
 */
export async function htmlCases({ siteUrl, detailPath, connections, seconds, count }) {
  const details = shuffle(await listingPaths(siteUrl));
  const pages = shuffle(Array.from({ length: Math.max(1, Math.floor(Math.min(count, details.length * 12) / 12) - 1) }, (_, i) => `/?page=${i + 2}`));
  /** @type {string[]} */
  const cold = [];
  for (let i = 0; i < Math.max(details.length, pages.length); i++) {
    if (details[i]) cold.push(details[i]);
    if (pages[i]) cold.push(pages[i]);
  }
  /** @type {[string, HtmlCase][]} */
  const cases = [
    ['no-op (/healthz)', { url: `${siteUrl}/healthz` }],
    ['inicio (/), repetido', { url: `${siteUrl}/` }],
    ['detalle, repetido', { url: `${siteUrl}${detailPath}` }],
    ['frío: detalles y páginas nunca pedidos', { url: siteUrl, paths: cold }],
  ];
  /** @type {Record<string, CaseResult>} */
  const results = {};
  for (const [name, c] of cases) results[name] = await drive({ ...c, connections, seconds });
  return results;
}

/** @param {Record<string, CaseResult>} results */
export function printHtmlCases(results) {
  const noop = Object.values(results)[0];
  console.log(`\nHTML del servidor (autocannon, gzip; carga media al terminar cada caso)`);
  console.log('| caso | conexiones | p50 ms | p95 ms | p99 ms | req/s | p95 / no-op | no-2xx | errores | carga |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const [name, r] of Object.entries(results)) {
    const cold = r.distinct !== undefined ? ` (${r.distinct} direcciones distintas de ${r.requests})` : '';
    console.log(`| ${name}${cold} | ${r.connections} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rps} | ${(r.p95 / Math.max(noop.p95, 0.1)).toFixed(1)} | ${r.non2xx} | ${r.errors} | ${r.loadavg} |`);
  }
}

#!/usr/bin/env node
// @ts-check
/**
 * Web benchmark (npm run bench:web): the combined site as users get it, on a phone.
 *
 *   npm run bench:web -- [--runs 3] [--port 3700] [--api-port 4700] [--skip-lighthouse]
 *                        [--count 100000 [--keep] | --reuse <data dir>] [--html-only] [--skip-html]
 *                        [--skip-interactions] [--interaction-runs 3]
 *                        [--html-connections 20] [--html-seconds 10] [--lhr-dir <dir>]
 *
 * 1. Starts the portal with `scripts/start.mjs` (production build of whatever is missing or
 *    outdated, the API on PGlite with the demo catalogue in a temporary DATA_DIR; with --count N,
 *    N synthetic listings from the API benchmark's bulk loader instead, without photos).
 * 2. Pages (home, a search, a listing's detail): Debian's Chromium as a phone (390x844, touch,
 *    CPU 4x slower through CDP), cold cache, untouched: the JavaScript requested before the
 *    content was on screen; the JavaScript requested before the page was interactive (the end
 *    of the last long task before 5 s with no long task and no script arriving, as Lighthouse's
 *    TTI), weighed from the build on disk and split by package (scripts/js-weight.mjs: React, the
 *    federation runtime, antd, react-slick, Leaflet, the router, other libraries, our code,
 *    webpack's glue); the long tasks until then and their blocking time; the load average.
 * 3. Interactions (issue 43) on the same phone profile: Más filtros, Buscar, the next page,
 *    opening a listing from a card, Contacto on the detail, and (issue 44) a pan of the map view
 *    over every match of the home page, each --interaction-runs times on a freshly loaded, quiet
 *    page: the longest Event Timing duration of the interaction (INP's measure) and the longest
 *    task from the input until it settled (for the pan: the new clusters drawn), medians.
 * 4. Lighthouse (12.x, the line that runs on Node 20; mobile preset, simulated 4G and a slow CPU)
 *    on the three pages, --runs times each: the median performance score with LCP, TBT and CLS.
 *    With --lhr-dir each run's full report is written there (<page>-<run>.json), and the longest
 *    main-thread tasks and the scripts that cost the most CPU are printed: what TBT is made of.
 * 5. The server-rendered HTML under load (bench-web-html.mjs): the no-op route, home and a detail
 *    asked again and again, and never-repeated addresses (cold), each with its load average and
 *    its ratio to the no-op. --html-only skips 2 to 4, --skip-html skips 5.
 *
 * Prints tables and writes test-results/bench-web.json, and a copy per run in
 * test-results/bench-web/<date>.json. Targets (issue 43): TBT <= 100 ms, JavaScript before
 * interactive <= 150 KB gzip, Lighthouse >= 98 on the three pages; every interaction <= 200 ms.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from './apps.mjs';
import { htmlCases, printHtmlCases } from './bench-web-html.mjs';
import { describeGroups, weighScripts } from './js-weight.mjs';

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps dialling Google on this closed network.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/**
 * What one page gets (measurePage, runLighthouse).
 * @typedef {Awaited<ReturnType<typeof measurePage>>} Bytes
 * @typedef {{ score: number, fcpMs: number, lcpMs: number, tbtMs: number, cls: number, siMs: number }} LighthouseRun
 * @typedef {{ bytes?: Bytes, lighthouse?: { runs: LighthouseRun[], median: LighthouseRun } }} PageResult
 * @typedef {import('playwright-core').Browser} Browser
 * @typedef {import('lighthouse').Result} Lhr
 */
/** Set by the page itself, on its own clock, when the content is on screen (measurePage). */
/** @typedef {Window & { __contentVisibleAt?: number, __longTasks?: { start: number, duration: number }[] }} MeasuredWindow */

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/**
 * @param {string} name
 * @param {string} [fallback]
 */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
/** @param {string} name */
const flag = (name) => process.argv.includes(`--${name}`);
const RUNS = Number(arg('runs', '3'));
const PORT = Number(arg('port', '3700'));
const API_PORT = Number(arg('api-port', '4700'));
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs debe ser un entero ≥ 1');
if (!fs.existsSync(CHROME_PATH)) {
  console.error(`No encuentro Chromium en ${CHROME_PATH}: apt-get install -y chromium, o CHROME_PATH=/ruta/al/binario`);
  process.exit(2);
}

const siteUrl = `http://127.0.0.1:${PORT}`;
const apiUrl = `http://127.0.0.1:${API_PORT}`;
const COUNT_ARG = arg('count');
const COUNT = COUNT_ARG === undefined ? null : Number(COUNT_ARG.replace(/_/g, ''));
if (COUNT !== null && (!Number.isInteger(COUNT) || COUNT < 1)) throw new Error('--count debe ser un entero ≥ 1');

/** --count N: N synthetic listings (the API benchmark's bulk loader); otherwise the demo catalogue. */
function prepareDataDir() {
  const reuse = arg('reuse');
  if (reuse) return path.resolve(reuse);
  if (COUNT === null) return fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  console.log(`Cargando ${COUNT} anuncios sintéticos…`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'bench', 'load-only.ts'), '--count', String(COUNT)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  // the loader prints the data directory last
  const dir = r.stdout.trim().split('\n').pop();
  if (r.status !== 0 || !dir) throw new Error('no se pudieron cargar los anuncios');
  return dir;
}
const dataDir = prepareDataDir();

/**
 * @param {string} url
 * @param {number} ms
 */
async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} no respondió en ${ms / 1000} s`);
}

function startPortal() {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), API_PORT: String(API_PORT), HOST: '127.0.0.1', PUBLIC_SITE_URL: siteUrl, PUBLIC_API_URL: apiUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  process.on('exit', stop);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
  return { child, stop };
}

/** The phone profile's CPU: 4x slower than this machine (as Lighthouse's mobile preset). */
const CPU_SLOWDOWN = 4;
/** Interactive: the end of the last long task before this long with no long task and no script loading (Lighthouse's TTI uses 5 s). */
const QUIET_MS = 5000;

/**
 * Cold load on a phone (390x844, touch, CPU 4x slower, cache disabled), without touching the page:
 * - the JavaScript requested before the content was on screen (what the first paint needed);
 * - the JavaScript requested before the page was interactive (the end of the last long task
 *   before QUIET_MS with no long task and no script loading, as Lighthouse's TTI), weighed from
 *   the build on disk by package (js-weight.mjs): the issue-43 figure;
 * - every script once the page has been quiet, and CSS and images as transferred;
 * - the long tasks before interactive, and their blocking time (the part of each over 50 ms).
 * @param {Browser} browser
 * @param {string} url
 * @param {string} readySelector
 */
async function measurePage(browser, url, readySelector) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  /** @type {Map<string, { url: string, type: string, bytes: number }>} */
  const byId = new Map();
  cdp.on('Network.responseReceived', (e) => byId.set(e.requestId, { url: e.response.url, type: e.type, bytes: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  // the page notes, on its own clock, the first frame in which the content is on screen, and its long tasks
  await page.addInitScript((selector) => {
    const w = /** @type {MeasuredWindow} */ (window);
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks?.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    const check = () => {
      const el = document.querySelector(selector);
      if (el && el.getBoundingClientRect().height > 0) w.__contentVisibleAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, readySelector);
  const started = Date.now();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: 60_000 });
  const visibleMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  // wait for QUIET_MS with no long task and no script arriving (at most 60 s)
  const timeline = await page.evaluate(
    async ({ quietMs }) => {
      const w = /** @type {MeasuredWindow} */ (window);
      const until = performance.now() + 60_000;
      /** @returns {{ name: string, start: number, end: number }[]} */
      const scripts = () =>
        performance
          .getEntriesByType('resource')
          .filter((e) => /** @type {PerformanceResourceTiming} */ (e).initiatorType === 'script' || e.name.endsWith('.js'))
          .map((e) => ({ name: e.name, start: e.startTime, end: e.startTime + e.duration }));
      const busyUntil = () => Math.max(0, ...(w.__longTasks ?? []).map((t) => t.start + t.duration), ...scripts().map((s) => s.end));
      while (performance.now() - busyUntil() < quietMs && performance.now() < until) await new Promise((r) => setTimeout(r, 250));
      const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return { interactiveAt: Math.max(busyUntil(), nav?.domContentLoadedEventEnd ?? 0), visibleAt: w.__contentVisibleAt ?? 0, fcp, scripts: scripts(), longTasks: w.__longTasks ?? [] };
    },
    { quietMs: QUIET_MS },
  );
  /** @param {string} type */
  const sum = (type) => [...byId.values()].filter((r) => r.type === type).reduce((n, r) => n + r.bytes, 0);
  const scripts = [...byId.values()].filter((r) => r.type === 'Script').sort((a, b) => b.bytes - a.bytes);
  const beforeVisible = new Set(timeline.scripts.filter((s) => s.start <= timeline.visibleAt).map((s) => s.name));
  const firstScreenJs = scripts.filter((r) => beforeVisible.has(r.url));
  const interactiveUrls = timeline.scripts.filter((s) => s.start <= timeline.interactiveAt).map((s) => s.name);
  const interactive = weighScripts(interactiveUrls);
  const longTasks = timeline.longTasks.filter((t) => t.start <= timeline.interactiveAt);
  const result = {
    jsBytesBeforeVisible: firstScreenJs.reduce((n, r) => n + r.bytes, 0),
    scriptsBeforeVisible: firstScreenJs.length,
    /** issue 43: gzip JavaScript requested before the page was interactive, from the build, by package */
    jsBeforeInteractive: { gzip: Math.round(interactive.gzip), files: interactive.files.length, groups: Object.fromEntries(Object.entries(interactive.groups).map(([g, b]) => [g, Math.round(b)])), notInBuild: interactive.unknown },
    interactiveMs: Math.round(timeline.interactiveAt),
    fcpMs: Math.round(timeline.fcp),
    longTasks: { count: longTasks.length, totalMs: Math.round(longTasks.reduce((n, t) => n + t.duration, 0)), maxMs: Math.round(Math.max(0, ...longTasks.map((t) => t.duration))), blockingMs: Math.round(longTasks.filter((t) => t.start >= timeline.fcp).reduce((n, t) => n + Math.max(0, t.duration - 50), 0)) },
    jsBytes: sum('Script'),
    cssBytes: sum('Stylesheet'),
    imageBytes: sum('Image'),
    scripts: scripts.length,
    largestScripts: interactive.files.slice(0, 5).map((s) => ({ url: s.url, kb: +(s.gzip / 1024).toFixed(1) })),
    visibleMs,
    loadavg: os.loadavg()[0],
  };
  await context.close();
  return result;
}

/**
 * Interaction to next paint on the phone profile (issue 43): the page is loaded cold and left
 * until it is quiet, then one interaction is made with real input (Playwright through CDP); its
 * latency is the longest Event Timing duration among the events of that interaction (from the
 * input to the next paint after its handlers: what INP takes per interaction).
 * @param {Browser} browser
 * @param {Step} step
 */
async function measureInteraction(browser, step) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    await page.goto(step.url, { waitUntil: 'domcontentloaded' });
    await page.locator(step.ready).first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    if (step.prepare) await step.prepare(page);
    // hydrated and quiet: 2 s without a long task
    await page.evaluate(async () => {
      /** @type {number[]} */
      const ends = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => ends.push(e.startTime + e.duration))).observe({ type: 'longtask', buffered: true });
      const until = performance.now() + 30_000;
      while (performance.now() - Math.max(0, ...ends) < 2000 && performance.now() < until) await new Promise((r) => setTimeout(r, 200));
    });
    await page.evaluate(() => {
      const w = /** @type {Window & { __events?: { name: string, duration: number, id: number }[] }} */ (window);
      w.__events = [];
      new PerformanceObserver((l) => {
        for (const e of /** @type {PerformanceEventTiming[]} */ (l.getEntries())) if (e.interactionId) w.__events?.push({ name: e.name, duration: e.duration, id: e.interactionId });
      }).observe(/** @type {PerformanceObserverInit} */ ({ type: 'event', durationThreshold: 16 }));
      /** @type {Window & { __tasks?: number[] }} */ (window).__tasks = [];
      new PerformanceObserver((l) => l.getEntries().forEach((t) => /** @type {Window & { __tasks?: number[] }} */ (window).__tasks?.push(t.duration))).observe({ type: 'longtask' });
    });
    await step.act(page);
    await page.waitForTimeout(step.settleMs ?? 1500);
    const events = await page.evaluate(() => /** @type {Window & { __events?: { name: string, duration: number, id: number }[] }} */ (window).__events ?? []);
    // the longest task from the input on: what a pan costs after its events (the new clusters drawn)
    const longest = await page.evaluate(() => Math.max(0, .../** @type {Window & { __tasks?: number[] }} */ (window).__tasks ?? []));
    return { ms: Math.round(Math.max(0, ...events.map((e) => e.duration))), events: events.length, longestTaskMs: Math.round(longest) };
  } finally {
    await context.close();
  }
}

/**
 * The interactions of issue 43, each --interaction-runs times (3): the median latency.
 * @param {Browser} browser
 * @param {{ home: string, search: string, detail: string }} urls
 */
async function measureInteractions(browser, urls) {
  const runs = Number(arg('interaction-runs', '3'));
  /** @type {Step[]} */
  const steps = [
    { name: 'Más filtros', url: urls.home, ready: '.anuncio-card', act: (page) => page.getByRole('button', { name: 'Más filtros' }).click() },
    { name: 'Buscar', url: urls.home, ready: '.anuncio-card', act: (page) => page.getByRole('button', { name: 'Buscar' }).click() },
    { name: 'página siguiente', url: urls.search, ready: '.anuncio-card', act: (page) => page.getByRole('link', { name: 'Página siguiente' }).first().click() },
    { name: 'abrir un anuncio', url: urls.home, ready: '.anuncio-card', act: (page) => page.locator('.anuncio-card').first().getByRole('link', { name: 'Información' }).click() },
    { name: 'Contacto', url: urls.detail, ready: '.anuncio-detail h1', act: (page) => page.locator('.anuncio-detail').getByRole('button', { name: 'Contacto' }).click() },
    // issue 44: a pan of the map over every match (the clusters asked again and drawn)
    { name: 'mover el mapa', url: urls.home, ready: '.anuncio-card', prepare: openMap, act: panMap, settleMs: 3000 },
  ];
  /** @type {Record<string, { runs: number[], median: number, longestTaskMs: number, loadavg: number }>} */
  const out = {};
  for (const step of steps) {
    /** @type {number[]} */
    const ms = [];
    /** @type {number[]} */
    const tasks = [];
    for (let i = 0; i < runs; i++) {
      const r = await measureInteraction(browser, step);
      ms.push(r.ms);
      tasks.push(r.longestTaskMs);
    }
    out[step.name] = { runs: ms, median: median(ms), longestTaskMs: median(tasks), loadavg: os.loadavg()[0] };
  }
  return out;
}

/**
 * One interaction of measureInteractions: the page, what shows it is ready, what is done before
 * measuring (prepare) and the measured input (act).
 * @typedef {{ name: string, url: string, ready: string, prepare?: (page: import('playwright-core').Page) => Promise<void>, act: (page: import('playwright-core').Page) => Promise<void>, settleMs?: number }} Step
 */

/** @param {import('playwright-core').Page} page  the map view with its first clusters drawn */
async function openMap(page) {
  await page.getByRole('button', { name: 'Ver Mapa' }).click();
  await page.locator('.home-map .map-cluster').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

/** @param {import('playwright-core').Page} page  a finger's drag across a third of the map */
async function panMap(page) {
  const box = await page.locator('.home-map').boundingBox();
  if (!box) throw new Error('el mapa no está en pantalla');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x - (box.width / 3) * (i / 8), y - (box.height / 6) * (i / 8));
  await page.mouse.up();
  await page.locator('.home-map .map-cluster').first().waitFor({ state: 'visible', timeout: 60_000 });
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const LHR_DIR_ARG = arg('lhr-dir');
const LHR_DIR = LHR_DIR_ARG ? path.resolve(LHR_DIR_ARG) : null;

/**
 * The rows of a table audit (long-tasks, bootup-time), as far as they are read here.
 * @param {Lhr} lhr
 * @param {string} audit
 * @returns {Record<string, any>[]}
 */
function auditItems(lhr, audit) {
  const details = lhr.audits[audit]?.details;
  return details && 'items' in details && Array.isArray(details.items) ? details.items : [];
}

/**
 * Where the blocking time comes from: the run's longest tasks and its costliest scripts.
 * @param {string} name
 * @param {Lhr} lhr
 */
function printTbtBreakdown(name, lhr) {
  const longTasks = auditItems(lhr, 'long-tasks');
  const bootup = auditItems(lhr, 'bootup-time');
  /** @param {unknown} u */
  const short = (u) => String(u).replace(siteUrl, '');
  console.log(`  ${name}: tareas largas (ms, simuladas) ${longTasks.slice(0, 6).map((t) => `${Math.round(t.duration)} ${short(t.url)}`).join('; ') || 'ninguna'}`);
  console.log(`  ${name}: CPU por script (ms) ${bootup.slice(0, 5).map((b) => `${short(b.url)} ${Math.round(b.total)} (eval ${Math.round(b.scripting)})`).join('; ')}`);
}

/**
 * @param {string} url
 * @param {string} name
 */
async function runLighthouse(url, name) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  /** @type {LighthouseRun[]} */
  const runs = [];
  let failures = 0;
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'lh-')) });
    try {
      // Lighthouse's defaults are the mobile preset: Moto G Power screen, simulated slow 4G, 4x CPU slowdown.
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error('Lighthouse no devolvió resultado');
      const { lhr } = result;
      if (lhr.runtimeError) {
        // an intermittent trace failure (NO_NAVSTART, NO_FCP) says nothing about the page: try that
        // run again, a few times at most
        if (++failures > 3) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
        console.warn(`[lighthouse] ${lhr.runtimeError.code}: se repite la pasada`);
        i--;
        continue;
      }
      if (LHR_DIR) {
        fs.mkdirSync(LHR_DIR, { recursive: true });
        fs.writeFileSync(path.join(LHR_DIR, `${name}-${runs.length + 1}.json`), JSON.stringify(lhr));
        printTbtBreakdown(`${name} #${runs.length + 1}`, lhr);
      }
      /** @param {string} id */
      const value = (id) => {
        const v = lhr.audits[id]?.numericValue;
        if (v === undefined) throw new Error(`Lighthouse: la pasada no midió ${id}`);
        return v;
      };
      const score = lhr.categories.performance?.score;
      if (score === null || score === undefined) throw new Error('Lighthouse: la pasada no tiene puntuación de rendimiento');
      runs.push({
        score: Math.round(score * 100),
        fcpMs: Math.round(value('first-contentful-paint')),
        lcpMs: Math.round(value('largest-contentful-paint')),
        tbtMs: Math.round(value('total-blocking-time')),
        cls: +value('cumulative-layout-shift').toFixed(3),
        siMs: Math.round(value('speed-index')),
      });
    } finally {
      await chrome.kill();
    }
  }
  /** @param {keyof LighthouseRun} k */
  const pick = (k) => median(runs.map((r) => r[k]));
  return { runs, median: { score: pick('score'), fcpMs: pick('fcpMs'), lcpMs: pick('lcpMs'), tbtMs: pick('tbtMs'), cls: pick('cls'), siMs: pick('siMs') } };
}

const HTML_CONNECTIONS = Number(arg('html-connections', '20'));
const HTML_SECONDS = Number(arg('html-seconds', '10'));

async function main() {
  const { stop } = startPortal();
  try {
    // the first start may build the five apps (a few minutes on two cores)
    await waitFor(`${siteUrl}/healthz`, 15 * 60_000);
    await waitFor(`${apiUrl}/health`, 120_000);
    const list = await fetch(`${apiUrl}/allAnuncios`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filters: {}, page: 0 }) });
    if (!list.ok) throw new Error(`POST /allAnuncios: HTTP ${list.status}`);
    /** @type {import('shared-contracts').AllAnunciosResponse} */
    const { anuncios: listed, count: total } = await list.json();
    const withPhotos = listed.find((a) => (a.image_urls ?? []).length > 0) ?? (COUNT !== null || arg('reuse') ? listed[0] : undefined);
    if (!withPhotos) throw new Error('El catálogo de demostración no tiene anuncios con fotos');
    const pages = [
      { name: 'inicio', url: `${siteUrl}/`, ready: '.anuncio-card' },
      // a search: a purpose, a type of property and the second page of its results
      { name: 'búsqueda', url: `${siteUrl}/?proposito=venta&propiedad=apartamento&page=2`, ready: '.anuncio-card' },
      { name: 'detalle', url: `${siteUrl}/anuncioDetailedView/${encodeURIComponent(withPhotos._id)}`, ready: 'main h1, main h2' },
    ];

    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => f !== '--headless=new') });
    /** @type {Awaited<ReturnType<typeof measureInteractions>> | null} */
    let interactions = null;
    /** @type {Record<string, PageResult>} */
    const results = Object.fromEntries(pages.map((p) => [p.name, /** @type {PageResult} */ ({})]));
    try {
      for (const p of flag('html-only') ? [] : pages) {
        // one warm-up (the API's caches, the OS file cache), then the measured cold-cache load
        await measurePage(browser, p.url, p.ready);
        results[p.name].bytes = await measurePage(browser, p.url, p.ready);
      }
      if (!flag('html-only') && !flag('skip-interactions')) interactions = await measureInteractions(browser, { home: pages[0].url, search: pages[1].url, detail: pages[2].url });
    } finally {
      await browser.close();
    }
    if (!flag('skip-lighthouse') && !flag('html-only')) {
      for (const p of pages) results[p.name].lighthouse = await runLighthouse(p.url, p.name);
    }
    // the server-rendered HTML itself, under load (issue 17's target: p95 <= 100 ms at 20 connections)
    const html = flag('skip-html') ? null : await htmlCases({ siteUrl, detailPath: new URL(pages[2].url).pathname, connections: HTML_CONNECTIONS, seconds: HTML_SECONDS, count: total });

    /** @param {number} n */
    const kb = (n) => (n / 1024).toFixed(1);
    console.log(`\nWeb, teléfono 390x844 (${new Date().toISOString()}, carga media ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')})`);
    console.log('| página | JS KB gzip hasta ver el contenido | scripts | JS KB gzip con la red quieta | scripts | CSS KB | visible ms | Lighthouse | LCP ms | TBT ms | CLS |');
    console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
    for (const [name, r] of Object.entries(results)) {
      if (!r.bytes) continue;
      const lh = r.lighthouse;
      console.log(
        `| ${name} | ${kb(r.bytes.jsBytesBeforeVisible)} | ${r.bytes.scriptsBeforeVisible} | ${kb(r.bytes.jsBytes)} | ${r.bytes.scripts} | ${kb(r.bytes.cssBytes)} | ${r.bytes.visibleMs} | ${lh ? `${lh.median.score} (${lh.runs.map((x) => x.score).join(', ')})` : '-'} | ${lh?.median.lcpMs ?? '-'} | ${lh?.median.tbtMs ?? '-'} | ${lh?.median.cls ?? '-'} |`,
      );
    }
    console.log(`\nAntes de ser interactiva (CPU ${CPU_SLOWDOWN}x más lenta; interactiva: fin de la última tarea larga antes de ${QUIET_MS / 1000} s sin tareas largas ni scripts)`);
    console.log('| página | JS KB gzip | archivos | interactiva ms | tareas largas | suma ms | mayor ms | bloqueo ms | carga media |');
    console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
    for (const [name, r] of Object.entries(results)) {
      if (!r.bytes) continue;
      const b = r.bytes;
      console.log(`| ${name} | ${kb(b.jsBeforeInteractive.gzip)} | ${b.jsBeforeInteractive.files} | ${b.interactiveMs} | ${b.longTasks.count} | ${b.longTasks.totalMs} | ${b.longTasks.maxMs} | ${b.longTasks.blockingMs} | ${b.loadavg.toFixed(2)} |`);
    }
    for (const [name, r] of Object.entries(results)) {
      if (!r.bytes) continue;
      console.log(`  ${name}, por paquete: ${describeGroups(r.bytes.jsBeforeInteractive.groups)}`);
      console.log(`  ${name}, scripts más grandes: ${r.bytes.largestScripts.map((s) => `${s.url} ${s.kb} KB`).join('; ')}`);
      if (r.bytes.jsBeforeInteractive.notInBuild.length) console.log(`  ${name}, scripts fuera del build: ${r.bytes.jsBeforeInteractive.notInBuild.join(', ')}`);
    }
    if (interactions) {
      console.log(`\nInteracción hasta el siguiente pintado (teléfono 390 px, CPU ${CPU_SLOWDOWN}x más lenta; mediana de ${arg('interaction-runs', '3')})`);
      console.log('| interacción | ms (mediana) | pasadas | tarea más larga después (ms, mediana) | carga media |');
      console.log('|---|--:|---|--:|--:|');
      for (const [name, r] of Object.entries(interactions)) console.log(`| ${name} | ${r.median} | ${r.runs.join(', ')} | ${r.longestTaskMs} | ${r.loadavg.toFixed(2)} |`);
    }
    if (html) printHtmlCases(html);
    const outDir = path.join(ROOT, 'test-results');
    fs.mkdirSync(outDir, { recursive: true });
    const report = JSON.stringify({ date: new Date().toISOString(), loadavg: os.loadavg(), listings: total, results, interactions, html }, null, 2);
    fs.writeFileSync(path.join(outDir, 'bench-web.json'), report);
    // each run's report is kept beside the latest, to compare runs
    const stamped = path.join(outDir, 'bench-web', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.mkdirSync(path.dirname(stamped), { recursive: true });
    fs.writeFileSync(stamped, report);
    console.log(`\nResultados en test-results/bench-web.json y ${path.relative(ROOT, stamped)}`);
  } finally {
    stop();
    if (flag('keep') || arg('reuse')) console.log(`Datos conservados: --reuse ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

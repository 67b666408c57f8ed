// @ts-check
/**
 * What a page's JavaScript is made of (issue 43): each script the browser ran, read from the
 * production build on disk (its source map), its gzip size split by where its code comes from
 * (React, the federation runtime, antd, react-slick, Leaflet, our code...). Used by bench:web
 * (the report per page) and by the budget check in the browser tests (e2e/specs/js-budget.spec.ts).
 *
 * A file's gzip bytes are shared out in proportion to the minified characters each source
 * produced (what source-map-explorer does); characters with no source (webpack's and the
 * federation plugin's glue) count as "webpack".
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
import { ROOT } from './apps.mjs';

/** The groups a page's JavaScript is reported in, in this order. */
export const GROUPS = /** @type {const} */ (['react', 'federation', 'antd', 'react-slick', 'leaflet', 'router', 'libs', 'our code', 'webpack']);
/** @typedef {typeof GROUPS[number]} Group */

/** Packages by group; a package not listed is "libs" (zustand, zod, dayjs...). */
const PACKAGE_GROUPS = /** @type {Record<string, Group>} */ ({
  react: 'react',
  'react-dom': 'react',
  scheduler: 'react',
  'react-slick': 'react-slick',
  'slick-carousel': 'react-slick',
  'enquire.js': 'react-slick',
  json2mq: 'react-slick',
  'string-convert': 'react-slick',
  'lodash.debounce': 'react-slick',
  leaflet: 'leaflet',
  'react-leaflet': 'leaflet',
  'react-router': 'router',
  'react-router-dom': 'router',
  cookie: 'router',
  'set-cookie-parser': 'router',
});

/**
 * The group of one source file of a source map.
 * @param {string} source  as the map names it (webpack://mf_search/../node_modules/antd/es/button/index.js)
 * @returns {Group}
 */
export function groupOf(source) {
  const i = source.lastIndexOf('node_modules/');
  if (i < 0) return /(^|\/)webpack\/(runtime|bootstrap)|webpack\/container|\(webpack\)/.test(source) ? 'webpack' : 'our code';
  const rest = source.slice(i + 'node_modules/'.length).split('/');
  const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  if (pkg.startsWith('@module-federation/')) return 'federation';
  if (pkg === 'antd' || pkg.startsWith('@ant-design/') || pkg.startsWith('@rc-component/') || pkg.startsWith('rc-') || pkg === '@emotion/hash' || pkg === '@emotion/unitless' || pkg === 'stylis' || pkg === 'classnames') return 'antd';
  if (pkg.startsWith('@react-leaflet/')) return 'leaflet';
  if (pkg === 'webpack') return 'webpack';
  return PACKAGE_GROUPS[pkg] ?? 'libs';
}

/**
 * @typedef {object} FileWeight
 * @property {number} bytes  minified
 * @property {number} gzip   gzip (level 9, as the site server sends it)
 * @property {Partial<Record<Group, number>>} groups  gzip bytes by group
 */

/** @type {Map<string, FileWeight>} */
const cache = new Map();

/**
 * One built file's weight by group.
 * @param {string} file  absolute path of a .js file of a dist folder
 * @returns {FileWeight}
 */
export function weighFile(file) {
  const hit = cache.get(file);
  if (hit) return hit;
  const code = fs.readFileSync(file, 'utf8');
  const gzip = zlib.gzipSync(code, { level: 9 }).length;
  /** @type {Partial<Record<Group, number>>} */
  const chars = {};
  const mapFile = `${file}.map`;
  if (fs.existsSync(mapFile)) {
    const lines = code.split('\n');
    const map = new TraceMap(fs.readFileSync(mapFile, 'utf8'));
    /** @type {{ line: number, column: number, group: Group } | null} */
    let prev = null;
    /** @param {number} line @param {number} column */
    const close = (line, column) => {
      if (!prev) return;
      const length = prev.line === line ? column - prev.column : (lines[prev.line - 1]?.length ?? 0) - prev.column;
      chars[prev.group] = (chars[prev.group] ?? 0) + Math.max(0, length);
    };
    eachMapping(map, (m) => {
      close(m.generatedLine, m.generatedColumn);
      prev = { line: m.generatedLine, column: m.generatedColumn, group: m.source ? groupOf(m.source) : 'webpack' };
    });
    close(Number.MAX_SAFE_INTEGER, 0);
  }
  const mapped = Object.values(chars).reduce((n, c) => n + c, 0);
  chars.webpack = (chars.webpack ?? 0) + Math.max(0, code.length - mapped);
  /** @type {Partial<Record<Group, number>>} */
  const groups = {};
  for (const [g, c] of Object.entries(chars)) if (c > 0) groups[/** @type {Group} */ (g)] = (gzip * c) / code.length;
  const weight = { bytes: code.length, gzip, groups };
  cache.set(file, weight);
  return weight;
}

/**
 * The built file a script address of the site serves (the shell's dist, or /remotes/<app>/ ->
 * <app>/dist), or null for anything else (inline, another origin, a published remote version).
 * @param {string} url
 */
export function distFileFor(url) {
  const { pathname } = new URL(url);
  const remote = /^\/remotes\/([a-z-]+)\/(.+)$/.exec(pathname);
  const file = remote ? path.join(ROOT, remote[1], 'dist', remote[2]) : path.join(ROOT, 'shell', 'dist', pathname.replace(/^\/+/, ''));
  return file.endsWith('.js') && fs.existsSync(file) ? file : null;
}

/**
 * The weight of a page's scripts, by group: gzip bytes and files.
 * @param {string[]} urls  the scripts the page ran
 */
export function weighScripts(urls) {
  /** @type {Record<string, number>} */
  const groups = Object.fromEntries(GROUPS.map((g) => [g, 0]));
  let gzip = 0;
  /** @type {{ url: string, gzip: number }[]} */
  const files = [];
  /** @type {string[]} */
  const unknown = [];
  for (const url of new Set(urls)) {
    const file = distFileFor(url);
    if (!file) {
      unknown.push(url);
      continue;
    }
    const w = weighFile(file);
    gzip += w.gzip;
    files.push({ url: new URL(url).pathname, gzip: w.gzip });
    for (const [g, b] of Object.entries(w.groups)) groups[g] += b;
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return { gzip, files, groups, unknown };
}

/** @param {number} n */
export const kb = (n) => (n / 1024).toFixed(1);

/**
 * One line per group, "react 61.2 KB · antd 40.1 KB · ...", largest first.
 * @param {Record<string, number>} groups
 */
export function describeGroups(groups) {
  return Object.entries(groups)
    .filter(([, b]) => b >= 51)
    .sort((a, b) => b[1] - a[1])
    .map(([g, b]) => `${g} ${kb(b)} KB`)
    .join(' · ');
}

// `node scripts/js-weight.mjs <script URL>...`: the weight of those scripts as JSON (the browser
// tests run this: Playwright's loader cannot import an ES module from a spec).
if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'scripts', 'js-weight.mjs')) {
  const weight = weighScripts(process.argv.slice(2));
  process.stdout.write(JSON.stringify({ ...weight, described: describeGroups(weight.groups) }));
}

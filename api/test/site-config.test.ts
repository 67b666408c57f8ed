/**
 * Issue 39: the site server's /config.json carries the exchange rate's day (USD_DOP_RATE_DATE) and
 * the listing lifetime (LISTING_TTL_DAYS, the API's variable); a value that is not one stops the
 * start with its name. The real shell/server/site-server.mjs, in a child process (an ES module
 * jest's loader cannot import).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function settings(env: Record<string, string>): { config?: Record<string, unknown>; error?: string } {
  const script = `
    const m = await import(${JSON.stringify(path.join(ROOT, 'shell/server/site-server.mjs'))});
    try { console.log(JSON.stringify({ config: m.siteSettings(${JSON.stringify(env)}).config })); }
    catch (err) { console.log(JSON.stringify({ error: err.message })); }`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH } });
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
}

test('the rate day and the listing lifetime reach /config.json; unset, no day and 90 days', () => {
  expect(settings({}).config).toMatchObject({ usdDopRate: 60, usdDopRateDate: '', listingTtlDays: 90 });
  expect(settings({ USD_DOP_RATE: '61.2', USD_DOP_RATE_DATE: '2026-11-27', LISTING_TTL_DAYS: '30' }).config).toMatchObject({ usdDopRate: 61.2, usdDopRateDate: '2026-11-27', listingTtlDays: 30 });
});

test('a day that is not a YYYY-MM-DD calendar day, or a lifetime the API would refuse, stops the start with its name', () => {
  for (const day of ['2026-02-30', '27/11/2026', 'hoy', '2026-11-27T00:00:00Z']) {
    expect(settings({ USD_DOP_RATE_DATE: day }).error).toBe(`USD_DOP_RATE_DATE debe ser una fecha AAAA-MM-DD, no "${day}"`);
  }
  for (const days of ['0', '7', '3651', '90.5', 'noventa']) {
    expect(settings({ LISTING_TTL_DAYS: days }).error).toBe(`LISTING_TTL_DAYS debe ser un entero entre 8 y 3650, no "${days}"`);
  }
});

test('issue 44: TILE_URL and TILE_ATTRIBUTION reach /config.json, and the tiles CSP source follows the configured host', () => {
  expect(settings({}).config).toMatchObject({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', tileAttribution: expect.stringContaining('OpenStreetMap') });
  const own = { TILE_URL: 'https://{s}.tiles.example.do/osm/{z}/{x}/{y}.png', TILE_ATTRIBUTION: '&copy; Mapas RD' };
  expect(settings(own).config).toMatchObject({ tileUrl: own.TILE_URL, tileAttribution: '&copy; Mapas RD' });
  const { tileSource } = require('../../shared-contracts/src/map-defaults.js') as { tileSource: (url: string) => string | null };
  expect(tileSource(own.TILE_URL)).toBe('https://*.tiles.example.do');
  expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
  expect(tileSource('http://127.0.0.1:5940/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:5940');
  expect(tileSource('no es una url')).toBeNull();
});

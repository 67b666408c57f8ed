import { openPostgres } from '/work/wt18/api/src/db/client';
import { searchCount, searchPage } from '/work/wt18/api/src/anuncios/search-query';
import { coldSearches } from '/work/wt18/api/bench/cases';
import { sql } from 'drizzle-orm';
(async () => {
  const d = await openPostgres('postgres://postgres@127.0.0.1:5432/bench18_1m', 2, 0);
  const r = await d.db.execute(sql`SELECT region, place, locality, proposito, propiedad, seq::text as id FROM anuncios TABLESAMPLE SYSTEM (1) LIMIT 2000`);
  const next = coldSearches((r as any).rows);
  const out: [number, number, string][] = [];
  for (let i = 0; i < 400; i++) {
    const { filters, page } = next();
    let t = performance.now();
    const c = await searchCount(d.db, filters);
    const tc = performance.now() - t; t = performance.now();
    await searchPage(d.db, filters, page, c);
    const tp = performance.now() - t;
    out.push([Math.round(tc), Math.round(tp), JSON.stringify(filters) + ' p' + page + ' => ' + JSON.stringify(c)]);
  }
  out.sort((a, b) => b[0] + b[1] - a[0] - a[1]);
  for (const o of out.slice(0, 12)) console.log(o[0], o[1], o[2]);
  const tot = out.map(o=>o[0]+o[1]).sort((a,b)=>a-b); console.log('p50', tot[200], 'p95', tot[380]);
  await d.close();
})();

import { PGlite } from '@electric-sql/pglite';
const db = new PGlite(process.argv[2] + '/pglite');
await db.waitReady;
const q = async (s) => (await db.query(s)).rows;
console.log(await q(`select relname, relpages, relallvisible from pg_class where relname in ('anuncio_search')`));
if (process.argv[3] === 'vac') { await db.exec('VACUUM ANALYZE anuncio_search'); console.log(await q(`select relname, relpages, relallvisible from pg_class where relname in ('anuncio_search')`)); }
await db.close();

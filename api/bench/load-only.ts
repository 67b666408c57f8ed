/**
 * Loads N synthetic listings into a new PGlite data directory and prints the directory on the last
 * line: `npm run bench:web -- --count 100000` serves the site from it (DATA_DIR).
 *
 *   node --import tsx api/bench/load-only.ts --count 100000
 */
import { prepareDatabase } from './load-data';

const i = process.argv.indexOf('--count');
const count = Number((i >= 0 ? process.argv[i + 1] : '100000').replace(/_/g, ''));
if (!Number.isInteger(count) || count < 1) throw new Error('--count debe ser un entero ≥ 1');

prepareDatabase({ count, keep: true, log: (line) => console.error(line) }).then(
  (data) => {
    console.error(`${data.rows} anuncios publicados${data.loadSeconds ? ` en ${data.loadSeconds} s` : ''}`);
    console.log(data.location);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

/**
 * The operator's command:
 *   node --import tsx src/feeds/cli.ts --partner hazim --file feed.xml
 *   node --import tsx src/feeds/cli.ts --partner hazim --url https://…/feed.xml
 *   node --import tsx src/feeds/cli.ts --all        (every active agency with a feed: npm run agencies)
 * Prints each report, appends it to DATA_DIR/feeds.log, and exits 1 when a feed was refused.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { photoStorageOf } from '../photos';
import { importAll } from './import-all';
import { importFeed } from './import-feed';
import { appendReportLog, formatReport } from './report';
import { FeedError, type ImportReport } from './types';

const USAGE = `Uso: feeds:import --partner <inmobiliaria> (--file <ruta> | --url <http(s)://…>)
       feeds:import --all`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { partner: { type: 'string' }, file: { type: 'string' }, url: { type: 'string' }, all: { type: 'boolean' }, help: { type: 'boolean' } },
      strict: true,
    }).values;
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const single = args.partner !== undefined || args.file !== undefined || args.url !== undefined;
  if (args.all === single) fail(USAGE);
  if (single) {
    if (!args.partner) fail(USAGE);
    if ((args.file === undefined) === (args.url === undefined)) fail(USAGE);
    if (args.url !== undefined && !/^https?:\/\//i.test(args.url)) fail('--url debe empezar por http:// o https://');
  }

  let config;
  try {
    config = loadConfig(process.env, process.cwd(), { tool: true });
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  // The embedded database belongs to one process: refused while the API (or another import) runs on it.
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir, 'feeds:import').catch((err: unknown) => fail((err as Error).message));
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const common = { db: database.db, storage: photoStorageOf(config.photos, config.dataDir), usdDopRate: config.usdDopRate };
    let reports: ImportReport[];
    if (single) {
      const location = args.url ?? path.resolve(args.file as string);
      reports = [await importFeed({ ...common, partner: args.partner as string, location })];
    } else {
      reports = await importAll(common);
    }
    for (const report of reports) {
      console.log(formatReport(report));
      await appendReportLog(config.dataDir, report).catch((err) => console.error(`feeds.log: ${(err as Error).message}`));
    }
    return reports.every((r) => r.ok) ? 0 : 1;
  } catch (err) {
    if (err instanceof FeedError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
    await lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

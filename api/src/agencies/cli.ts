/**
 * The operator's command for agencies (issue 46, docs/decisions/0040-agencies.md): partners are
 * added, given their feed, paused and removed in the database, without a release.
 *
 *   npm run agencies -- list
 *   npm run agencies -- add <slug> --name "Inmobiliaria Caribe" [--feed <http(s)://…|ruta>]
 *        [--phone …] [--whatsapp …] [--email …] [--address …] [--lat N --lng N] [--description …] [--logo <url>] [--rnc …]
 *   npm run agencies -- feed <slug> <http(s)://…|ruta|--none>
 *   npm run agencies -- pause <slug>        its feed is no longer imported (its listings stay)
 *   npm run agencies -- resume <slug>
 *   npm run agencies -- remove <slug>       only an agency without listings
 *
 * The scheduled import (FEEDS_INTERVAL_MINUTES) and `feeds:import --all` read the active agencies
 * with a feed at each run; the site names them from `GET /agencias`. Exit 0, 1 refused (the
 * reason in Spanish), 2 bad arguments.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type Db } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { agencias, anuncios } from '../db/schema';
import { redactUrl } from '../feeds/redact';
import { AgencyError, addAgency, checkSlug, listAgencies, removeAgency, setFeed, setStatus } from './repository';

const USAGE = `Uso: agencies list
       agencies add <slug> --name <nombre> [--feed <http(s)://…|ruta>] [--phone …] [--whatsapp …] [--email …]
                  [--address …] [--lat N --lng N] [--description …] [--logo <url>] [--rnc …]
       agencies feed <slug> <http(s)://…|ruta|--none>
       agencies pause|resume|remove <slug>`;

const OPTIONS = {
  name: { type: 'string' }, feed: { type: 'string' }, phone: { type: 'string' }, whatsapp: { type: 'string' }, email: { type: 'string' },
  address: { type: 'string' }, lat: { type: 'string' }, lng: { type: 'string' }, description: { type: 'string' }, logo: { type: 'string' },
  rnc: { type: 'string' }, none: { type: 'boolean' }, help: { type: 'boolean' },
} as const;

class UsageError extends Error {}

/** A file path is stored absolute: the server reads it from its own folder. */
const feedLocation = (value: string) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : path.resolve(value));

function coordinate(value: string | undefined, min: number, max: number): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new UsageError(`Coordenada no válida: ${value}`);
  return n;
}

async function list(db: Db): Promise<void> {
  const counts = await db
    .select({ slug: anuncios.source, n: sql<number>`count(*)::int` })
    .from(anuncios)
    .innerJoin(agencias, eq(agencias.slug, anuncios.source))
    .groupBy(anuncios.source);
  const bySlug = new Map(counts.map((c) => [c.slug, c.n]));
  for (const a of await listAgencies(db)) {
    const feed = a.feedUrl ? redactUrl(a.feedUrl) : 'sin feed';
    console.log(`${a.slug}\t${a.name}\t${a.status === 'active' ? 'activa' : 'pausada'}\t${bySlug.get(a.slug) ?? 0} anuncios\t${feed}`);
  }
}

type Args = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;

async function run(db: Db, { values: v, positionals }: Args): Promise<string | null> {
  const [command, slug, extra] = positionals;
  if (command === 'list') return list(db).then(() => null);
  if (!slug) throw new UsageError(USAGE);
  checkSlug(slug);
  switch (command) {
    case 'add': {
      if (v.name === undefined) throw new UsageError(USAGE);
      const lat = coordinate(v.lat, -90, 90);
      const lng = coordinate(v.lng, -180, 180);
      if ((lat === null) !== (lng === null)) throw new UsageError('--lat y --lng van juntas');
      const row = await addAgency(db, {
        slug, name: v.name, feedUrl: v.feed === undefined ? null : feedLocation(v.feed), phone: v.phone, whatsapp: v.whatsapp, email: v.email,
        address: v.address, latitude: lat, longitude: lng, description: v.description, logo: v.logo, rnc: v.rnc,
      });
      return `✓ ${row.slug} (${row.name}) añadida${row.feedUrl ? `, feed ${redactUrl(row.feedUrl)}` : ', sin feed'}`;
    }
    case 'feed': {
      if ((extra === undefined) === !v.none) throw new UsageError(USAGE);
      const row = await setFeed(db, slug, v.none ? null : feedLocation(extra as string));
      return `✓ ${row.slug}: ${row.feedUrl ? `feed ${redactUrl(row.feedUrl)}` : 'sin feed'}`;
    }
    case 'pause':
    case 'resume':
      await setStatus(db, slug, command === 'pause' ? 'paused' : 'active');
      return `✓ ${slug} ${command === 'pause' ? 'pausada: su feed no se importa' : 'activa'}`;
    case 'remove':
      await removeAgency(db, slug);
      return `✓ ${slug} eliminada`;
    default:
      throw new UsageError(USAGE);
  }
}

async function main(): Promise<number> {
  let args: Args;
  try {
    args = parseArgs({ options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.values.help || args.positionals.length === 0) {
    console.log(USAGE);
    return args.values.help ? 0 : 2;
  }
  const config = loadConfig(process.env, process.cwd(), { tool: true });
  // The embedded database belongs to one process: refused while the API runs on it.
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir, 'agencies');
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const done = await run(database.db, args);
    if (done) console.log(done);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(err.message);
      return 2;
    }
    if (err instanceof AgencyError) {
      console.error(`✗ ${err.message}`);
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
  (err: unknown) => {
    console.error(`✗ ${err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);

/**
 * The moderation queue (issues 23 and 40): every listing on hold or with open reports, held ones
 * first, then the most recently reported, a page at a time with no cap. Each item carries its open
 * reports (whether each counts toward a hold, and a pseudonymous tag of its network), its history,
 * the end of an approval's immunity, and the bursts moderators look for: reports against its owner,
 * and from each of its reporters' networks, on any listing in the last RAFAGA_HORAS.
 */
import crypto from 'node:crypto';
import { and, count, countDistinct, desc, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { MODERACION_PAGE_SIZE, RAFAGA_HORAS, type EventoHistorial, type ModeracionItem, type ModeracionResponse, type Rafaga, type Reporte } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioReports, anuncios, moderationEvents, users, type AnuncioRow, type UserRow } from '../db/schema';

const DAY_MS = 24 * 3600_000;
type ReportRow = typeof anuncioReports.$inferSelect;
type EventRow = typeof moderationEvents.$inferSelect;

export interface QueueOptions {
  page: number;
  now: Date;
  immunityDays: number;
  /** Keys the network tags (the JWT secret): stable, and no address can be read back from one. */
  secret: string;
}

/** A network's tag as moderators see it: the same for every report from it, never its address. */
export const networkRef = (secret: string, network: string) => crypto.createHmac('sha256', secret).update(`red:${network}`).digest('hex').slice(0, 8);

/** Listings on hold (the partial index anuncios_held_idx) or with open reports, blocked owners' excepted. */
const queued = sql`
  (SELECT ${anuncioReports.anuncioId} AS id FROM ${anuncioReports} WHERE ${anuncioReports.resolvedAt} IS NULL
   UNION
   SELECT ${anuncios.id} FROM ${anuncios} WHERE ${anuncios.estado} = 'en revisión') AS q
  JOIN ${anuncios} a ON a.id = q.id AND NOT a.bloqueado`;

async function pageIds(db: Db, page: number): Promise<{ ids: string[]; total: number }> {
  const rows = (await db.execute(sql`
    SELECT a.id FROM ${queued}
    ORDER BY a.estado = 'en revisión' DESC,
      coalesce((SELECT max(r.created_at) FROM ${anuncioReports} r WHERE r.anuncio_id = a.id AND r.resolved_at IS NULL), a.updated_at) DESC,
      a.id
    LIMIT ${MODERACION_PAGE_SIZE} OFFSET ${page * MODERACION_PAGE_SIZE}`)) as unknown as { rows: { id: string }[] };
  const total = (await db.execute(sql`SELECT count(*)::int AS n FROM ${queued}`)) as unknown as { rows: { n: number }[] };
  return { ids: rows.rows.map((r) => r.id), total: Number(total.rows[0]?.n ?? 0) };
}

/** Reports in the burst window, per value of `key` (an owner or a network). */
async function bursts(db: Db, key: typeof anuncioReports.ownerId | typeof anuncioReports.network, values: string[], since: Date): Promise<Map<string, Rafaga>> {
  if (!values.length) return new Map();
  const rows = await db
    .select({ key, reportes: count(), anuncios: countDistinct(anuncioReports.anuncioId) })
    .from(anuncioReports)
    .where(and(inArray(key, values), gt(anuncioReports.createdAt, since)))
    .groupBy(key);
  return new Map(rows.map((r) => [r.key as string, { reportes: Number(r.reportes), anuncios: Number(r.anuncios) }]));
}

function eventsOf(events: EventRow[], row: AnuncioRow): EventoHistorial[] {
  return (
    events
      // a user's block and unblock show on each of their listings; other events on their own listing
      .filter((e) => e.anuncioId === row.id || ((e.accion === 'bloquear' || e.accion === 'desbloquear') && e.userId !== null && e.userId === row.ownerId))
      .map((e) => ({ id: e.id, accion: e.accion, motivo: e.motivo, moderador: e.moderatorEmail, createdAt: e.createdAt.toISOString() }))
  );
}

function reportOf(r: ReportRow, secret: string): Reporte {
  return {
    id: r.id,
    motivo: r.motivo,
    comentario: r.comentario,
    reportero: r.userId || r.reporter.startsWith('u:') ? 'usuario' : 'visitante',
    conPeso: r.counts,
    red: r.network ? networkRef(secret, r.network) : '',
    createdAt: r.createdAt.toISOString(),
    resueltoAt: r.resolvedAt?.toISOString() ?? null,
  };
}

/** Accounts with standing that reported, one per network: what a hold counts. */
const countingOf = (reports: ReportRow[]) => {
  const counted = reports.filter((r) => r.counts);
  return Math.min(new Set(counted.map((r) => r.reporter)).size, new Set(counted.map((r) => r.network).filter(Boolean)).size);
};

export async function moderationQueue(db: Db, opts: QueueOptions): Promise<ModeracionResponse> {
  const { ids, total } = await pageIds(db, opts.page);
  const response = { items: [] as ModeracionItem[], total, page: opts.page, pageSize: MODERACION_PAGE_SIZE };
  if (!ids.length) return response;
  const [rows, reports] = await Promise.all([
    db.select().from(anuncios).where(inArray(anuncios.id, ids)),
    db.select().from(anuncioReports).where(and(inArray(anuncioReports.anuncioId, ids), isNull(anuncioReports.resolvedAt))).orderBy(desc(anuncioReports.createdAt), desc(anuncioReports.id)),
  ]);
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((o): o is string => o !== null))];
  const networks = [...new Set(reports.map((r) => r.network).filter((n): n is string => n !== null))];
  const since = new Date(opts.now.getTime() - RAFAGA_HORAS * 3600_000);
  const byListing: SQL = inArray(moderationEvents.anuncioId, ids);
  const [owners, events, ownerBursts, networkBursts] = await Promise.all([
    ownerIds.length ? db.select().from(users).where(inArray(users.id, ownerIds)) : Promise.resolve([] as UserRow[]),
    db
      .select()
      .from(moderationEvents)
      .where(ownerIds.length ? or(byListing, inArray(moderationEvents.userId, ownerIds)) : byListing)
      .orderBy(desc(moderationEvents.id)),
    bursts(db, anuncioReports.ownerId, ownerIds, since),
    bursts(db, anuncioReports.network, networks, since),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  response.items = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const owner = row.ownerId ? ownerById.get(row.ownerId) : undefined;
    const mine = reports.filter((r) => r.anuncioId === id);
    const approved = events.find((e) => e.anuncioId === id && e.accion === 'aprobar');
    const immuneUntil = approved ? approved.createdAt.getTime() + opts.immunityDays * DAY_MS : 0;
    const nets = [...new Set(mine.map((r) => r.network).filter((n): n is string => n !== null))];
    return [
      {
        anuncio: { _id: row.id, title: row.title, propiedad: row.propiedad, estado: row.estado, place: row.place, createdAt: row.createdAt.toISOString() },
        dueno: owner ? { _id: owner.id, email: owner.email, name: owner.name, apellido: owner.apellido, bloqueado: owner.blockedAt !== null } : null,
        reportes: mine.map((r) => reportOf(r, opts.secret)),
        reporteros: new Set(mine.map((r) => r.reporter)).size,
        reporterosConPeso: countingOf(mine),
        historial: eventsOf(events, row),
        inmuneHasta: immuneUntil > opts.now.getTime() ? new Date(immuneUntil).toISOString() : null,
        rafagaDueno: row.ownerId ? (ownerBursts.get(row.ownerId) ?? { reportes: 0, anuncios: 0 }) : null,
        rafagasRed: nets.map((n) => ({ red: networkRef(opts.secret, n), ...(networkBursts.get(n) ?? { reportes: 0, anuncios: 0 }) })).sort((a, b) => b.reportes - a.reportes),
      },
    ];
  });
  return response;
}

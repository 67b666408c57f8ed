/**
 * The agencies' SQL (issue 46, docs/decisions/0040-agencies.md): the operator's command adds,
 * pauses and gives feeds to them; the feed import reads the active ones with a feed; the public
 * route names them all.
 */
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { AGENCIA_MSG, AGENCIA_NAME_MAX, AGENCIA_SLUG, AGENCIA_SLUG_MAX, safeLine, type AgenciaPerfil, type AgenciaRef } from 'shared-contracts';
import type { Db } from '../db/client';
import { agencias, anuncios, type AgenciaRow } from '../db/schema';

/** A refusal the command prints as given (Spanish). */
export class AgencyError extends Error {}

export interface NewAgency {
  slug: string;
  name: string;
  feedUrl?: string | null;
  logo?: string;
  phone?: string;
  whatsapp?: string;
  email?: string;
  address?: string;
  latitude?: number | null;
  longitude?: number | null;
  description?: string;
  rnc?: string;
}

export function checkSlug(slug: string): string {
  if (slug.length > AGENCIA_SLUG_MAX || !AGENCIA_SLUG.test(slug)) throw new AgencyError(AGENCIA_MSG.slugNoValido);
  return slug;
}

function checkName(name: string): string {
  const line = safeLine(name);
  if (!line) throw new AgencyError(AGENCIA_MSG.nombreRequerido);
  if (line.length > AGENCIA_NAME_MAX) throw new AgencyError(AGENCIA_MSG.nombreLargo);
  return line;
}

/** A feed is an http(s) URL or a file path (the import decides whether it can read it). */
export function checkFeed(feed: string | null | undefined): string | null {
  if (feed === null || feed === undefined) return null;
  const value = feed.trim();
  if (!value || /^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !/^https?:\/\//i.test(value)) throw new AgencyError(AGENCIA_MSG.feedNoValido);
  return value;
}

export async function addAgency(db: Db, input: NewAgency): Promise<AgenciaRow> {
  const values = {
    ...input,
    slug: checkSlug(input.slug),
    name: checkName(input.name),
    feedUrl: checkFeed(input.feedUrl),
    kind: 'feed' as const,
  };
  for (const key of ['logo', 'phone', 'whatsapp', 'email', 'address', 'rnc'] as const) {
    if (values[key] !== undefined) values[key] = safeLine(values[key]);
  }
  const [row] = await db.insert(agencias).values(values).onConflictDoNothing({ target: agencias.slug }).returning();
  if (!row) throw new AgencyError(AGENCIA_MSG.yaExiste(values.slug));
  return row;
}

async function update(db: Db, slug: string, values: Partial<AgenciaRow>): Promise<AgenciaRow> {
  const [row] = await db
    .update(agencias)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(agencias.slug, slug))
    .returning();
  if (!row) throw new AgencyError(AGENCIA_MSG.desconocida(slug));
  return row;
}

export const setFeed = (db: Db, slug: string, feed: string | null) => update(db, slug, { feedUrl: checkFeed(feed) });
export const setStatus = (db: Db, slug: string, status: AgenciaRow['status']) => update(db, slug, { status });

/** Only an agency without listings is removed; one with listings is paused instead (nothing lost). */
export async function removeAgency(db: Db, slug: string): Promise<void> {
  const [{ n }] = (await db.select({ n: count() }).from(anuncios).where(eq(anuncios.source, slug))) as [{ n: number }];
  if (n > 0) throw new AgencyError(AGENCIA_MSG.conAnuncios(slug, n));
  const gone = await db.delete(agencias).where(eq(agencias.slug, slug)).returning({ id: agencias.id });
  if (!gone.length) throw new AgencyError(AGENCIA_MSG.desconocida(slug));
}

export async function agencyBySlug(db: Db, slug: string): Promise<AgenciaRow | null> {
  const [row] = await db.select().from(agencias).where(eq(agencias.slug, slug));
  return row ?? null;
}

export function listAgencies(db: Db): Promise<AgenciaRow[]> {
  return db.select().from(agencias).orderBy(asc(agencias.slug));
}

/** What the scheduled and `--all` imports read: the active agencies that have a feed. */
export function feedPartners(db: Db): Promise<Pick<AgenciaRow, 'slug' | 'name' | 'feedUrl'>[]> {
  return db
    .select({ slug: agencias.slug, name: agencias.name, feedUrl: agencias.feedUrl })
    .from(agencias)
    .where(and(eq(agencias.status, 'active'), isNotNull(agencias.feedUrl)))
    .orderBy(asc(agencias.slug));
}

/** Every agency's slug and name (`GET /agencias`). */
export async function agencyRefs(db: Db): Promise<AgenciaRef[]> {
  return db.select({ slug: agencias.slug, nombre: agencias.name }).from(agencias).orderBy(asc(agencias.name));
}

/** An agency's public profile (`GET /agencias/{slug}`); null for an unknown slug. Paused agencies included. */
export async function agencyProfile(db: Db, slug: string): Promise<AgenciaPerfil | null> {
  const [row] = await db
    .select({
      slug: agencias.slug,
      nombre: agencias.name,
      logo: agencias.logo,
      telefono: agencias.phone,
      whatsapp: agencias.whatsapp,
      email: agencias.email,
      direccion: agencias.address,
      latitude: agencias.latitude,
      longitude: agencias.longitude,
      descripcion: agencias.description,
      rnc: agencias.rnc,
    })
    .from(agencias)
    .where(eq(agencias.slug, slug));
  return row ?? null;
}

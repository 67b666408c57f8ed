/**
 * What the site server's sitemap is made of (shell/server/sitemap.mjs), answered in pieces that
 * stay small at 1,000,000 listings:
 *   GET /sitemap/anuncios            { perFile, files: [{ file, lastmod }] } one entry per block of
 *                                    PER_FILE consecutive `seq` values holding published listings
 *   GET /sitemap/anuncios/:file      { items: [{ id, lastmod }] } the published listings of block
 *                                    `file` (seq in file*PER_FILE+1 .. (file+1)*PER_FILE), by seq
 *   GET /sitemap/lugares             { items: [{ proposito, propiedad, lugar? }] } the landing pages
 *                                    that show listings: purpose and type, with each place slug
 *                                    (lugares/resolve.ts) whose page shows that listing
 * A block is a range of the (status, seq) index, so each file is one index range scan and has at
 * most PER_FILE entries (the sitemap protocol's limit is 50,000 URLs per file).
 *
 * Issue 40: the index and the places are scans of every published listing, and anyone could ask
 * for them as often as they liked. Each answer is now kept (serialized) for SITEMAP_CACHE_MS and
 * computed once however many ask meanwhile, and the calls are limited per client (the site
 * server, which builds every crawler's sitemap from them, by its key is not). The cache is each
 * instance's own and is dropped by every change to the searchable listings (searchChanges: this
 * instance's writes and the others' NOTIFYs), so a publish or a removal shows at once; a change
 * made outside the API (a script on the database) shows within SITEMAP_CACHE_MS.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { and, asc, between, eq, max, sql } from 'drizzle-orm';
import { MSG, landingAtributosOf, type LandingAtributo } from 'shared-contracts';
import { sitemapBlockResponseSchema, sitemapFilesResponseSchema, sitemapLugaresResponseSchema } from 'shared-contracts/responses';
import { errors, sendJson } from '../route-schemas';
import { HttpError } from '../http-error';
import { anuncios } from '../db/schema';
import { publiclyVisible } from '../anuncios/repository';
import { optionLists } from '../search';
import { slugOfPlace } from '../geocoder';
import { resolveLugar } from '../lugares/resolve';

export const SITEMAP_PER_FILE = 50_000;
/** How long an answer is reused: the longest a change takes to reach the sitemap. */
export const SITEMAP_CACHE_MS = 60_000;
/** Answers kept at once (the index, the places and the blocks asked most recently). */
const CACHE_ENTRIES = 32;
const published = eq(anuncios.status, 'published');

/**
 * Serialized answers by path, each loaded once per SITEMAP_CACHE_MS; a failed load is not kept.
 * `clear` drops them all: called on every change to the searchable listings, this instance's or
 * another's (searchChanges), so the delay is the exception (a missed NOTIFY), not the rule.
 */
function answerCache(now: () => number) {
  const entries = new Map<string, { at: number; json: Promise<string> }>();
  const cached = (key: string, load: () => Promise<unknown>): Promise<string> => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < SITEMAP_CACHE_MS) return hit.json;
    entries.delete(key);
    if (entries.size >= CACHE_ENTRIES) entries.delete(entries.keys().next().value as string);
    const entry = { at: now(), json: load().then((v) => JSON.stringify(v)) };
    entries.set(key, entry);
    entry.json.catch(() => entries.get(key) === entry && entries.delete(key));
    return entry.json;
  };
  return Object.assign(cached, { clear: () => entries.clear() });
}

export default async function sitemapRoutes(app: FastifyInstance, opts: { perFile?: number } = {}) {
  const { db } = app;
  const perFile = opts.perFile ?? SITEMAP_PER_FILE;
  const cached = answerCache(app.clock.now);
  const unsubscribe = app.searchChanges.onChange(cached.clear);
  app.addHook('onClose', async () => unsubscribe());
  const send = async (reply: FastifyReply, json: Promise<string>) => sendJson(reply, await json);
  const limited = (response: z.ZodType, params?: z.ZodObject) => ({ preValidation: app.limitSitemap, schema: { tags: ['Sitemap'], ...(params && { params }), response: { 200: response, ...errors(429) } } });

  app.get('/sitemap/anuncios', limited(sitemapFilesResponseSchema), (_request, reply) => send(reply, cached('anuncios', files)));
  app.get<{ Params: { file: string } }>('/sitemap/anuncios/:file', limited(sitemapBlockResponseSchema, z.object({ file: z.string() })), async (request, reply) => {
    const file = Number(request.params.file);
    if (!Number.isInteger(file) || file < 0 || file > 1_000_000) throw new HttpError(400, MSG.invalidInput);
    return send(reply, cached(`anuncios/${file}`, () => block(file)));
  });
  app.get('/sitemap/lugares', limited(sitemapLugaresResponseSchema), (_request, reply) => send(reply, cached('lugares', lugares)));

  async function files() {
    // the divisor inlined (an integer of ours): as a bound parameter, the select's and the group
    // by's expressions would differ for PostgreSQL
    const block = sql<number>`(${anuncios.seq} - 1) / ${sql.raw(String(Math.trunc(perFile)))}`.mapWith(Number);
    const rows = await db
      .select({ file: block, lastmod: max(anuncios.updatedAt) })
      .from(anuncios)
      .where(published)
      .groupBy(block)
      .orderBy(block);
    return { perFile, files: rows.map((r) => ({ file: r.file, lastmod: r.lastmod ? new Date(r.lastmod).toISOString() : null })) };
  }

  async function block(file: number) {
    const rows = await db
      .select({ id: anuncios.id, lastmod: anuncios.updatedAt })
      .from(anuncios)
      // only what a visitor can open (paused, held, withdrawn or blocked listings answer 404)
      .where(and(published, publiclyVisible, between(anuncios.seq, file * perFile + 1, (file + 1) * perFile)))
      .orderBy(asc(anuncios.seq));
    return { items: rows.map((r) => ({ id: r.id, lastmod: new Date(r.lastmod).toISOString() })) };
  }

  async function lugares() {
    // what search finds (anuncio_searchable(), migration 0007): a landing page of only sold or
    // paused listings would be empty, and an empty page is no page for the sitemap
    const rows = await db
      .selectDistinct({
        proposito: anuncios.proposito,
        propiedad: anuncios.propiedad,
        region: anuncios.region,
        locality: anuncios.locality,
        place: anuncios.place,
        // issue 42: what the attribute pages filter on (landingAtributosOf)
        amueblado: anuncios.amueblado,
        respaldo: anuncios.respaldo,
        piscina: anuncios.piscina,
        ascensor: anuncios.ascensor,
        seguridad24h: anuncios.seguridad24h,
        construccion: anuncios.construccion,
      })
      .from(anuncios)
      .where(sql`anuncio_searchable(anuncios)`);
    const options = await app.searchCache.options(() => optionLists(db));
    type Item = { proposito: string; propiedad: string; lugar?: string; atributo?: LandingAtributo };
    const items = new Map<string, Item>();
    const add = (item: Item) => {
      const key = `${item.proposito}/${item.propiedad}/${item.lugar ?? ''}/${item.atributo ?? ''}`;
      if (!items.has(key)) items.set(key, item);
    };
    for (const row of rows) {
      const { proposito, propiedad } = row;
      add({ proposito, propiedad });
      const atributos = landingAtributosOf(propiedad, row);
      for (const campo of ['region', 'locality', 'place'] as const) {
        const nombre = row[campo];
        if (!nombre) continue;
        const slug = slugOfPlace(campo, nombre, campo === 'locality' ? row.place : campo === 'place' ? row.region : undefined);
        // only an address that shows this listing: the slug's filters are this listing's values
        const lugar = resolveLugar(slug, options);
        const shows = lugar && lugar.slug === slug && lugar.filtros[campo] === nombre && Object.entries(lugar.filtros).every(([k, v]) => row[k as typeof campo] === v);
        if (!shows) continue;
        add({ proposito, propiedad, lugar: slug });
        // the attribute pages exist under a place only (/alquiler/apartamento/piantini/amueblado)
        for (const atributo of atributos) add({ proposito, propiedad, lugar: slug, atributo });
      }
    }
    return { items: [...items.values()] };
  }
}

/**
 * The public search written again on `anuncios`, with the one searchability rule: what the
 * search suites compare the API's counts and pages with (so the trigger-kept search table, the
 * cubes and the cached statements are all checked against the source of truth).
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Filters } from 'shared-contracts';
import { anuncios } from '../../src/db/schema';

export function whereOnAnuncios(f: Filters) {
  const price = f.moneda ? anuncios.price : anuncios.priceRd;
  return and(
    sql`anuncio_searchable(anuncios)`,
    f.proposito ? eq(anuncios.proposito, f.proposito) : undefined,
    f.propiedad ? eq(anuncios.propiedad, f.propiedad) : undefined,
    f.habitaciones !== undefined ? gte(anuncios.habitaciones, f.habitaciones) : undefined,
    f.metrosMin !== undefined ? gte(anuncios.metros, f.metrosMin) : undefined,
    f.metrosMax !== undefined ? lte(anuncios.metros, f.metrosMax) : undefined,
    f.moneda ? eq(anuncios.moneda, f.moneda) : undefined,
    f.precioMin !== undefined ? gte(price, f.precioMin) : undefined,
    f.precioMax !== undefined ? lte(price, f.precioMax) : undefined,
    f.place ? eq(anuncios.place, f.place) : undefined,
    f.region ? eq(anuncios.region, f.region) : undefined,
    f.locality ? eq(anuncios.locality, f.locality) : undefined,
  );
}

/**
 * The public search written again on `anuncios`, with the one searchability rule: what the
 * search suites compare the API's counts and pages with (so the trigger-kept search table, the
 * cubes and the cached statements are all checked against the source of truth).
 */
import { and, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
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
    ...attributeConditions(f),
    // issue 46: an agency's listing has its slug in source; an owner's has none
    f.anunciante ? (f.anunciante === 'inmobiliaria' ? isNotNull(anuncios.source) : isNull(anuncios.source)) : undefined,
  );
}

/**
 * Issue 42's filters as the issue states them, on anuncios' own columns: at least N full
 * bathrooms; at least N parking spaces (a listing that says "parking" without a count has at
 * least one); exact furniture and construction; a minimum power backup (a plant is more than an
 * inverter); amenities that are known to be there; delivery by December of the year; the fee at
 * most, in the search's currency (RD$ without one).
 */
function attributeConditions(f: Filters) {
  const fee = f.moneda === 'US' ? anuncios.mantenimientoUs : anuncios.mantenimientoRd;
  const respaldos: ('planta' | 'inversor')[] = f.respaldo === 'planta' ? ['planta'] : ['planta', 'inversor'];
  return [
    f.banosMin !== undefined ? gte(anuncios.banos, f.banosMin) : undefined,
    f.parqueosMin !== undefined ? sql`coalesce(${anuncios.parqueos}, CASE WHEN ${anuncios.parqueo} THEN 1 END) >= ${f.parqueosMin}` : undefined,
    f.amueblado ? eq(anuncios.amueblado, f.amueblado) : undefined,
    f.respaldo ? inArray(anuncios.respaldo, respaldos) : undefined,
    f.ascensor ? eq(anuncios.ascensor, true) : undefined,
    f.piscina ? eq(anuncios.piscina, true) : undefined,
    f.seguridad24h ? eq(anuncios.seguridad24h, true) : undefined,
    f.construccion ? eq(anuncios.construccion, f.construccion) : undefined,
    f.entregaHasta !== undefined ? lte(anuncios.entrega, `${f.entregaHasta}-12`) : undefined,
    f.mantenimientoMax !== undefined ? lte(fee, f.mantenimientoMax) : undefined,
  ];
}

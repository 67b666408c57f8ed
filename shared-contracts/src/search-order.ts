/**
 * The orders a search's results can be listed in (issue 42): `orden` of `POST /allAnuncios` and of
 * the search's URL. `recientes` (newest first) is the SPEC's order and the default: a request or
 * an address without `orden` lists exactly as before. Prices are compared in RD$ (a US$ price ×
 * USD_DOP_RATE, as the filters without a currency compare them); listings without an area come
 * after those with one in the area and price-per-m² orders; equal values keep a fixed order (by
 * publication), so pages never repeat or skip a listing.
 */
export const ORDENES = ['recientes', 'precio_asc', 'precio_desc', 'metros_desc', 'precio_m2_asc'] as const;
export type Orden = (typeof ORDENES)[number];
export const ORDEN_DEFAULT: Orden = 'recientes';

/** What the select beside the result count shows. */
export const ORDEN_LABELS: Record<Orden, string> = {
  recientes: 'Más recientes',
  precio_asc: 'Precio: menor a mayor',
  precio_desc: 'Precio: mayor a menor',
  metros_desc: 'Mayor superficie',
  precio_m2_asc: 'Menor precio por m²',
};

export const ORDEN_MSG = {
  ordenInvalido: 'Orden no válido',
} as const;

export function isOrden(value: unknown): value is Orden {
  return typeof value === 'string' && (ORDENES as readonly string[]).includes(value);
}

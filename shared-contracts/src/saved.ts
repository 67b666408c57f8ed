/**
 * Favourites, saved searches and their email alerts (issue 22): limits, frequencies, the
 * visitor's favourites in the browser, the proposed name of a search and the texts of these
 * screens. Kept apart from messages.ts, which holds the SPEC's own strings.
 */
import { AMUEBLADO_LABELS, CONSTRUCCION_LABELS, RESPALDO_FILTER_LABELS } from './attributes';
import { ANUNCIANTE_LABELS } from './agencias';
import { formatPrice } from './format';
import { searchQuery } from './search-url';
import type { Anuncio } from './types';
import type { Filters } from './schemas';

export const FAVORITOS_MAX = 500;
export const BUSQUEDAS_MAX = 20;
export const BUSQUEDA_NOMBRE_MAX = 120;
/** An alert email lists at most this many new listings, then "Ver todos". */
export const ALERT_LISTINGS_MAX = 10;

export const FRECUENCIAS = ['instantaneo', 'diario', 'semanal'] as const;
export type Frecuencia = (typeof FRECUENCIAS)[number];
export const FRECUENCIA_LABELS: Record<Frecuencia, string> = { instantaneo: 'Instantáneo', diario: 'Diario', semanal: 'Semanal' };

/** The visitor's favourites (listing ids, newest first) until they log in. */
export const FAVORITOS_STORAGE_KEY = 'favoritos';

export const SAVED_MSG = {
  guardarFavorito: 'Guardar en favoritos',
  quitarFavorito: 'Quitar de favoritos',
  favoritosLimit: `Puedes guardar hasta ${FAVORITOS_MAX} favoritos. Quita alguno para guardar otro.`,
  busquedasLimit: `Puedes guardar hasta ${BUSQUEDAS_MAX} búsquedas. Borra alguna para guardar otra.`,
  /** Issue 39: the same filters saved twice would send every alert twice. */
  busquedaRepetida: (nombre: string) => `Ya guardaste esta búsqueda como "${nombre}". Puedes cambiar su frecuencia en Mis búsquedas.`,
  busquedaNoEncontrada: 'Búsqueda no encontrada',
  anuncioNoEncontrado: 'Anuncio no encontrado',
  guardarBusqueda: 'Guardar búsqueda',
  busquedaGuardada: 'Búsqueda guardada. Te avisaremos por email de los anuncios nuevos.',
  bajaHecha: 'Listo: ya no recibirás alertas de esta búsqueda.',
  bajaInvalida: 'El enlace para dejar de recibir alertas no es válido.',
  favoritosTitulo: 'Favoritos',
  favoritosVacio: 'Aún no tienes favoritos. Toca el corazón de un anuncio para guardarlo aquí.',
  favoritosVisitante: 'Tus favoritos se guardan en este navegador. Inicia sesión para tenerlos en tu cuenta.',
  anuncioYaNoExiste: 'Este anuncio ya no está publicado',
  /** Issue 40: a favourite that moderation hid or whose owner was blocked (its card is not shown). */
  anuncioNoDisponible: 'Este anuncio ya no está disponible',
  misBusquedasTitulo: 'Mis búsquedas',
  misBusquedasVacio: 'No tienes búsquedas guardadas. Busca en el inicio y pulsa "Guardar búsqueda".',
  alertasDesactivadas: 'Alertas desactivadas',
  // Issue 39: the price-drop emails of favourites, with their own unsubscribe.
  avisosPrecio: 'Avisarme por email cuando un favorito baje de precio',
  bajaAvisosPrecioHecha: 'Listo: ya no recibirás avisos de bajadas de precio de tus favoritos. Puedes volver a activarlos en Favoritos.',
  bajaAvisosPrecioInvalida: 'El enlace para dejar de recibir avisos de bajadas de precio no es válido.',
} as const;

/**
 * What makes two saved searches the same (issue 39): their filters once normalised, as the
 * search's address writes them (search-url.ts): empty values dropped, keys in one fixed order.
 * Used by the API to refuse a repeated search and by the save dialog to say so before saving.
 */
export function searchIdentity(filters: Filters): string {
  return searchQuery({ filters, page: 1 });
}

/**
 * GET /favoritos: newest first; `anuncio` null once the listing no longer exists, and also while
 * moderation hides it (held, withdrawn) or its owner is blocked, then with `disponible: false`
 * (issue 40: the list must not show what the detail hides).
 */
export interface Favorito {
  anuncioId: string;
  createdAt: string;
  anuncio: Anuncio | null;
  disponible?: false;
}
export interface FavoritosResponse {
  favoritos: Favorito[];
  /** Issue 39: whether the account gets the price-drop emails of its favourites. */
  avisosPrecio: boolean;
}

export interface SavedSearch {
  _id: string;
  nombre: string;
  filters: Filters;
  frecuencia: Frecuencia;
  /** False after the one-click unsubscribe; choosing a frequency again turns them back on. */
  alertas: boolean;
  createdAt: string;
}
export interface BusquedasResponse {
  busquedas: SavedSearch[];
}

const PLURAL: Record<string, string> = {
  Casa: 'Casas',
  Apartamento: 'Apartamentos',
  Villa: 'Villas',
  Solar: 'Solares',
  Terreno: 'Terrenos',
  Penthouse: 'Penthouses',
  Finca: 'Fincas',
  Oficina: 'Oficinas',
  Hotel: 'Hoteles',
  Townhouse: 'Townhouses',
  Otro: 'Otros inmuebles',
  Turistico: 'Inmuebles turísticos',
  'Estacion de Combustible': 'Estaciones de combustible',
  Proyecto: 'Proyectos',
  Negocio: 'Negocios',
  Edificio: 'Edificios',
};

/** "Apartamentos en venta en Piantini, hasta US$ 250,000": the name a saved search is offered. */
export function proposeSearchName(filters: Filters): string {
  const what = filters.propiedad ? (PLURAL[filters.propiedad] ?? filters.propiedad) : 'Inmuebles';
  const purpose = filters.proposito === 'venta' ? ' en venta' : filters.proposito === 'alquiler' ? ' en alquiler' : '';
  const where = filters.locality ?? filters.place ?? filters.region;
  const parts = [`${what}${purpose}${where ? ` en ${where}` : ''}`];
  if (filters.habitaciones) parts.push(`${filters.habitaciones}+ hab.`);
  if (filters.precioMin !== undefined && filters.precioMax !== undefined) {
    parts.push(`de ${formatPrice(filters.precioMin, filters.moneda)} a ${formatPrice(filters.precioMax, filters.moneda)}`);
  } else if (filters.precioMax !== undefined) parts.push(`hasta ${formatPrice(filters.precioMax, filters.moneda)}`);
  else if (filters.precioMin !== undefined) parts.push(`desde ${formatPrice(filters.precioMin, filters.moneda)}`);
  parts.push(...attributeNameParts(filters));
  return parts.join(', ').slice(0, BUSQUEDA_NOMBRE_MAX);
}

/** Issue 42: the attribute filters in a search's proposed name ('2+ baños', 'amueblado', 'planta eléctrica full', …). */
function attributeNameParts(f: Filters): string[] {
  const parts: string[] = [];
  if (f.banosMin) parts.push(`${f.banosMin}+ baños`);
  if (f.parqueosMin) parts.push(`${f.parqueosMin}+ parqueos`);
  if (f.amueblado) parts.push(AMUEBLADO_LABELS[f.amueblado].toLowerCase());
  if (f.respaldo) parts.push(RESPALDO_FILTER_LABELS[f.respaldo].toLowerCase());
  if (f.ascensor) parts.push('con ascensor');
  if (f.piscina) parts.push('con piscina');
  if (f.seguridad24h) parts.push('seguridad 24 horas');
  if (f.construccion) parts.push(CONSTRUCCION_LABELS[f.construccion].toLowerCase());
  if (f.entregaHasta) parts.push(`entrega hasta ${f.entregaHasta}`);
  if (f.mantenimientoMax !== undefined) parts.push(`mantenimiento hasta ${formatPrice(f.mantenimientoMax, f.moneda)}`);
  // issue 46: who advertises
  if (f.anunciante) parts.push(ANUNCIANTE_LABELS[f.anunciante].toLowerCase());
  // issue 44: an area of the map
  if (f.poligono) parts.push('en el área dibujada');
  else if (f.zona) parts.push('en la zona del mapa');
  return parts;
}

/** The visitor's favourites as stored in the browser (a bad or missing value is none). */
export function readLocalFavoritos(storage: { getItem(key: string): string | null } | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(FAVORITOS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string').slice(0, FAVORITOS_MAX) : [];
  } catch {
    return [];
  }
}

/**
 * Location landing pages: `/venta`, `/alquiler`, `/venta/{propiedad}`,
 * `/venta/{propiedad}/{provincia-o-sector}` (slugs without accents, `/venta/apartamento/piantini`).
 * They show the home grid filtered by the path; the detail links to them (breadcrumb) and the
 * sitemap lists them. One reading and one writing of the paths, for the shell, mf-search,
 * mf-listing and the site server.
 */
import { PROPIEDAD_FILTER, PROPOSITO_FILTER, type Propiedad } from './enums';

type PropositoFiltro = (typeof PROPOSITO_FILTER)[number];

/** 'Santo Domingo Este' -> 'santo-domingo-este', 'Estación' -> 'estacion'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface LandingPath {
  proposito: PropositoFiltro;
  propiedad?: Propiedad;
  /** The slug of a province (region) or a sector (place, locality), resolved against the listings. */
  lugar?: string;
}

const LANDING = /^\/(venta|alquiler)(?:\/([a-z0-9-]+)(?:\/([a-z0-9-]{1,120}))?)?\/?$/;

/** A path under /venta or /alquiler: a landing page, or nothing at all (404), never the home page. */
export function isLandingPathname(pathname: string): boolean {
  return /^\/(venta|alquiler)(\/|$)/.test(pathname);
}

/** What a place's slug may be (GET /lugares/{slug}); anything else names no place. */
export const LUGAR_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const LUGAR_SLUG_MAX = 120;

/** GET /lugares/{slug}: the place a landing slug names, and the listing filters that are that place. */
export interface LugarResponse {
  /** The place's own slug (the canonical address); differs when reached by another name ("ensanche-naco"). */
  slug: string;
  nombre: string;
  /**
   * region = province, place = municipality, locality = sector, as listings hold them; a sector
   * whose name another sector has also filters its municipality (Bella Vista of Santiago).
   */
  filtros: Partial<Record<'region' | 'place' | 'locality', string>>;
}

export const LANDING_MSG = {
  /** GET /lugares/{slug} of a slug no place has (404). */
  lugarDesconocido: 'No conocemos ese lugar',
  /** A known place with no listing of that kind yet: the page says so and offers "Guardar búsqueda". */
  sinAnuncios: (heading: string) => `Todavía no hay anuncios de ${heading.charAt(0).toLowerCase()}${heading.slice(1)}.`,
  avisame: 'Guarda esta búsqueda y te avisamos por correo cuando se publique uno.',
};

/** The landing page a path names, or null (not a landing path, or an unknown property type). */
export function parseLandingPath(pathname: string): LandingPath | null {
  const m = LANDING.exec(pathname);
  if (!m) return null;
  const landing: LandingPath = { proposito: m[1] as PropositoFiltro };
  if (m[2]) {
    const propiedad = PROPIEDAD_FILTER.find((p) => slugify(p) === m[2]);
    if (!propiedad) return null;
    landing.propiedad = propiedad;
  }
  if (m[3]) landing.lugar = m[3];
  return landing;
}

export function landingPath({ proposito, propiedad, lugar }: { proposito: string; propiedad?: string | null; lugar?: string | null }): string {
  let out = `/${slugify(proposito)}`;
  if (propiedad) {
    out += `/${slugify(propiedad)}`;
    if (lugar) out += `/${slugify(lugar)}`;
  }
  return out;
}

const PLURAL: Record<string, string> = { Casa: 'Casas', Apartamento: 'Apartamentos', Villa: 'Villas', Solar: 'Solares', Terreno: 'Terrenos', Local: 'Locales' };

/** 'Apartamentos en venta en Piantini', 'Inmuebles en alquiler'. */
export function landingTitle(proposito: string, propiedad?: string | null, lugar?: string | null): string {
  const what = propiedad ? (PLURAL[propiedad] ?? propiedad) : 'Inmuebles';
  return `${what} en ${proposito}${lugar ? ` en ${lugar}` : ''}`;
}

/**
 * Location landing pages: `/venta`, `/alquiler`, `/venta/{propiedad}`,
 * `/venta/{propiedad}/{provincia-o-sector}` (slugs without accents, `/venta/apartamento/piantini`).
 * They show the home grid filtered by the path; the detail links to them (breadcrumb) and the
 * sitemap lists them. One reading and one writing of the paths, for the shell, mf-search,
 * mf-listing and the site server.
 */
import { PROPIEDAD_FILTER, PROPOSITO_FILTER, type Propiedad } from './enums';
import type { Filters } from './schemas';

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

/**
 * Issue 42: the attribute a landing page may add after its place
 * (`/alquiler/apartamento/piantini/amueblado`), a small fixed set (docs/decisions/0030): its
 * filters, and the words its title adds (by the type's gender where they agree with it).
 */
export const LANDING_ATRIBUTOS = {
  amueblado: { filtros: { amueblado: 'si' }, texto: 'amueblados', femenino: 'amuebladas' },
  'con-planta': { filtros: { respaldo: 'planta' }, texto: 'con planta eléctrica full' },
  'con-piscina': { filtros: { piscina: true }, texto: 'con piscina' },
  'con-ascensor': { filtros: { ascensor: true }, texto: 'con ascensor' },
  'con-seguridad': { filtros: { seguridad24h: true }, texto: 'con seguridad 24 horas' },
  'en-planos': { filtros: { construccion: 'planos' }, texto: 'en planos' },
  'en-construccion': { filtros: { construccion: 'construccion' }, texto: 'en construcción' },
} as const satisfies Record<string, { filtros: Filters; texto: string; femenino?: string }>;
export type LandingAtributo = keyof typeof LANDING_ATRIBUTOS;
/** Land has no furniture, elevator or delivery: no attribute pages for it. */
const SIN_ATRIBUTOS: readonly Propiedad[] = ['Solar', 'Terreno'];
const FEMENINO: readonly string[] = ['Casa', 'Villa'];

export function isLandingAtributo(slug: string | undefined): slug is LandingAtributo {
  return !!slug && Object.prototype.hasOwnProperty.call(LANDING_ATRIBUTOS, slug);
}

/**
 * The attribute pages a listing of this type with these values appears on (the sitemap names
 * them): each whose filters the values meet; none for land.
 */
export function landingAtributosOf(propiedad: string, values: Partial<Record<string, unknown>>): LandingAtributo[] {
  if (SIN_ATRIBUTOS.includes(propiedad as Propiedad)) return [];
  return (Object.keys(LANDING_ATRIBUTOS) as LandingAtributo[]).filter((slug) =>
    Object.entries(LANDING_ATRIBUTOS[slug].filtros).every(([campo, valor]) => values[campo] === valor),
  );
}

export interface LandingPath {
  proposito: PropositoFiltro;
  propiedad?: Propiedad;
  /** The slug of a province (region) or a sector (place, locality), resolved against the listings. */
  lugar?: string;
  /** Issue 42: an attribute after the place (LANDING_ATRIBUTOS). */
  atributo?: LandingAtributo;
}

const LANDING = /^\/(venta|alquiler)(?:\/([a-z0-9-]+)(?:\/([a-z0-9-]{1,120})(?:\/([a-z0-9-]{1,40}))?)?)?\/?$/;

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
  if (m[4]) {
    // an unknown attribute, or one that makes no sense for the type, names no page (404)
    if (!isLandingAtributo(m[4]) || SIN_ATRIBUTOS.includes(landing.propiedad!)) return null;
    landing.atributo = m[4];
  }
  return landing;
}

export function landingPath({
  proposito,
  propiedad,
  lugar,
  atributo,
}: {
  proposito: string;
  propiedad?: string | null;
  lugar?: string | null;
  atributo?: LandingAtributo | null;
}): string {
  let out = `/${slugify(proposito)}`;
  if (propiedad) {
    out += `/${slugify(propiedad)}`;
    if (lugar) out += `/${slugify(lugar)}`;
    if (lugar && atributo) out += `/${atributo}`;
  }
  return out;
}

const PLURAL: Record<string, string> = { Casa: 'Casas', Apartamento: 'Apartamentos', Villa: 'Villas', Solar: 'Solares', Terreno: 'Terrenos', Local: 'Locales' };

/** 'Apartamentos en venta en Piantini', 'Inmuebles en alquiler', 'Casas amuebladas en alquiler en Naco'. */
export function landingTitle(proposito: string, propiedad?: string | null, lugar?: string | null, atributo?: LandingAtributo | null): string {
  let what = propiedad ? (PLURAL[propiedad] ?? propiedad) : 'Inmuebles';
  if (atributo) {
    const a: { texto: string; femenino?: string } = LANDING_ATRIBUTOS[atributo];
    what += ` ${propiedad && FEMENINO.includes(propiedad) && a.femenino ? a.femenino : a.texto}`;
  }
  return `${what} en ${proposito}${lugar ? ` en ${lugar}` : ''}`;
}

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

const LANDING = /^\/(venta|alquiler)(?:\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?)?\/?$/;

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

/**
 * Agencies (issue 46, docs/decisions/0040-agencies.md): the partners whose listings arrive from a
 * feed, stored in the API's database and added by the operator's command (`npm run agencies`),
 * not compiled here. What both sides share: the slug's shape, the public answer, the messages.
 */

/** An agency's slug: its page's address (/inmobiliaria/{slug}) and its listings' `source`. */
export const AGENCIA_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
export const AGENCIA_SLUG_MAX = 60;
export const AGENCIA_NAME_MAX = 120;

/** An agency as `GET /agencias` lists it: enough to name a listing's advertiser and link its page. */
export interface AgenciaRef {
  slug: string;
  nombre: string;
}

export interface AgenciasResponse {
  agencias: AgenciaRef[];
}

/**
 * An agency's public profile (`GET /agencias/{slug}`, its page /inmobiliaria/{slug}). Text fields
 * are '' when not given; the coordinates are null then. A paused agency still has its page
 * (docs/decisions/0043-agency-page.md): its listings stay published.
 */
export interface AgenciaPerfil extends AgenciaRef {
  logo: string;
  telefono: string;
  whatsapp: string;
  email: string;
  direccion: string;
  lat: number | null;
  lng: number | null;
  descripcion: string;
  rnc: string;
}

/** The line of a card or detail that says who advertises it (issue 46). */
export const DUENO_DIRECTO = 'Dueño directo';

/**
 * The advertiser filter (`anunciante` in the search, the URL, saved searches and alerts):
 * listings of their owners only, or of agencies only.
 */
export const ANUNCIANTES = ['dueno', 'inmobiliaria'] as const;
export type Anunciante = (typeof ANUNCIANTES)[number];
export const ANUNCIANTE_LABELS: Record<Anunciante, string> = { dueno: 'Solo dueño directo', inmobiliaria: 'Solo inmobiliarias' };
export const ANUNCIANTE_LABEL = 'Anunciante';

export const AGENCIA_MSG = {
  slugNoValido: `Identificador no válido: minúsculas, cifras y guiones, hasta ${AGENCIA_SLUG_MAX} caracteres (p. ej. inmobiliaria-caribe)`,
  nombreRequerido: 'El nombre de la inmobiliaria es obligatorio',
  nombreLargo: `El nombre admite hasta ${AGENCIA_NAME_MAX} caracteres`,
  yaExiste: (slug: string) => `Ya existe una inmobiliaria con el identificador ${slug}`,
  desconocida: (slug: string) => `Inmobiliaria desconocida: ${slug}`,
  noEncontrada: 'Inmobiliaria no encontrada',
  feedNoValido: 'El feed debe ser una URL http(s) o la ruta de un archivo',
  anuncianteNoValido: 'Anunciante no válido: dueno o inmobiliaria',
  conAnuncios: (slug: string, n: number) => `${slug} tiene ${n} anuncios: páusela (pause) en lugar de eliminarla`,
} as const;

/** slug -> name, from `GET /agencias` (the remotes name a listing's agency with it). */
export function agencyNames(res: AgenciasResponse | null | undefined): Map<string, string> {
  return new Map((res?.agencias ?? []).map((a) => [a.slug, a.nombre]));
}

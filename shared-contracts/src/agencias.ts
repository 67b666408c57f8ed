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

/**
 * Agency accounts (issue 46, docs/decisions/0042-agency-accounts.md): an account creates an agency
 * (kind 'account') and is its administrator; agents join by an emailed invitation.
 */
export const AGENCIA_ROLES = ['admin', 'agente'] as const;
export type AgenciaRol = (typeof AGENCIA_ROLES)[number];
export const AGENCIA_ROL_LABELS: Record<AgenciaRol, string> = { admin: 'Administrador', agente: 'Agente' };
export const AGENCIA_DESCRIPCION_MAX = 3000;
export const AGENCIA_INVITACION_HORAS = 7 * 24;

/**
 * The agency's profile as its members see and its administrator edits it, and its public profile
 * (`GET /agencias/{slug}`, its page /inmobiliaria/{slug}). Text fields are '' when not given; the
 * coordinates are null then. A paused agency still has its page (docs/decisions/0043-agency-page.md):
 * its listings stay published.
 */
export interface AgenciaPerfil {
  slug: string;
  nombre: string;
  logo: string;
  telefono: string;
  whatsapp: string;
  email: string;
  direccion: string;
  latitude: number | null;
  longitude: number | null;
  descripcion: string;
  rnc: string;
}

export interface AgenciaMiembro {
  _id: string;
  nombre: string;
  email: string;
  rol: AgenciaRol;
}

export interface AgenciaInvitacionPendiente {
  email: string;
  vence: string;
}

/** `GET /miInmobiliaria`: the account's agency (null when it has none), its role, and for the administrator the team. */
export interface MiInmobiliariaResponse {
  agencia: AgenciaPerfil | null;
  rol: AgenciaRol | null;
  miembros: AgenciaMiembro[];
  invitaciones: AgenciaInvitacionPendiente[];
}

export const MI_INMOBILIARIA_MSG = {
  yaPertenece: 'Tu cuenta ya pertenece a una inmobiliaria',
  sinInmobiliaria: 'Tu cuenta no pertenece a ninguna inmobiliaria',
  soloAdministrador: 'Solo el administrador de la inmobiliaria puede hacer esto',
  creada: 'Inmobiliaria creada: eres su administrador',
  guardada: 'Perfil de la inmobiliaria guardado',
  invitacionEnviada: (email: string) => `Invitación enviada a ${email}`,
  yaMiembro: 'Esa persona ya forma parte de tu inmobiliaria',
  invitacionNoValida: 'La invitación no es válida o ha vencido. Pide al administrador que te invite de nuevo.',
  invitacionUsada: 'Esta invitación ya se usó',
  invitacionOtroEmail: (email: string) => `Esta invitación es para ${email}: inicia sesión con la cuenta de ese email para aceptarla`,
  bienvenido: (nombre: string) => `Ya formas parte de ${nombre}`,
  miembroDesconocido: 'Ese agente no forma parte de tu inmobiliaria',
  agenteQuitado: 'Agente quitado: sus anuncios siguen con la inmobiliaria',
  logoNoValido: 'El logo debe ser una dirección http(s) de una imagen, o quedar vacío',
  telefonoNoValido: 'Teléfono no válido: un número dominicano, p. ej. 809-555-1234',
  whatsappNoValido: 'WhatsApp no válido: un número dominicano, p. ej. 829-555-1234',
  direccionRequerida: 'Indica la dirección de la oficina',
  descripcionLarga: `La descripción admite hasta ${AGENCIA_DESCRIPCION_MAX} caracteres`,
  rncLargo: 'El RNC admite hasta 30 caracteres',
} as const;

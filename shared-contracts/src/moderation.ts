/**
 * Reports and moderation (issue 23, docs/decisions/0010-reports-and-moderation.md): the reasons a
 * visitor may give, the moderators' actions, and the wire types of the moderation queue.
 */
import type { Estado } from './listing-status';

export const MOTIVOS_REPORTE = ['estafa', 'no_disponible', 'contacto_falso', 'enganoso', 'duplicado', 'otro'] as const;
export type MotivoReporte = (typeof MOTIVOS_REPORTE)[number];

export const MOTIVO_REPORTE_LABELS: Record<MotivoReporte, string> = {
  estafa: 'Estafa o fraude',
  no_disponible: 'Ya no está disponible',
  contacto_falso: 'Datos de contacto falsos',
  enganoso: 'Precio o fotos engañosos',
  duplicado: 'Duplicado',
  otro: 'Otro',
};

/** Longest comment a report may carry. */
export const REPORTE_COMENTARIO_MAX = 500;
/**
 * Default of REPORTS_TO_HOLD: reporters with standing (REPORTER_MIN_ACCOUNT_DAYS), from as many
 * networks, within REPORT_WINDOW_DAYS, that put a listing on hold (issue 40, decision 0016).
 */
export const REPORTS_TO_HOLD_DEFAULT = 3;
export const REPORT_WINDOW_DAYS = 7;
/** Issue 40: a report counts toward a hold only from a confirmed, unblocked account at least this old. */
export const REPORTER_MIN_ACCOUNT_DAYS = 14;
/** Default of APPROVAL_IMMUNITY_DAYS: after a moderator approves a listing, reports do not hold it for this long. */
export const APPROVAL_IMMUNITY_DAYS_DEFAULT = 30;
/** Listings per page of the moderation queue (and accounts per page of the blocked list). */
export const MODERACION_PAGE_SIZE = 50;
/** A burst: at least RAFAGA_MIN_REPORTES reports against one owner, or from one network, within RAFAGA_HORAS. */
export const RAFAGA_HORAS = 24;
export const RAFAGA_MIN_REPORTES = 5;

export const ACCIONES_MODERACION = ['aprobar', 'retirar'] as const;
export type AccionModeracion = (typeof ACCIONES_MODERACION)[number];

/**
 * What the listing's history shows: the automatic hold, the flag that replaces it while no
 * moderator is configured, the moderators' actions, the owner's edits while held.
 */
export type EventoModeracion = 'en_revision' | 'marcado' | 'aprobar' | 'retirar' | 'bloquear' | 'desbloquear' | 'editado';
export const EVENTO_MODERACION_LABELS: Record<EventoModeracion, string> = {
  en_revision: 'En revisión automática',
  marcado: 'Marcado para revisión (sin moderadores: sigue publicado)',
  aprobar: 'Aprobado',
  retirar: 'Retirado',
  bloquear: 'Usuario bloqueado',
  desbloquear: 'Usuario desbloqueado',
  editado: 'Editado por el dueño',
};

/** Why a listing was held (or flagged) automatically: the text its history shows the moderators. */
export const MOTIVO_RETENCION = {
  reportes: (reporteros: number, dias: number) => `${reporteros} reportes de cuentas con antigüedad, desde redes distintas, en ${dias} días`,
  telefono: (telefono: string, cuenta: string) => `Usa el teléfono ${telefono} de la cuenta bloqueada ${cuenta}`,
  foto: (cuenta: string) => `Usa una foto de la cuenta bloqueada ${cuenta}`,
};

export interface Reporte {
  id: number;
  motivo: MotivoReporte;
  comentario: string;
  /** A signed-in account or a visitor (their address is never shown). */
  reportero: 'usuario' | 'visitante';
  /** Issue 40: whether it counts toward an automatic hold (an account with standing when it reported). */
  conPeso: boolean;
  /** A pseudonymous tag of the reporter's network (IPv4 address or IPv6 /64), the same for every report from it; '' when unknown. */
  red: string;
  createdAt: string;
  /** Set once a moderator approved or withdrew the listing (or blocked its owner). */
  resueltoAt: string | null;
}

export interface EventoHistorial {
  id: number;
  accion: EventoModeracion;
  motivo: string;
  /** The moderator's email; null for the automatic hold and the owner's edits. */
  moderador: string | null;
  createdAt: string;
}

export interface ModeracionItem {
  anuncio: { _id: string; title: string; propiedad: string; estado: Estado; place: string; createdAt: string };
  dueno: { _id: string; email: string; name: string; apellido: string; bloqueado: boolean } | null;
  /** Open reports, newest first. */
  reportes: Reporte[];
  /** Distinct reporters of the open reports. */
  reporteros: number;
  /** Of them, the ones that count toward an automatic hold (accounts with standing, one per network). */
  reporterosConPeso: number;
  /** Newest first. */
  historial: EventoHistorial[];
  /** Until when an approval keeps reports from holding it again; null when not immune. */
  inmuneHasta: string | null;
  /** Reports against this owner's listings in the last RAFAGA_HORAS (null for partner listings). */
  rafagaDueno: Rafaga | null;
  /** For each network among the open reports: its reports, on any listing, in the last RAFAGA_HORAS. */
  rafagasRed: (Rafaga & { red: string })[];
}

export interface Rafaga {
  reportes: number;
  /** Distinct listings those reports were about. */
  anuncios: number;
}

/** A page of the queue: held listings first, then reported ones, the most recently reported first. */
export interface ModeracionResponse {
  items: ModeracionItem[];
  total: number;
  /** 0-based. */
  page: number;
  pageSize: number;
}

/** A blocked account as the moderators' list shows it, with what its block covers. */
export interface UsuarioBloqueado {
  _id: string;
  email: string;
  name: string;
  apellido: string;
  bloqueadoAt: string;
  /** The reason of the block (its latest 'bloquear' event). */
  motivo: string;
  /** Phone numbers (E.164) a new listing is held for. */
  telefonos: string[];
  /** How many photo fingerprints a new listing is held for. */
  fotos: number;
}

export interface BloqueadosResponse {
  items: UsuarioBloqueado[];
  total: number;
  page: number;
  pageSize: number;
}

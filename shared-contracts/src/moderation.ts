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
/** Default of REPORTS_TO_HOLD: distinct reporters within REPORT_WINDOW_DAYS that put a listing on hold. */
export const REPORTS_TO_HOLD_DEFAULT = 3;
export const REPORT_WINDOW_DAYS = 7;

export const ACCIONES_MODERACION = ['aprobar', 'retirar'] as const;
export type AccionModeracion = (typeof ACCIONES_MODERACION)[number];

/** What the listing's history shows: the automatic hold, the moderators' actions, the owner's edits while held. */
export type EventoModeracion = 'en_revision' | 'aprobar' | 'retirar' | 'bloquear' | 'editado';
export const EVENTO_MODERACION_LABELS: Record<EventoModeracion, string> = {
  en_revision: 'En revisión automática',
  aprobar: 'Aprobado',
  retirar: 'Retirado',
  bloquear: 'Usuario bloqueado',
  editado: 'Editado por el dueño',
};

export interface Reporte {
  id: number;
  motivo: MotivoReporte;
  comentario: string;
  /** A signed-in account or a visitor (their address is never shown). */
  reportero: 'usuario' | 'visitante';
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
  /** Newest first. */
  historial: EventoHistorial[];
}

export interface ModeracionResponse {
  items: ModeracionItem[];
}

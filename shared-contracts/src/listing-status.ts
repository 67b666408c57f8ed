/**
 * The life of an owner's listing (issue 20, DESIGN "Added beyond the seed"): its statuses with
 * their Spanish labels, which of them an owner may choose, and the expiry and price-drop windows.
 * Only `activo` listings are searchable and count against the plan's quota.
 */
import type { Proposito } from './enums';

export const ESTADOS = ['activo', 'pausado', 'vendido', 'alquilado', 'vencido', 'en revisión', 'retirado'] as const;
export type Estado = (typeof ESTADOS)[number];

export const ESTADO_LABELS: Record<Estado, string> = {
  activo: 'Activo',
  pausado: 'Pausado',
  vendido: 'Vendido',
  alquilado: 'Alquilado',
  vencido: 'Vencido',
  'en revisión': 'En revisión',
  retirado: 'Retirado',
};

/** What `POST /anuncio/{id}/estado` accepts: vencido is the job's, en revisión and retirado the moderators' (issue 23). */
export const OWNER_ESTADOS = ['activo', 'pausado', 'vendido', 'alquilado'] as const;
export type OwnerEstado = (typeof OWNER_ESTADOS)[number];

/** Sold or rented: hidden from search, detail reachable by its link with a banner, no contact. */
export const CLOSED_ESTADOS: readonly Estado[] = ['vendido', 'alquilado'];
export const isClosed = (estado: Estado | undefined) => estado !== undefined && CLOSED_ESTADOS.includes(estado);

/** Held or withdrawn by moderation (issue 23, decision 0010): the owner cannot change their status. */
export const MODERATED_ESTADOS: readonly Estado[] = ['en revisión', 'retirado'];
export const isModerated = (estado: Estado | null | undefined): estado is 'en revisión' | 'retirado' => !!estado && MODERATED_ESTADOS.includes(estado);
/** What my listings says under a held or withdrawn listing. */
export const MODERATED_NOTES = {
  'en revisión': 'Reportado: no aparece en las búsquedas mientras lo revisamos. Puedes editarlo.',
  retirado: 'Retirado por moderación: ya no se muestra. Solo puedes borrarlo.',
} as const;

/** "Marcar vendido" for a sale, "Marcar alquilado" for a rental. */
export const closedEstadoFor = (proposito: Proposito): 'vendido' | 'alquilado' => (proposito === 'alquiler' ? 'alquilado' : 'vendido');

/** Default of LISTING_TTL_DAYS: an active listing expires this long after publication or renewal. */
export const LISTING_TTL_DAYS_DEFAULT = 90;
/** The renewal reminder goes out this many days before expiry. */
export const EXPIRY_REMINDER_DAYS = 7;
/** "Bajó de precio" shows when the price went down within this many days. */
export const PRICE_DROP_WINDOW_DAYS = 30;

const DAY_MS = 24 * 3600_000;

/** "Actualizado hace N días" (today / yesterday in words). */
export function updatedAgo(updatedAt: string, now = Date.now()): string {
  const days = Math.max(0, Math.floor((now - Date.parse(updatedAt)) / DAY_MS));
  if (days === 0) return 'Actualizado hoy';
  if (days === 1) return 'Actualizado hace 1 día';
  return `Actualizado hace ${days} días`;
}

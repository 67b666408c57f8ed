/**
 * Issue 42's short lines of a listing, the same on the card and the detail: the street and
 * building beside the sector, and the new-construction badge with its delivery.
 */
import { CONSTRUCCION_CON_ENTREGA, CONSTRUCCION_LABELS, formatEntrega, locationLine, type Anuncio } from 'shared-contracts';

/** 'Calle Gustavo Mejía Ricart, Torre Aurora · Piantini, Santo Domingo, Distrito Nacional'. */
export function addressLine(a: Pick<Anuncio, 'locality' | 'place' | 'region' | 'calle'>): string {
  const calle = (a.calle ?? '').trim();
  return calle ? `${calle} · ${locationLine(a)}` : locationLine(a);
}

/**
 * 'En planos · entrega junio de 2027', 'En construcción'; null for a finished building or an
 * unknown state (a "Listo" badge would say nothing a buyer asks).
 */
export function construccionBadge(a: Pick<Anuncio, 'construccion' | 'entrega'>): string | null {
  if (!a.construccion || !CONSTRUCCION_CON_ENTREGA.includes(a.construccion)) return null;
  const entrega = formatEntrega(a.entrega);
  return entrega ? `${CONSTRUCCION_LABELS[a.construccion]} · entrega ${entrega}` : CONSTRUCCION_LABELS[a.construccion];
}

/**
 * Seller statistics (issue 21): detail views (`anuncio_vistas`, counted by view-counter.ts) and the
 * contact presses per channel (`contact_leads`, counted by the contact call), per listing.
 */
import { inArray } from 'drizzle-orm';
import type { ListingStats } from 'shared-contracts';
import type { Db } from '../db/client';
import { anuncioVistas, contactLeads } from '../db/schema';

export const NO_STATS: ListingStats = { vistas: 0, contactos: 0, whatsapp: 0 };

export async function listingStats(db: Db, ids: string[]): Promise<Map<string, ListingStats>> {
  const stats = new Map<string, ListingStats>(ids.map((id) => [id, { ...NO_STATS }]));
  if (ids.length === 0) return stats;
  const [vistas, leads] = await Promise.all([
    db.select().from(anuncioVistas).where(inArray(anuncioVistas.anuncioId, ids)),
    db.select().from(contactLeads).where(inArray(contactLeads.anuncioId, ids)),
  ]);
  for (const v of vistas) stats.get(v.anuncioId)!.vistas = v.count;
  for (const l of leads) {
    const s = stats.get(l.anuncioId)!;
    // phone and email reveals are "contactos"; WhatsApp presses are shown on their own
    if (l.canal === 'whatsapp') s.whatsapp += l.count;
    else s.contactos += l.count;
  }
  return stats;
}

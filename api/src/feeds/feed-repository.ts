/** The SQL of the feed import: partner rows by (source, source_ref), their photo URLs, withdrawals. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { anuncios, feedPhotos, type AnuncioRow, type NewAnuncioRow } from '../db/schema';

export async function loadExisting(db: Db, source: string, refs: string[]): Promise<Map<string, AnuncioRow>> {
  if (refs.length === 0) return new Map();
  const rows = await db.select().from(anuncios).where(and(eq(anuncios.source, source), inArray(anuncios.sourceRef, refs)));
  return new Map(rows.map((r) => [r.sourceRef as string, r]));
}

/** ref -> (photo URL -> stored key). */
export async function loadPhotoMaps(db: Db, source: string, refs: string[]): Promise<Map<string, Map<string, string>>> {
  const maps = new Map<string, Map<string, string>>();
  if (refs.length === 0) return maps;
  const rows = await db.select().from(feedPhotos).where(and(eq(feedPhotos.source, source), inArray(feedPhotos.sourceRef, refs)));
  for (const r of rows) {
    if (!maps.has(r.sourceRef)) maps.set(r.sourceRef, new Map());
    maps.get(r.sourceRef)!.set(r.url, r.key);
  }
  return maps;
}

export interface BatchWrite {
  inserts: NewAnuncioRow[];
  updates: { id: string; values: Partial<NewAnuncioRow> }[];
  photosAdded: { sourceRef: string; url: string; key: string }[];
  photosRemoved: { sourceRef: string; url: string }[];
}

/** One transaction per batch: a batch lands whole or not at all. */
export async function writeBatch(db: Db, source: string, batch: BatchWrite): Promise<void> {
  if (!batch.inserts.length && !batch.updates.length && !batch.photosAdded.length && !batch.photosRemoved.length) return;
  await db.transaction(async (tx) => {
    if (batch.inserts.length) await tx.insert(anuncios).values(batch.inserts);
    for (const u of batch.updates) await tx.update(anuncios).set(u.values).where(eq(anuncios.id, u.id));
    for (const p of batch.photosRemoved) {
      await tx
        .delete(feedPhotos)
        .where(and(eq(feedPhotos.source, source), eq(feedPhotos.sourceRef, p.sourceRef), eq(feedPhotos.url, p.url)));
    }
    if (batch.photosAdded.length) {
      await tx
        .insert(feedPhotos)
        .values(batch.photosAdded.map((p) => ({ source, ...p })))
        .onConflictDoNothing();
    }
  });
}

export async function publishedRefs(db: Db, source: string): Promise<string[]> {
  const rows = await db
    .select({ ref: anuncios.sourceRef })
    .from(anuncios)
    .where(and(eq(anuncios.source, source), eq(anuncios.status, 'published')));
  return rows.map((r) => r.ref).filter((r): r is string => r !== null);
}

const WITHDRAW_CHUNK = 1000;

/** Withdrawn, not deleted: the row keeps its photos and comes back if the ad reappears. */
export async function withdraw(db: Db, source: string, refs: string[], now: Date): Promise<number> {
  let n = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < refs.length; i += WITHDRAW_CHUNK) {
      const chunk = refs.slice(i, i + WITHDRAW_CHUNK);
      const rows = await tx
        .update(anuncios)
        .set({ status: 'withdrawn', updatedAt: now })
        .where(and(eq(anuncios.source, source), eq(anuncios.status, 'published'), inArray(anuncios.sourceRef, chunk)))
        .returning({ id: anuncios.id });
      n += rows.length;
    }
  });
  return n;
}

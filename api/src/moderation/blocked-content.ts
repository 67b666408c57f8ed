/**
 * Issue 40: blocking that sticks (docs/decisions/0016-reports-that-cannot-be-weaponised.md). A
 * block covers the account's phone numbers (its listings' `movil` in E.164, which is also their
 * WhatsApp) and the fingerprints of the photos it uploaded (blockMarksOf, kept by blockUser). A
 * listing published with one of them, or edited to use one, by any other account is held for a
 * moderator with the reason in its history; while no moderator is configured it is only flagged.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MOTIVO_RETENCION, type Estado } from 'shared-contracts';
import { normalizePhone } from 'shared-contracts/schemas';
import type { Db } from '../db/client';
import { anuncios, blockedPhones, blockedPhotos, photoHashes, users, type AnuncioRow } from '../db/schema';
import { PHOTO_MATCH_MAX_BITS, cardKeyOf, isDistinctive, photoHash, photoHashesOf, readPhoto, type PhotoStorage } from '../photos';
import type { Tx } from '../anuncios/lifecycle-repository';
import { recordEvent } from './repository';

/** Photos stored before fingerprints existed are fingerprinted when their account is blocked, up to this many. */
const LATE_FINGERPRINTS_MAX = 600;

interface Fingerprint {
  key: string;
  hash: bigint;
}

/** The fingerprint of a stored photo (its card rendition), or null when it is not there. */
async function storedFingerprint(storage: PhotoStorage, key: string): Promise<bigint | null> {
  const card = await readPhoto(storage, cardKeyOf(key)).catch(() => null);
  return card ? photoHash(card).catch(() => null) : null;
}

async function fingerprintsOf(storage: PhotoStorage, keys: readonly string[]): Promise<Fingerprint[]> {
  const known = photoHashesOf(keys);
  if (known) return keys.map((key, i) => ({ key, hash: known[i] }));
  const found: Fingerprint[] = [];
  for (const key of keys) {
    const hash = await storedFingerprint(storage, key);
    if (hash !== null) found.push({ key, hash });
  }
  return found;
}

async function keepFingerprints(db: Db, ownerId: string, prints: Fingerprint[], now: Date): Promise<void> {
  if (!prints.length) return;
  await db
    .insert(photoHashes)
    .values(prints.map((p) => ({ ...p, ownerId, createdAt: now })))
    .onConflictDoNothing();
}

async function blockedPhoneReason(db: Db, phone: string, ownerId: string): Promise<string | null> {
  const [hit] = await db
    .select({ email: users.email })
    .from(blockedPhones)
    .innerJoin(users, eq(users.id, blockedPhones.userId))
    .where(and(eq(blockedPhones.phone, phone), ne(blockedPhones.userId, ownerId)))
    .limit(1);
  return hit ? MOTIVO_RETENCION.telefono(phone, hit.email) : null;
}

/**
 * Any blocked fingerprint within PHOTO_MATCH_MAX_BITS of a new one: a scan of the blocked photos
 * (a bigint each; a Hamming distance has no index), a few per blocked account.
 */
async function blockedPhotoReason(db: Db, hashes: bigint[], ownerId: string): Promise<string | null> {
  const distinctive = hashes.filter(isDistinctive);
  if (!distinctive.length) return null;
  const fresh = sql.join(
    distinctive.map((h) => sql`(${h.toString()}::bigint)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    SELECT u.email FROM ${blockedPhotos} b
    JOIN ${users} u ON u.id = b.user_id
    JOIN (VALUES ${fresh}) AS fresh(hash) ON bit_count((b.hash # fresh.hash)::bit(64)) <= ${PHOTO_MATCH_MAX_BITS}
    WHERE b.user_id <> ${ownerId}
    LIMIT 1`)) as unknown as { rows: { email: string }[] };
  const hit = result.rows[0];
  return hit ? MOTIVO_RETENCION.foto(hit.email) : null;
}

type EstadoColumns = { estado?: Estado; estadoPrevio?: Estado | null };

export interface ContentCheck {
  /** The new listing's estado: active, or held when it uses a blocked account's phone or photo. */
  readonly columns: { estado: Estado; estadoPrevio?: Estado };
  /** After the insert: the hold (or the flag) and its reason in the new listing's history. */
  recorded(db: Db, row: AnuncioRow): Promise<void>;
  /** An edit, under the row lock: the hold recorded, and the estado to set (none when nothing matched or it is held already). */
  heldOnEdit(tx: Tx, locked: AnuncioRow): Promise<EstadoColumns>;
}

/**
 * Checks a publish's or an edit's content against what blocks cover and keeps the fingerprints of
 * its new photos under the account. `before` (an edit): its phone was checked when it was set, so
 * only a changed phone and the new photos are checked, and an approved listing is not held again
 * for what its moderator saw.
 */
export async function checkBlockedContent(
  app: FastifyInstance,
  ownerId: string,
  content: { movil: string; photoKeys: readonly string[]; before?: Pick<AnuncioRow, 'movil'> | null },
): Promise<ContentCheck> {
  const { db, photoStorage, clock, config } = app;
  const now = new Date(clock.now());
  const prints = await fingerprintsOf(photoStorage, content.photoKeys);
  await keepFingerprints(db, ownerId, prints, now);
  const phone = normalizePhone(content.movil);
  const phoneChanged = phone !== null && (!content.before || normalizePhone(content.before.movil) !== phone);
  const motivo = (phoneChanged ? await blockedPhoneReason(db, phone, ownerId) : null) ?? (await blockedPhotoReason(db, prints.map((p) => p.hash), ownerId));
  const holds = motivo !== null && config.moderatorEmails.length > 0;
  const record = (tx: Tx | Db, row: AnuncioRow) =>
    motivo === null ? Promise.resolve() : recordEvent(tx, { anuncioId: row.id, userId: row.ownerId, accion: holds ? 'en_revision' : 'marcado', motivo, createdAt: now });
  return {
    columns: holds ? { estado: 'en revisión', estadoPrevio: 'activo' } : { estado: 'activo' },
    recorded: record,
    async heldOnEdit(tx, locked) {
      await record(tx, locked);
      return holds && locked.estado !== 'en revisión' ? { estado: 'en revisión', estadoPrevio: locked.estado } : {};
    },
  };
}

export interface BlockMarks {
  /** E.164 numbers of the account's listings. */
  phones: string[];
  /** Distinctive fingerprints of every photo it uploaded (kept ones, and its listings' photos read back). */
  hashes: bigint[];
}

/** What blocking `userId` will cover; fingerprints its listings' photos stored before fingerprints existed. */
export async function blockMarksOf(db: Db, storage: PhotoStorage, userId: string, now: Date): Promise<BlockMarks> {
  const listings = await db.select({ movil: anuncios.movil, imageKeys: anuncios.imageKeys }).from(anuncios).where(eq(anuncios.ownerId, userId));
  const known = await db.select({ key: photoHashes.key, hash: photoHashes.hash }).from(photoHashes).where(eq(photoHashes.ownerId, userId));
  const knownKeys = new Set(known.map((k) => k.key));
  const late = [...new Set(listings.flatMap((l) => l.imageKeys))].filter((k) => !knownKeys.has(k)).slice(0, LATE_FINGERPRINTS_MAX);
  const found = await fingerprintsOf(storage, late);
  await keepFingerprints(db, userId, found, now);
  const phones = new Set(listings.map((l) => normalizePhone(l.movil)).filter((p): p is string => p !== null));
  const hashes = new Map([...known, ...found].filter((p) => isDistinctive(p.hash)).map((p) => [p.hash.toString(), p.hash]));
  return { phones: [...phones], hashes: [...hashes.values()] };
}

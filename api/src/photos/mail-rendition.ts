/**
 * The JPEG rendition of a listing's cover for alert emails (issue 39): several mail programs
 * (Outlook for Windows among them) do not display WebP. It is made from the stored card rendition
 * just before an alert email leaves (alert-job.ts), once: later emails find it stored. It lives
 * beside the card as `<key>-card.jpg`, is deleted with the photo (deletePhotos) and kept by the
 * orphan sweep while its photo is referenced. Nothing public makes one: the photo route only
 * serves what is stored.
 */
import sharp from 'sharp';
import { photoDecodeSlots } from './decode-slots';
import { readPhoto, type PhotoStorage } from './storage';

const JPEG = 'image/jpeg';
const JPEG_QUALITY = 80;

/** The email rendition beside a full-size key (`<hex>.webp` -> `<hex>-card.jpg`). */
export function mailKeyOf(key: string): string {
  return key.replace(/\.webp$/, '-card.jpg');
}

/** Makes the email rendition of `key` when it is missing; false when the photo itself is gone. */
export async function ensureMailRendition(storage: PhotoStorage, key: string): Promise<boolean> {
  const mailKey = mailKeyOf(key);
  if (mailKey === key) return false;
  if ((await storage.storedAt(mailKey)) !== null) return true;
  const card = await readPhoto(storage, key.replace(/\.webp$/, '-card.webp'));
  if (!card) return false;
  // Card renditions are at most 640 px: a short decode, in one of the process's few slots.
  const jpeg = await photoDecodeSlots.run(() => sharp(card).flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY }).toBuffer());
  await storage.put(mailKey, jpeg, JPEG);
  return true;
}

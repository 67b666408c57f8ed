/**
 * Issue 40: a perceptual fingerprint of a stored photo, so that a blocked account's photos are
 * recognised when another account uploads them again. An exact hash would not do: a photo saved
 * from the site and uploaded again (the site serves WebP, uploads are PNG or JPEG) is re-encoded by
 * the pipeline and no byte stays the same. dHash is: the card rendition in grey, shrunk to 9 × 8,
 * one bit per pair of horizontal neighbours (is the right one brighter). Measured on photo-like
 * images through the real pipeline: the same photo re-saved as JPEG q70, as a 1000 px PNG or
 * cropped by 10 px lands 0–5 bits away; unrelated images were 11 or more apart (31 on average).
 */
import sharp from 'sharp';
import { photoDecodeSlots } from './decode-slots';

/** Fingerprints at most this many bits apart are the same photo. */
export const PHOTO_MATCH_MAX_BITS = 6;
/**
 * A plain colour or a smooth gradient sets (almost) every bit alike: such a fingerprint would
 * match every other plain picture, so it identifies nothing and is never matched.
 */
const MIN_MIXED_BITS = 8;

const bitCount = (value: bigint) => {
  let n = 0;
  for (let v = BigInt.asUintN(64, value); v; v >>= 1n) n += Number(v & 1n);
  return n;
};

/**
 * The 64-bit dHash of an image (any format sharp reads), as a signed 64-bit integer (a bigint
 * column). Decoded in one of the process's photo slots, like every other decode.
 */
export async function photoHash(image: Buffer): Promise<bigint> {
  const { data } = await photoDecodeSlots.run(() => sharp(image).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true }));
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) hash = (hash << 1n) | (data[row * 9 + col] < data[row * 9 + col + 1] ? 1n : 0n);
  }
  return BigInt.asIntN(64, hash);
}

/** Whether the fingerprint has enough detail to identify a photo. */
export function isDistinctive(hash: bigint): boolean {
  const ones = bitCount(hash);
  return ones >= MIN_MIXED_BITS && ones <= 64 - MIN_MIXED_BITS;
}

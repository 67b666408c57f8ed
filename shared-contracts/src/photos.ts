/**
 * The renditions the API makes of each uploaded photo (api/src/photos): `<key>.webp` at most
 * 1600 px on its long side, and `<key>-card.webp` at most 640 px for cards and map popups.
 * Photos from partner feeds are other sites' URLs and have one size.
 */
export const PHOTO_FULL_WIDTH = 1600;
export const PHOTO_CARD_WIDTH = 640;

const OWN_PHOTO = /\/photos\/([0-9a-f]{32})\.webp$/;

/** The 640 px rendition of one of our photos; any other URL as it is. */
export function cardPhotoUrl(url: string): string {
  return OWN_PHOTO.test(url) ? url.replace(/\.webp$/, '-card.webp') : url;
}

/** srcset for a card-sized photo: the 640 px rendition, the full one for wide or dense screens. */
export function cardPhotoSrcSet(url: string): string | undefined {
  return OWN_PHOTO.test(url) ? `${cardPhotoUrl(url)} ${PHOTO_CARD_WIDTH}w, ${url} ${PHOTO_FULL_WIDTH}w` : undefined;
}

/** The card's width on screen (results-grid.css: 1 column below 600 px, 2 below 900, then 4 of max 1400). */
export const CARD_PHOTO_SIZES = '(max-width: 599px) 100vw, (max-width: 899px) 50vw, 340px';

export type ImageFormat = 'png' | 'jpeg';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** How many first bytes of a file `sniffImageFormat` needs. */
export const IMAGE_SNIFF_BYTES = PNG_MAGIC.length;

/**
 * PNG or JPEG by the file's first bytes (its magic number), or null. The one test of what a photo
 * is, in the browser (before it is kept) and in the API (before it is decoded): never the file's
 * name or declared type, which anyone can rename.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= PNG_MAGIC.length && PNG_MAGIC.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/** File names are the user's text: shown as text, cut short, without control characters. */
const NAME_MAX = 80;
function shownName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return clean.length > NAME_MAX ? `${clean.slice(0, NAME_MAX - 1)}…` : clean;
}

/**
 * Which photo was refused and why (issue 39), the same words in the photo picker and in the API's
 * answer: its place among the listing's photos when known (1 = the cover) and its file name.
 */
export function photoRefusal(photo: { name: string; position?: number }, reason: string): string {
  const name = shownName(photo.name);
  const which = [photo.position ? `la foto ${photo.position}` : 'la foto', name ? `«${name}»` : ''].filter(Boolean).join(' ');
  // The reasons are sentences of their own ("Solo se aceptan…"); after the colon they go on in lower case.
  const rest = /^\p{Lu}\p{Ll}/u.test(reason) ? reason.charAt(0).toLowerCase() + reason.slice(1) : reason;
  return `No se aceptó ${which}: ${rest}`;
}

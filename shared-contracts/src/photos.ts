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

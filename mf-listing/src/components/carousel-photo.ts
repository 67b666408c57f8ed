/**
 * One photo of the listing carousel: its props, <img> attributes, alt text and style, shared by
 * the first paint (image-carousel.tsx) and the swipeable carousel it loads (slick-carousel.tsx).
 */
import { CARD_PHOTO_SIZES, PHOTO_CARD_WIDTH, cardPhotoSrcSet, cardPhotoUrl } from 'shared-contracts';

export interface ImageCarouselProps {
  images: readonly string[];
  title: string;
  /** CSS height of every photo (px). */
  height: number;
  /** cover fills the box (cards); contain shows the whole photo (detail). */
  fit?: 'cover' | 'contain';
  className?: string;
  /** Cards and popups show the 640 px rendition (with srcset); the detail ('screen') the 640 px
   * rendition alone, the 1600 px one being the full-screen gallery's (issue 47); 'full' the full photo. */
  size?: 'card' | 'screen' | 'full';
  /** The page's main photo (first card, the detail): fetched at once and first; others lazily. */
  priority?: boolean;
  /** When the carousel's code comes: 'touch' only when the user reaches for it (the cards and
   * the detail, issue 43); 'near' also when it nears the screen and the browser is idle. */
  upgrade?: 'touch' | 'near';
  /** A click on a photo opens it full screen (the detail's gallery, issue 47). */
  onOpen?: (index: number) => void;
}

/** The <img> attributes of one photo at the carousel's size. */
export function photoProps(src: string, size: 'card' | 'screen' | 'full', priority: boolean) {
  const card = size === 'card';
  return {
    src: size === 'full' ? src : cardPhotoUrl(src),
    srcSet: card ? cardPhotoSrcSet(src) : undefined,
    sizes: card && cardPhotoSrcSet(src) ? CARD_PHOTO_SIZES : undefined,
    width: card ? PHOTO_CARD_WIDTH : 800,
    loading: priority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
    decoding: 'async' as const,
  };
}

export function photoAlt(title: string, index: number, total: number): string {
  return total > 1 ? `${title} — foto ${index + 1} de ${total}` : `${title} — foto`;
}

/** The accessible name of a carousel's position control ("Foto 3 de 12" is its value). */
export const photosLabel = (title: string) => `Fotos: ${title}`;

export function photoStyle(height: number, fit: 'cover' | 'contain', opens = false) {
  return { width: '100%', height, objectFit: fit, display: 'block', background: '#f3f4f6', cursor: opens ? 'zoom-in' : undefined } as const;
}

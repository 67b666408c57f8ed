/**
 * The listing photo carousel (react-slick: indicators, loop) shared by the card and the detail.
 * Only the first photo loads eagerly; width/height attributes reserve the box so nothing shifts.
 * No photos: the bundled placeholder image.
 */
import Slider from 'react-slick';
import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';
import placeholderUrl from '../assets/placeholder.svg';

export const PLACEHOLDER_ALT = 'Anuncio sin fotos';

export interface ImageCarouselProps {
  images: readonly string[];
  title: string;
  /** CSS height of every photo (px). */
  height: number;
  /** cover fills the box (cards); contain shows the whole photo (detail). */
  fit?: 'cover' | 'contain';
  className?: string;
}

export function photoAlt(title: string, index: number, total: number): string {
  return total > 1 ? `${title} — foto ${index + 1} de ${total}` : `${title} — foto`;
}

export function ImageCarousel({ images, title, height, fit = 'cover', className }: ImageCarouselProps) {
  const style = { width: '100%', height, objectFit: fit, display: 'block', background: '#f3f4f6' } as const;
  if (images.length === 0) {
    return <img src={placeholderUrl} alt={PLACEHOLDER_ALT} width={400} height={220} style={{ ...style, objectFit: 'cover' }} className={className} />;
  }
  return (
    <div className={className} style={{ paddingBottom: images.length > 1 ? 28 : 0 }}>
      <Slider dots infinite={images.length > 1} arrows={false} adaptiveHeight={false} speed={300} slidesToShow={1} slidesToScroll={1}>
        {images.map((src, i) => (
          <div key={`${i}-${src}`}>
            <img src={src} alt={photoAlt(title, i, images.length)} width={800} height={height} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" style={style} />
          </div>
        ))}
      </Slider>
    </div>
  );
}

/**
 * The swipeable carousel itself (web-runtime's PhotoSlider: react-slick, the navigation row, loop).
 * Loaded by ImageCarousel when the user reaches for a carousel (or, with upgrade="near", when it comes into view), never on the critical
 * path of a page.
 */
import { PhotoSlider } from 'web-runtime/photo-slider';
import { photoAlt, photoProps, photoStyle, photosLabel, type ImageCarouselProps } from './carousel-photo';
import './image-carousel.css';

export default function SlickCarousel({
  images,
  title,
  height,
  fit = 'cover',
  className,
  size = 'full',
  initialSlide = 0,
  autoFocus = false,
  onOpen,
}: ImageCarouselProps & { initialSlide?: number; autoFocus?: boolean }) {
  const style = photoStyle(height, fit, Boolean(onOpen));
  return (
    <div className={['listing-carousel', className].filter(Boolean).join(' ')}>
      <PhotoSlider count={images.length} initialSlide={initialSlide} label={photosLabel(title)} autoFocus={autoFocus}>
        {images.map((src, i) => (
          <div key={`${i}-${src}`}>
            <img {...photoProps(src, size, i === initialSlide)} fetchPriority={undefined} alt={photoAlt(title, i, images.length)} height={height} style={style} onClick={onOpen && (() => onOpen(i))} />
          </div>
        ))}
      </PhotoSlider>
    </div>
  );
}

/**
 * The swipeable carousel itself (react-slick: indicators, loop). Loaded by ImageCarousel when a
 * carousel comes into view or is touched, never on the critical path of a page.
 */
import Slider from 'react-slick';
import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';
import { photoAlt, photoProps, photoStyle, type ImageCarouselProps } from './carousel-photo';
import './image-carousel.css';

export default function SlickCarousel({ images, title, height, fit = 'cover', className, size = 'full', initialSlide = 0 }: ImageCarouselProps & { initialSlide?: number }) {
  const style = photoStyle(height, fit);
  return (
    <div className={['listing-carousel', className].filter(Boolean).join(' ')} style={{ paddingBottom: 28 }}>
      <Slider dots infinite arrows={false} adaptiveHeight={false} speed={300} slidesToShow={1} slidesToScroll={1} initialSlide={initialSlide}>
        {images.map((src, i) => (
          <div key={`${i}-${src}`}>
            <img {...photoProps(src, size, i === initialSlide)} fetchPriority={undefined} alt={photoAlt(title, i, images.length)} height={height} style={style} />
          </div>
        ))}
      </Slider>
    </div>
  );
}

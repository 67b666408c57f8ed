/** The popup's small photo carousel (react-slick: indicators, loop), 640 px renditions; nothing when there are no photos. */
import Slider from 'react-slick';
import { cardPhotoUrl } from 'shared-contracts';
import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';

const HEIGHT = 130;

export function PopupPhotos({ images, title }: { images: readonly string[]; title: string }) {
  if (images.length === 0) return null;
  const img = (src: string, i: number) => (
    <img src={cardPhotoUrl(src)} alt={`${title} — foto ${i + 1} de ${images.length}`} width={230} height={HEIGHT} loading={i === 0 ? 'eager' : 'lazy'} style={{ width: '100%', height: HEIGHT, objectFit: 'cover', display: 'block', borderRadius: 4 }} />
  );
  if (images.length === 1) return img(images[0], 0);
  return (
    <div style={{ paddingBottom: 24 }}>
      <Slider dots infinite arrows={false} speed={300}>
        {images.map((src, i) => (
          <div key={`${i}-${src}`}>{img(src, i)}</div>
        ))}
      </Slider>
    </div>
  );
}

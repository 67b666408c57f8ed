/** The popup's small photo carousel (web-runtime's PhotoSlider: the navigation row, loop), 640 px renditions; nothing when there are no photos. */
import { cardPhotoUrl } from 'shared-contracts';
import { PhotoSlider } from 'web-runtime/photo-slider';

const HEIGHT = 130;

export function PopupPhotos({ images, title }: { images: readonly string[]; title: string }) {
  if (images.length === 0) return null;
  const img = (src: string, i: number) => (
    <img src={cardPhotoUrl(src)} alt={`${title} — foto ${i + 1} de ${images.length}`} width={230} height={HEIGHT} loading={i === 0 ? 'eager' : 'lazy'} style={{ width: '100%', height: HEIGHT, objectFit: 'cover', display: 'block', borderRadius: 4 }} />
  );
  if (images.length === 1) return img(images[0], 0);
  return (
    <PhotoSlider count={images.length} label={`Fotos: ${title}`}>
      {images.map((src, i) => (
        <div key={`${i}-${src}`}>{img(src, i)}</div>
      ))}
    </PhotoSlider>
  );
}

/**
 * The detail's way into the full-screen gallery (issue 47): "Ver las N fotos", and the gallery
 * itself (web-runtime/photo-gallery, one shared copy) fetched only when opened. Drawn in the
 * browser only, after hydration: the server renders the page closed, and a reload of `?foto=3`
 * opens it at once.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import Button from 'antd/es/button';
import type { usePhotoGallery } from '../hooks/use-photo-gallery';

const PhotoGallery = lazy(() => import('web-runtime/photo-gallery').then((m) => ({ default: m.PhotoGallery })));

export const galleryButtonLabel = (count: number) => (count === 1 ? 'Ver la foto' : `Ver las ${count} fotos`);

interface DetailGalleryProps {
  images: readonly string[];
  title: string;
  gallery: ReturnType<typeof usePhotoGallery>;
}

export function DetailGallery({ images, title, gallery }: DetailGalleryProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (images.length === 0) return null;
  return (
    <>
      <Button className="detail-gallery-open" onClick={() => gallery.open(0)} style={{ marginTop: 8 }}>
        {galleryButtonLabel(images.length)}
      </Button>
      {hydrated && gallery.index !== null && (
        <Suspense fallback={null}>
          <PhotoGallery images={images} title={title} index={gallery.index} onIndex={gallery.show} onClose={gallery.close} />
        </Suspense>
      )}
    </>
  );
}

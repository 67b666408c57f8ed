/**
 * The full-screen photo gallery (issue 47): antd's Image preview (already shared by the shell) for
 * every photo of a listing at its 1600 px rendition, with keyboard (← →, Escape), pinch, double
 * tap/click and wheel zoom, "3 / 12", a swipe to the next or previous photo while not zoomed in,
 * and on wide screens a strip of thumbnails (the 640 px renditions). Controlled: the page keeps
 * the photo in its URL (?foto=3), so back closes it and a reload opens it again.
 *
 * ONE implementation for every remote: a federation singleton provided by the shell, fetched only
 * when a gallery is opened (shared-contracts/src/shared-modules.js).
 */
import { useEffect, useRef } from 'react';
import Image from 'antd/es/image';
import { cardPhotoUrl } from 'shared-contracts';
import { photoCounter } from './photo-indicator';
import './photo-gallery.css';

export interface PhotoGalleryProps {
  /** The photos' full (1600 px) URLs. */
  images: readonly string[];
  title: string;
  /** The photo shown (0-based). */
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** A horizontal move at least this long, and longer than it is high, is a swipe. */
const SWIPE_PX = 50;

/** Swipes on the open gallery (document listeners: the preview's image stops its touch events). */
function useSwipe(step: (delta: -1 | 1) => void, zoomed: () => boolean) {
  const stepRef = useRef(step);
  stepRef.current = step;
  useEffect(() => {
    let from: { x: number; y: number } | null = null;
    const start = (e: TouchEvent) => {
      from = e.touches.length === 1 && !zoomed() ? { x: e.touches[0].clientX, y: e.touches[0].clientY } : null;
    };
    const end = (e: TouchEvent) => {
      const touch = e.changedTouches[0];
      if (!from || !touch || e.touches.length > 0) return;
      const [dx, dy] = [touch.clientX - from.x, touch.clientY - from.y];
      from = null;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) stepRef.current(dx < 0 ? 1 : -1);
    };
    document.addEventListener('touchstart', start, { capture: true, passive: true });
    document.addEventListener('touchend', end, { capture: true, passive: true });
    return () => {
      document.removeEventListener('touchstart', start, { capture: true });
      document.removeEventListener('touchend', end, { capture: true });
    };
  }, [zoomed]);
}

export function PhotoGallery({ images, title, index, onIndex, onClose }: PhotoGalleryProps) {
  const count = images.length;
  const scale = useRef(1);
  const zoomed = useRef(() => scale.current > 1).current;
  useSwipe((delta) => onIndex(Math.min(count - 1, Math.max(0, index + delta))), zoomed);
  const items = images.map((src, i) => ({ src, alt: `${title} — foto ${i + 1} de ${count}` }));
  const thumbs = (
    <div className="photo-gallery__thumbs" role="group" aria-label="Miniaturas">
      {images.map((src, i) => (
        <button key={`${i}-${src}`} type="button" aria-label={`Ver foto ${i + 1}`} aria-current={i === index || undefined} className={i === index ? 'is-current' : undefined} onClick={() => onIndex(i)}>
          <img src={cardPhotoUrl(src)} alt="" width={80} height={56} loading="lazy" decoding="async" />
        </button>
      ))}
    </div>
  );
  return (
    <Image.PreviewGroup
      items={items}
      preview={{
        open: true,
        // the dialog's name (rc-image gives the preview's `alt` to its role="dialog" as aria-label)
        alt: `Fotos: ${title}`,
        current: index,
        rootClassName: 'photo-gallery',
        onChange: (next) => onIndex(next),
        onOpenChange: (open) => {
          if (!open) onClose();
        },
        onTransform: ({ transform }) => {
          scale.current = transform.scale;
        },
        countRender: (current, total) => <span className="photo-gallery__count">{photoCounter(current - 1, total)}</span>,
        actionsRender: (actions) => (
          <div className="photo-gallery__footer">
            {thumbs}
            {actions}
          </div>
        ),
      }}
    />
  );
}

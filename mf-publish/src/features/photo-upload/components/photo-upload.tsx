/**
 * Photo picker with ordered thumbnails (order = order sent, the first is the cover), buttons to
 * remove a photo or move it earlier or later, and compression progress. Issue 47: while the
 * listing is sent, each new photo's upload progress; the photo the API refused is marked, to be
 * removed (or replaced) before sending again.
 */
import { useRef } from 'react';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import PictureOutlined from '@ant-design/icons/es/icons/PictureOutlined';
import LeftOutlined from '@ant-design/icons/es/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import { IMAGE_TYPES, MAX_IMAGES } from 'shared-contracts';
import type { usePhotos } from '../hooks/use-photos';

const THUMB = 96;

interface Props {
  photos: ReturnType<typeof usePhotos>;
  disabled?: boolean;
  /** While the listing is sent: each photo's 0..100 by the name it is sent under. */
  upload?: { perPhoto: Record<string, number> } | null;
  /** The name (as sent) of the photo the API refused. */
  refused?: string;
}

export function PhotoUpload({ photos, disabled, upload, refused }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { progress } = photos;
  return (
    <section aria-label="Fotos" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Button icon={<PictureOutlined />} onClick={() => input.current?.click()} disabled={disabled || photos.photos.length >= MAX_IMAGES}>
          Agregar fotos
        </Button>
        <Typography.Text type="secondary">
          {photos.photos.length} / {MAX_IMAGES} fotos (PNG o JPEG)
        </Typography.Text>
        <input
          ref={input}
          type="file"
          aria-label="Elegir fotos"
          accept={IMAGE_TYPES.join(',')}
          multiple
          style={{ display: 'none' }}
          onChange={(e) => {
            void photos.add(Array.from(e.target.files ?? []));
            // Let the same file be chosen again after it was removed.
            e.target.value = '';
          }}
        />
      </div>
      {photos.notices.length > 0 && (
        <div role="status" aria-label="Fotos no agregadas" style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {photos.notices.map((notice, i) => (
            <Typography.Text key={`${i}:${notice}`} type="warning">
              {notice}
            </Typography.Text>
          ))}
        </div>
      )}
      {progress && (
        <div>
          {/* the line beside the bar, not in it: a progressbar's content is not read as a status */}
          <Typography.Text role="status">
            Comprimiendo fotos ({progress.done}/{progress.total})
          </Typography.Text>
          <Progress aria-label="Comprimiendo fotos" percent={progress.percent} status="active" size="small" />
        </div>
      )}
      <ol aria-label="Fotos elegidas" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {photos.photos.map((p, i) => {
          const sentAs = p.file ? p.file.name || p.name : null;
          const sending = sentAs !== null ? upload?.perPhoto[sentAs] : undefined;
          const isRefused = sentAs !== null && sentAs === refused;
          return (
            <li
              key={p.id}
              style={{ position: 'relative', width: THUMB, height: THUMB, borderRadius: 8, overflow: 'hidden', background: 'rgba(0,0,0,0.06)', outline: isRefused ? '3px solid #cf1322' : undefined, outlineOffset: -3 }}
            >
              {p.file || p.key ? (
                <img src={p.preview || undefined} alt={`Foto ${i + 1}: ${p.name}`} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              ) : (
                <Spin size="small" style={{ position: 'absolute', inset: 0, margin: 'auto', height: 20 }} aria-label={`Comprimiendo ${p.name}`} />
              )}
              <Button
                size="small"
                shape="circle"
                icon={<CloseOutlined />}
                aria-label={`Quitar ${p.name}`}
                disabled={disabled}
                onClick={() => photos.remove(p.id)}
                style={{ position: 'absolute', top: 4, right: 4 }}
              />
              {i === 0 && (
                <span style={{ position: 'absolute', left: 4, top: 4, background: 'rgba(0,0,0,0.7)', color: '#fff', fontSize: 11, padding: '0 4px', borderRadius: 4 }}>Portada</span>
              )}
              {photos.photos.length > 1 && (
                <div style={{ position: 'absolute', bottom: 4, left: 4, right: 4, display: 'flex', justifyContent: 'space-between' }}>
                  <Button size="small" shape="circle" icon={<LeftOutlined />} aria-label={`Mover antes ${p.name}`} disabled={disabled || i === 0} onClick={() => photos.move(p.id, -1)} />
                  <Button size="small" shape="circle" icon={<RightOutlined />} aria-label={`Mover después ${p.name}`} disabled={disabled || i === photos.photos.length - 1} onClick={() => photos.move(p.id, 1)} />
                </div>
              )}
              {sending !== undefined && (
                <div
                  role="progressbar"
                  aria-label={`Subida de ${p.name}`}
                  aria-valuenow={sending}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  style={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 6, background: 'rgba(0,0,0,0.45)' }}
                >
                  <div style={{ width: `${sending}%`, height: '100%', background: '#1677ff', transition: 'width 0.2s' }} />
                </div>
              )}
              {isRefused && (
                <span style={{ position: 'absolute', left: 4, bottom: 30, background: '#cf1322', color: '#fff', fontSize: 11, padding: '0 4px', borderRadius: 4 }}>No aceptada</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

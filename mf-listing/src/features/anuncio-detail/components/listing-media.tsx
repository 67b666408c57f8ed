/**
 * Issue 47: the listing's video and virtual tour. Nothing of the provider loads until the visitor
 * taps: the page shows a labelled button (and a plain link to the provider), and only the tap puts
 * the player's frame in place (its origin is one of the CSP's frame-src; shared-contracts
 * media-embeds.js). The stored address is read again here, so an address the allow-list would now
 * refuse is never framed.
 */
import { useState } from 'react';
import Button from 'antd/es/button';
import PlayCircleOutlined from '@ant-design/icons/es/icons/PlayCircleOutlined';
import { readTour, readVideo, type Anuncio } from 'shared-contracts';

type Kind = 'video' | 'tour';
const LABELS: Record<Kind, { heading: string; open: string; frame: string }> = {
  video: { heading: 'Video', open: 'Ver el video', frame: 'Video del anuncio' },
  tour: { heading: 'Recorrido virtual', open: 'Ver el recorrido virtual', frame: 'Recorrido virtual del anuncio' },
};

function Media({ kind, address }: { kind: Kind; address: string }) {
  const [playing, setPlaying] = useState(false);
  const link = (kind === 'video' ? readVideo : readTour)(address);
  if (!link) return null;
  const label = LABELS[kind];
  return (
    <section aria-label={label.heading} className="listing-media">
      <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{label.heading}</h2>
      {playing ? (
        <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden', background: '#000' }}>
          <iframe
            src={link.embed}
            title={label.frame}
            allow="autoplay; fullscreen; xr-spatial-tracking; encrypted-media; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        </div>
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
          <Button icon={<PlayCircleOutlined />} onClick={() => setPlaying(true)}>
            {label.open}
          </Button>
          <a href={link.url} target="_blank" rel="noopener noreferrer nofollow">
            Abrir en {link.provider}
          </a>
        </div>
      )}
    </section>
  );
}

export function ListingMedia({ anuncio }: { anuncio: Pick<Anuncio, 'video' | 'tour'> }) {
  if (!anuncio.video && !anuncio.tour) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, margin: '0 0 16px' }}>
      {anuncio.video && <Media kind="video" address={anuncio.video} />}
      {anuncio.tour && <Media kind="tour" address={anuncio.tour} />}
    </div>
  );
}

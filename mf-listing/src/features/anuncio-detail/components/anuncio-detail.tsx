/**
 * The listing detail view (SPEC §2 "Listing detail"), rendered by the detail page. The description
 * is split into one <p> per line and rendered as text, never HTML.
 */
import { lazy, Suspense, useRef } from 'react';
import Grid from 'antd/es/grid';
import theme from 'antd/es/theme';
import {
  ANTD_THEME_TOKENS,
  DETAIL_IMAGE_HEIGHT,
  MAP,
  MSG,
  amenities,
  descriptionLines,
  formatArea,
  formatBanos,
  formatFloor,
  formatRooms,
  isClosed,
  listingAttributes,
  type Anuncio,
} from 'shared-contracts';
import { ImageCarousel } from '../../../components/image-carousel';
import { usePhotoGallery } from '../hooks/use-photo-gallery';
import { DetailGallery } from './detail-gallery';
import { ContactReveal } from '../../../components/contact-reveal';
import { ExchangeRateNote, PriceBothCurrencies, PricePerM2 } from '../../../components/price-both-currencies';
import { addressLine, construccionBadge } from '../../../components/listing-lines';
import { ShareButton } from '../../../components/share-button';
import { WhatsAppButton } from '../../../components/whatsapp-button';
import { Chip, Surface } from '../../../components/surface';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { ClosedBanner, PriceDrop, UpdatedAgo } from './listing-status-notes';
import { FavoriteHeart } from '../../favoritos';
import { AdvertiserLine } from '../../agencias';
import { ListingMedia } from './listing-media';
import './anuncio-detail.css';

// leaflet (50 KB gzip) is fetched when the map comes near the screen; the delete button and its
// confirmation only where a delete handler is given
const ListingMap = lazy(() => import('./listing-map'));
const DeleteButton = lazy(() => import('../../../components/delete-button').then((m) => ({ default: m.DeleteButton })));

export interface AnuncioDetailProps {
  anuncio: Anuncio;
  onDelete?: (id: string) => void;
}

export const ASESOR_LABEL = 'Asesor:';
export const DETALLES = 'Detalles del inmueble';

/**
 * The detail's tags in SPEC order, as a Dominican reads them (issue 42): purpose and type, rooms,
 * '2½ baños', 'Piso 12', the area, and a project's state with its delivery.
 */
export function detailTags(a: Anuncio): string[] {
  const tags = [a.proposito?.toUpperCase(), a.propiedad?.toUpperCase()].filter(Boolean) as string[];
  if (a.habitaciones != null) tags.push(formatRooms(a.habitaciones));
  const banos = formatBanos(a.banos, a.mediosBanos);
  if (banos) tags.push(banos);
  if (a.nivel != null) tags.push(formatFloor(a.nivel));
  if (a.metros != null) tags.push(formatArea(a.metros));
  const obra = construccionBadge(a);
  if (obra) tags.push(obra);
  return tags;
}

/** Issue 42's known attributes as a list of label and value ('Amueblado: Semiamueblado'). */
function AttributeList({ anuncio }: { anuncio: Anuncio }) {
  const rows = listingAttributes(anuncio);
  if (rows.length === 0) return null;
  return (
    <section aria-label={DETALLES} style={{ margin: '0 0 12px' }}>
      <h2 style={{ fontSize: 16, margin: '8px 0' }}>{DETALLES}</h2>
      <dl className="anuncio-detail-attributes">
        {rows.map((r) => (
          <div key={r.label}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
// antd's preset green and orange tags are 3.4:1 on their light backgrounds; white on these is above 4.5:1
const AMENITY_GREEN = '#237804';

export function AnuncioDetail({ anuncio, onDelete }: AnuncioDetailProps) {
  const screens = Grid.useBreakpoint();
  // text colours that keep 4.5:1 contrast in the light and the dark scheme (axe, e2e/tests/a11y.spec.ts)
  const { token } = theme.useToken();
  const photoHeight = screens.sm ? DETAIL_IMAGE_HEIGHT.wide : DETAIL_IMAGE_HEIGHT.narrow;
  const advisor = [anuncio.name, anuncio.apellido].filter(Boolean).join(' ');
  const closed = isClosed(anuncio.estado);
  const hasPosition = anuncio.latitude != null && anuncio.longitude != null;
  const mapBox = useRef<HTMLDivElement>(null);
  const [mapWanted] = useNearViewport(mapBox, { enabled: hasPosition, margin: '0px' });
  const photos = anuncio.image_urls ?? [];
  const gallery = usePhotoGallery(photos.length);
  const mapPlaceholder = <div aria-busy="true" style={{ height: MAP.heightPx, background: token.colorFillQuaternary, borderRadius: 8 }} />;
  return (
    // overflowWrap: the listing's own text (a URL as a title) breaks rather than widening the page (issue 39)
    <Surface className="anuncio-detail" style={{ padding: screens.sm ? 24 : 12, overflowWrap: 'anywhere' }}>
      <ClosedBanner anuncio={anuncio} />
      <ImageCarousel images={photos} title={anuncio.title} height={photoHeight} fit="contain" size="screen" priority upgrade="touch" onOpen={gallery.open} />
      <DetailGallery images={photos} title={anuncio.title} gallery={gallery} />
      <h1 style={{ fontSize: screens.sm ? 28 : 22, margin: '16px 0 8px' }}>{anuncio.title}</h1>
      <div aria-label="Características" style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        {detailTags(anuncio).map((t) => (
          <Chip key={t} solid={ANTD_THEME_TOKENS.colorPrimary}>
            {t}
          </Chip>
        ))}
      </div>
      <p style={{ fontSize: 24, fontWeight: 700, margin: '12px 0 4px' }}>
        <PriceBothCurrencies anuncio={anuncio} />
      </p>
      <PricePerM2 anuncio={anuncio} style={{ display: 'block', margin: '0 0 4px' }} />
      <ExchangeRateNote anuncio={anuncio} />
      <PriceDrop anuncio={anuncio} />
      <p style={{ color: token.colorTextSecondary, margin: '0 0 8px' }}>{addressLine(anuncio)}</p>
      <UpdatedAgo anuncio={anuncio} />
      {amenities(anuncio).length > 0 && (
        <ul aria-label="Comodidades" style={{ display: 'flex', flexWrap: 'wrap', gap: 6, listStyle: 'none', padding: 0, margin: '0 0 12px' }}>
          {amenities(anuncio).map((a) => (
            <li key={a}>
              <Chip solid={AMENITY_GREEN}>✓ {a}</Chip>
            </li>
          ))}
        </ul>
      )}
      <AttributeList anuncio={anuncio} />
      <div className="anuncio-detail-description">
        {descriptionLines(anuncio.description).map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
      <ListingMedia anuncio={anuncio} />
      <AdvertiserLine anuncio={anuncio} as="p" style={{ margin: '8px 0 4px' }} />
      {advisor && (
        <p style={{ margin: '4px 0 12px' }}>
          {ASESOR_LABEL} {advisor}
        </p>
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginBottom: 16 }}>
        <FavoriteHeart anuncioId={anuncio._id} />
        {/* Sold or rented (issue 20): nobody is to be contacted about it any more. */}
        {anuncio.canales.includes('email') && !closed && <ContactReveal anuncioId={anuncio._id} canal="email" label={MSG.emailBoton} />}
        {anuncio.canales.includes('telefono') && !closed && <ContactReveal anuncioId={anuncio._id} canal="telefono" label={MSG.contacto} />}
        {anuncio.canales.includes('whatsapp') && !closed && <WhatsAppButton anuncio={anuncio} />}
        <ShareButton anuncio={anuncio} />
        {onDelete && (
          <Suspense fallback={null}>
            <DeleteButton id={anuncio._id} onDelete={onDelete} />
          </Suspense>
        )}
      </div>
      {hasPosition && (
        <div ref={mapBox} className="anuncio-detail-map-slot">
          {mapWanted ? (
            <Suspense fallback={mapPlaceholder}>
              <ListingMap latitude={anuncio.latitude!} longitude={anuncio.longitude!} title={anuncio.title} />
            </Suspense>
          ) : (
            mapPlaceholder
          )}
        </div>
      )}
    </Surface>
  );
}


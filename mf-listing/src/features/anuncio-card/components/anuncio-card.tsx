/**
 * The one listing card of the portal (SPEC §2 Home "Listing card"), rendered by mf-search's grid
 * and mf-publish's my-listings through the './AnuncioCard' expose.
 * Drawn with the theme's tokens rather than antd's Card and Tag: those brought Tabs and friends
 * (18 KB gzip) to the home page for a box and a label. The delete button (and its confirmation
 * popover) loads only where a delete handler is given.
 */
import { lazy, Suspense, type MouseEvent } from 'react';
import { useNavigate } from 'web-runtime/router';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import {
  CARD_IMAGE_HEIGHT,
  DESCRIPTION_CLAMP_LINES,
  MSG,
  anuncioPath,
  formatArea,
  formatBanos,
  formatRooms,
  isClosed,
  type Anuncio,
} from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { ImageCarousel } from '../../../components/image-carousel';
import { ContactReveal } from '../../../components/contact-reveal';
import { PriceBothCurrencies, PricePerM2 } from '../../../components/price-both-currencies';
import { addressLine, construccionBadge } from '../../../components/listing-lines';
import { WhatsAppButton } from '../../../components/whatsapp-button';
import { Chip, Surface } from '../../../components/surface';
import { AdvertiserLine } from '../../agencias';
import { FavoriteHeart } from '../../favoritos';

const DeleteButton = lazy(() => import('../../../components/delete-button').then((m) => ({ default: m.DeleteButton })));

export interface AnuncioCardProps {
  anuncio: Anuncio;
  onDelete?: (id: string) => void;
  /** The first card of a page: its photo is fetched first (the page's largest paint). */
  priority?: boolean;
}

/**
 * Tags the card shows: purpose and type uppercase, then rooms, bathrooms ('2½ baños', issue 42)
 * and area when known, and a project's state with its delivery.
 */
export function cardTags(a: Anuncio): string[] {
  const tags = [a.proposito?.toUpperCase(), a.propiedad?.toUpperCase()].filter(Boolean) as string[];
  if (a.habitaciones != null) tags.push(formatRooms(a.habitaciones));
  const banos = formatBanos(a.banos, a.mediosBanos);
  if (banos) tags.push(banos);
  if (a.metros != null) tags.push(formatArea(a.metros));
  const obra = construccionBadge(a);
  if (obra) tags.push(obra);
  return tags;
}

const clamp = {
  display: '-webkit-box',
  WebkitLineClamp: DESCRIPTION_CLAMP_LINES,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  margin: '4px 0',
} as const;

export function AnuncioCard({ anuncio, onDelete, priority = false }: AnuncioCardProps) {
  const navigate = useNavigate();
  // the theme's secondary text: readable (4.5:1) in the light and the dark scheme
  const { token } = theme.useToken();
  const href = anuncioPath(anuncio._id);
  // a real link (works without JavaScript, opens in a new tab); a plain click stays in the app
  const openDetail = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    usePortalStore.getState().setChosenAnuncio(anuncio);
    navigate(href);
  };
  return (
    // overflowWrap: the listing's own text (a URL as a title) breaks rather than widening the grid (issue 39)
    <Surface as="article" className="anuncio-card" style={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden', position: 'relative', overflowWrap: 'anywhere' }}>
      <ImageCarousel images={anuncio.image_urls ?? []} title={anuncio.title} height={CARD_IMAGE_HEIGHT} size="card" priority={priority} upgrade="touch" />
      <FavoriteHeart anuncioId={anuncio._id} style={{ position: 'absolute', top: 8, right: 8, zIndex: 2 }} />
      <div style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 4, flex: 1 }}>
        <h3 style={{ margin: 0, fontSize: 16, lineHeight: 1.3 }}>{anuncio.title}</h3>
        <div aria-label="Características" style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {cardTags(anuncio).map((t) => (
            <Chip key={t}>{t}</Chip>
          ))}
        </div>
        <AdvertiserLine anuncio={anuncio} />
        <div className="anuncio-card-location" style={{ color: token.colorTextSecondary, fontSize: 13 }}>
          {addressLine(anuncio)}
        </div>
        <p className="anuncio-card-description" style={clamp}>
          {anuncio.description}
        </p>
        <strong style={{ fontSize: 18, marginTop: 'auto' }}>
          <PriceBothCurrencies anuncio={anuncio} />
        </strong>
        <PricePerM2 anuncio={anuncio} />
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <Button type="primary" href={href} onClick={openDetail}>
            {MSG.informacion}
          </Button>
          {/* a sold or rented listing gives no contact any more (issue 40), as on its detail page */}
          {anuncio.canales.includes('telefono') && !isClosed(anuncio.estado) && <ContactReveal anuncioId={anuncio._id} canal="telefono" label={MSG.contacto} />}
          {anuncio.canales.includes('whatsapp') && !isClosed(anuncio.estado) && <WhatsAppButton anuncio={anuncio} />}
          {onDelete && (
            <Suspense fallback={null}>
              <DeleteButton id={anuncio._id} onDelete={onDelete} />
            </Suspense>
          )}
        </div>
      </div>
    </Surface>
  );
}

/** What mf_listing exposes as ./AnuncioCard (page manifest). */
export default AnuncioCard;

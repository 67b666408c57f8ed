/**
 * The one listing card of the portal (SPEC §2 Home "Listing card"), rendered by mf-search's grid
 * and mf-publish's my-listings through the './AnuncioCard' expose.
 */
import { useNavigate } from 'react-router-dom';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import {
  CARD_IMAGE_HEIGHT,
  DESCRIPTION_CLAMP_LINES,
  MSG,
  anuncioPath,
  companyDisplayName,
  formatArea,
  formatPhone,
  formatPrice,
  formatRooms,
  locationLine,
  telHref,
  type Anuncio,
} from 'shared-contracts';
import { usePortalStore } from 'shared-contracts/store';
import { ImageCarousel } from '../../components/image-carousel';
import { ContactReveal } from '../../components/contact-reveal';
import { DeleteButton } from '../../components/delete-button';

export interface AnuncioCardProps {
  anuncio: Anuncio;
  onDelete?: (id: string) => void;
}

/** Tags the card shows: purpose and type uppercase, then rooms and area when known. */
export function cardTags(a: Anuncio): string[] {
  const tags = [a.proposito?.toUpperCase(), a.propiedad?.toUpperCase()].filter(Boolean) as string[];
  if (a.habitaciones != null) tags.push(formatRooms(a.habitaciones));
  if (a.metros != null) tags.push(formatArea(a.metros));
  return tags;
}

const clamp = {
  display: '-webkit-box',
  WebkitLineClamp: DESCRIPTION_CLAMP_LINES,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  margin: '4px 0',
} as const;

export function AnuncioCard({ anuncio, onDelete }: AnuncioCardProps) {
  const navigate = useNavigate();
  // the theme's secondary text: readable (4.5:1) in the light and the dark scheme
  const { token } = theme.useToken();
  const company = companyDisplayName(anuncio.source);
  const openDetail = () => {
    usePortalStore.getState().setChosenAnuncio(anuncio);
    navigate(anuncioPath(anuncio._id));
  };
  return (
    <Card
      className="anuncio-card"
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { padding: 12, display: 'flex', flexDirection: 'column', gap: 4, flex: 1 } }}
      cover={<ImageCarousel images={anuncio.image_urls ?? []} title={anuncio.title} height={CARD_IMAGE_HEIGHT} />}
    >
      <h3 style={{ margin: 0, fontSize: 16, lineHeight: 1.3 }}>{anuncio.title}</h3>
      <div aria-label="Características" style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {cardTags(anuncio).map((t) => (
          <Tag key={t} style={{ marginInlineEnd: 0 }}>
            {t}
          </Tag>
        ))}
      </div>
      {company && (
        <div>
          {MSG.empresa} {company}
        </div>
      )}
      <div className="anuncio-card-location" style={{ color: token.colorTextSecondary, fontSize: 13 }}>
        {locationLine(anuncio)}
      </div>
      <p className="anuncio-card-description" style={clamp}>
        {anuncio.description}
      </p>
      <strong style={{ fontSize: 18, marginTop: 'auto' }}>{formatPrice(anuncio.price, anuncio.moneda)}</strong>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <Button type="primary" onClick={openDetail}>
          {MSG.informacion}
        </Button>
        <ContactReveal label={MSG.contacto} href={telHref(anuncio.movil)} text={formatPhone(anuncio.movil)} />
        {onDelete && <DeleteButton id={anuncio._id} onDelete={onDelete} />}
      </div>
    </Card>
  );
}

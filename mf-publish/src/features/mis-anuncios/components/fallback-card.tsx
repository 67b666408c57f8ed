/**
 * Shown in place of mf_listing/AnuncioCard when that remote cannot be loaded: the user still sees
 * each listing and can delete it (the card is mf-listing's; this is only a degraded stand-in).
 */
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { formatPriceBoth, locationLine, type Anuncio } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

export function FallbackCard({ anuncio, onDelete }: { anuncio: Anuncio; onDelete(id: string): void }) {
  const rate = usePortalStore((s) => s.config?.usdDopRate ?? 0);
  return (
    <Card size="small" title={anuncio.title || anuncio.propiedad}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {locationLine(anuncio)}
      </Typography.Paragraph>
      <Typography.Paragraph strong>{formatPriceBoth(anuncio.price, anuncio.moneda, rate)}</Typography.Paragraph>
      <Button danger size="small" onClick={() => onDelete(anuncio._id)}>
        Borrar
      </Button>
    </Card>
  );
}

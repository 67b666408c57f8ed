/**
 * The seller's figures on my listings (issue 21): under each card "123 vistas · 8 contactos ·
 * 5 WhatsApp" and, above the list, the sum over every listing. Views count once per visitor and
 * day; contactos are phone and email reveals; WhatsApp the presses of its button.
 */
import Typography from 'antd/es/typography';
import { MSG, type ListingStats, type MiAnuncio } from 'shared-contracts';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('es-DO')} ${n === 1 ? one : many}`;

export function statsLine(s: ListingStats): string {
  return [count(s.vistas, 'vista', 'vistas'), count(s.contactos, 'contacto', 'contactos'), `${s.whatsapp.toLocaleString('es-DO')} WhatsApp`].join(' · ');
}

export function totalStats(anuncios: MiAnuncio[]): ListingStats {
  return anuncios.reduce<ListingStats>(
    (t, a) => ({ vistas: t.vistas + (a.estadisticas?.vistas ?? 0), contactos: t.contactos + (a.estadisticas?.contactos ?? 0), whatsapp: t.whatsapp + (a.estadisticas?.whatsapp ?? 0) }),
    { vistas: 0, contactos: 0, whatsapp: 0 },
  );
}

export function ListingStatsLine({ anuncio }: { anuncio: MiAnuncio }) {
  if (!anuncio.estadisticas) return null;
  return (
    <Typography.Paragraph type="secondary" className="estadisticas" aria-label={`Estadísticas de ${anuncio.title}`} style={{ margin: '6px 0 0' }}>
      {statsLine(anuncio.estadisticas)}
    </Typography.Paragraph>
  );
}

export function TotalStats({ anuncios }: { anuncios: MiAnuncio[] }) {
  if (anuncios.length === 0) return null;
  return (
    <Typography.Paragraph className="estadisticas-total" style={{ marginTop: 0 }}>
      <strong>{MSG.estadisticasTotal}</strong> {statsLine(totalStats(anuncios))}
    </Typography.Paragraph>
  );
}

import { render, screen } from '@testing-library/react';
import { makeAnuncio } from 'web-runtime/testing';
import { ListingStatsLine, TotalStats, statsLine, totalStats } from './listing-stats';

const a = (id: string, vistas: number, contactos: number, whatsapp: number) => ({ ...makeAnuncio({ _id: id, title: `Casa ${id}` }), estadisticas: { vistas, contactos, whatsapp } });

test('the line of figures, singular and plural (issue 21)', () => {
  expect(statsLine({ vistas: 123, contactos: 8, whatsapp: 5 })).toBe('123 vistas · 8 contactos · 5 WhatsApp');
  expect(statsLine({ vistas: 1, contactos: 1, whatsapp: 0 })).toBe('1 vista · 1 contacto · 0 WhatsApp');
});

test('each card shows its figures and the total sums every listing', () => {
  const mine = [a('x1', 100, 3, 2), a('x2', 23, 5, 3), makeAnuncio({ _id: 'x3' })];
  expect(totalStats(mine)).toEqual({ vistas: 123, contactos: 8, whatsapp: 5 });
  render(
    <>
      <TotalStats anuncios={mine} />
      <ListingStatsLine anuncio={mine[0]} />
      <ListingStatsLine anuncio={mine[2]} />
    </>,
  );
  expect(screen.getByText('123 vistas · 8 contactos · 5 WhatsApp')).toBeInTheDocument();
  expect(screen.getByLabelText('Estadísticas de Casa x1')).toHaveTextContent('100 vistas · 3 contactos · 2 WhatsApp');
  // a listing put in the list without figures (e.g. just published) shows none rather than zeros
  expect(screen.getAllByLabelText(/^Estadísticas de/)).toHaveLength(1);
});

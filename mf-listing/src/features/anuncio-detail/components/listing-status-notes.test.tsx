/** The detail's notes about a listing's life (issue 20): sold/rented banner, price drop, last update. */
import { render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'web-runtime/router';
import { makeAnuncio } from 'web-runtime/testing';
import { MSG } from 'shared-contracts';
import { AnuncioDetail } from './anuncio-detail';

// the detail keeps its gallery in the URL (issue 47): it is drawn inside a router
const render = (ui: ReactElement) => renderBare(<MemoryRouter>{ui}</MemoryRouter>);

const DAY = 24 * 3600_000;

test('a sold listing shows the "Vendido" banner and no contact buttons', () => {
  render(<AnuncioDetail anuncio={makeAnuncio({ estado: 'vendido' })} />);
  expect(screen.getByRole('status', { name: 'Anuncio vendido' })).toHaveTextContent('Vendido');
  expect(screen.queryByRole('button', { name: MSG.contacto })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: MSG.emailBoton })).not.toBeInTheDocument();
});

test('a rented listing says "Alquilado"; an active one has no banner and keeps its contact buttons', () => {
  const { unmount } = render(<AnuncioDetail anuncio={makeAnuncio({ estado: 'alquilado' })} />);
  expect(screen.getByRole('status', { name: 'Anuncio alquilado' })).toHaveTextContent('Alquilado');
  unmount();
  render(<AnuncioDetail anuncio={makeAnuncio({ estado: 'activo' })} />);
  expect(screen.queryByRole('status', { name: /Anuncio/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: MSG.contacto })).toBeInTheDocument();
});

test('"Bajó de precio" with the previous price, and "Actualizado hace N días"', () => {
  render(
    <AnuncioDetail
      anuncio={makeAnuncio({
        price: 4200000,
        moneda: 'RD',
        precioAnterior: { price: 5000000, moneda: 'RD', changedAt: new Date().toISOString() },
        updatedAt: new Date(Date.now() - 3 * DAY - 1000).toISOString(),
      })}
    />,
  );
  const drop = screen.getByLabelText(MSG.bajoDePrecio);
  expect(drop).toHaveTextContent(MSG.bajoDePrecio);
  expect(drop).toHaveTextContent('5,000,000');
  expect(screen.getByText('Actualizado hace 3 días')).toBeInTheDocument();
});

test('no price drop note without a recent drop', () => {
  render(<AnuncioDetail anuncio={makeAnuncio({ precioAnterior: null, updatedAt: new Date().toISOString() })} />);
  expect(screen.queryByLabelText(MSG.bajoDePrecio)).not.toBeInTheDocument();
  expect(screen.getByText('Actualizado hoy')).toBeInTheDocument();
});

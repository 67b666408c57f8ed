/**
 * The detail page against a recorded API over real HTTP (web-runtime/testing): loading by id,
 * instant paint from the store, not-found answers, formatting, reveal-once, document metadata.
 */
import { act, configure, render, screen, fireEvent, within, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'web-runtime/router';
import { makeAnuncio, startRecordedApi, type RecordedApi, type RecordedReply } from 'web-runtime/testing';
import { parseRuntimeConfig, type Anuncio } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import AnuncioDetailPage, { IR_AL_INICIO } from './anuncio-detail-page';

jest.setTimeout(30_000);
// the machine is shared: give real HTTP round trips and antd renders room
configure({ asyncUtilTimeout: 8000 });

let api: RecordedApi;
let replies: Record<string, RecordedReply> = {};

beforeAll(async () => {
  api = await startRecordedApi((req) => replies[req.path] ?? { status: 404, body: { error: 'Anuncio no encontrado' } });
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  replies = {};
  api.requests.length = 0;
  usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: api.url }) });
});

function renderAt(id: string) {
  return render(
    <MemoryRouter initialEntries={[`/anuncioDetailedView/${id}`]}>
      <Routes>
        <Route path="/" element={<p>inicio</p>} />
        <Route path="/anuncioDetailedView/:anuncioId" element={<AnuncioDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const full: Anuncio = makeAnuncio({
  _id: 'd1',
  title: 'Apartamento en Naco',
  proposito: 'alquiler',
  propiedad: 'Apartamento',
  habitaciones: 2,
  banos: 3,
  nivel: 4,
  metros: 95,
  price: 45000,
  moneda: 'RD',
  balcon: true,
  patio: false,
  piscina: true,
  parqueo: false,
  description: 'Primera línea\n\n<b>Segunda</b> línea\r\nTercera',
  source: 'hazim',
  name: 'Pedro',
  apellido: 'Gómez',
});
const contacto = { movil: '18095550001', email: 'pedro@example.com' };

test('loads the listing by the route id and formats every field', async () => {
  replies['/anuncio/d1'] = { body: full };
  replies['/agencias'] = { body: { agencias: [{ slug: 'hazim', nombre: 'Hazim' }] } };
  renderAt('d1');
  expect(await screen.findByRole('heading', { name: 'Apartamento en Naco' })).toBeInTheDocument();
  // the listing once, the view reported for the seller's figures (issue 21), the agencies' names (issue 46)
  await waitFor(() =>
    expect(api.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /agencias', 'GET /anuncio/d1', 'POST /anuncio/d1/vista']),
  );
  expect(api.requests[0]).toMatchObject({ method: 'GET', path: '/anuncio/d1' });
  const tags = within(screen.getByLabelText('Características'));
  // issue 42: bathrooms and the floor as Dominicans read them, a rent with its period
  for (const t of ['ALQUILER', 'APARTAMENTO', '2 hab.', '3 baños', 'Piso 4', '95 m²']) expect(tags.getByText(t)).toBeInTheDocument();
  expect(screen.getByText('RD$ 45,000/mes')).toBeInTheDocument();
  expect(document.querySelector('.precio-m2')?.textContent).toMatch(/^RD\$ 474\/m²/);
  expect(screen.getByText('Gazcue, Santo Domingo de Guzmán, Distrito Nacional')).toBeInTheDocument();
  // amenities only when true
  const amen = within(screen.getByLabelText('Comodidades'));
  expect(amen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['✓ Balcón', '✓ Piscina']);
  // one paragraph per line, blank lines dropped, markup shown as text
  const paragraphs = Array.from(document.querySelectorAll('.anuncio-detail-description p')).map((p) => p.textContent);
  expect(paragraphs).toEqual(['Primera línea', '<b>Segunda</b> línea', 'Tercera']);
  expect(document.querySelector('.anuncio-detail-description b')).toBeNull();
  expect(await screen.findByText('Empresa: Hazim')).toBeInTheDocument();
  expect(screen.getByText('Asesor: Pedro Gómez')).toBeInTheDocument();
});

test('issue 42: the attribute list says what is known and nothing about what is not; a project shows its delivery', async () => {
  replies['/anuncio/d1'] = {
    body: {
      ...full, mediosBanos: 1, parqueos: 2, parqueo: true, amueblado: 'semi', respaldo: 'planta', cisterna: true, gasComun: false, ascensor: null,
      seguridad24h: null, areaSocial: null, mantenimiento: 8500, mantenimientoMoneda: 'RD', anoConstruccion: null, construccion: 'construccion',
      entrega: '2027-06', calle: 'Av. Abraham Lincoln, Torre Sol',
    },
  };
  renderAt('d1');
  const list = await screen.findByRole('region', { name: 'Detalles del inmueble' });
  const rows = Array.from(list.querySelectorAll('dl > div')).map((d) => `${d.querySelector('dt')!.textContent}: ${d.querySelector('dd')!.textContent}`);
  expect(rows).toEqual([
    'Parqueos: 2 parqueos', 'Amueblado: Semiamueblado', 'Respaldo eléctrico: Planta eléctrica full', 'Cisterna: Sí', 'Gas común: No',
    'Mantenimiento mensual: RD$ 8,500/mes', 'Estado de la obra: En construcción', 'Entrega: junio de 2027',
  ]);
  const tags = within(screen.getByLabelText('Características'));
  expect(tags.getByText('3½ baños')).toBeInTheDocument();
  expect(tags.getByText('En construcción · entrega junio de 2027')).toBeInTheDocument();
  expect(screen.getByText('Av. Abraham Lincoln, Torre Sol · Gazcue, Santo Domingo de Guzmán, Distrito Nacional')).toBeInTheDocument();
});

test('issue 39: the other-currency figure is explained under the price, with the rate and its day', async () => {
  usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: api.url, usdDopRate: 62.5, usdDopRateDate: '2026-11-27' }) });
  replies['/anuncio/d1'] = { body: { ...full, price: 200000, moneda: 'US' } };
  renderAt('d1');
  expect(await screen.findByText('≈ RD$ 12,500,000', { exact: false })).toHaveAttribute('title', 'Equivalencia aproximada a RD$ 62.5 por US$ 1, tasa del 27 de noviembre de 2026.');
  expect(screen.getByText('Equivalencia aproximada a RD$ 62.5 por US$ 1, tasa del 27 de noviembre de 2026.')).toBeInTheDocument();
});

test('no amenities block when none is true; location fallback', async () => {
  replies['/anuncio/d2'] = { body: makeAnuncio({ _id: 'd2', balcon: false, patio: false, piscina: false, parqueo: false, locality: '', place: '', region: '' }) };
  renderAt('d2');
  expect(await screen.findByText('República Dominicana')).toBeInTheDocument();
  expect(screen.queryByLabelText('Comodidades')).not.toBeInTheDocument();
});

test('Email and Contacto ask the API, then reveal mailto and tel links once', async () => {
  replies['/anuncio/d1'] = { body: full };
  replies['/anuncio/d1/contacto'] = { body: contacto };
  renderAt('d1');
  await screen.findByRole('heading', { name: 'Apartamento en Naco' });
  expect(screen.queryByText('pedro@example.com')).not.toBeInTheDocument();
  expect(screen.queryByText(/555-0001/)).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Email' }));
  expect(await screen.findByRole('link', { name: 'pedro@example.com' })).toHaveAttribute('href', 'mailto:pedro@example.com');
  expect(screen.queryByRole('button', { name: 'Email' })).not.toBeInTheDocument();
  // the phone stays hidden until its own click
  expect(screen.queryByText(/555-0001/)).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Contacto' }));
  expect(await screen.findByRole('link', { name: '+1 (809) 555-0001' })).toHaveAttribute('href', 'tel:+18095550001');
  expect(api.requests.filter((r) => r.path.endsWith('/contacto')).map((r) => r.body)).toEqual([{ canal: 'email' }, { canal: 'telefono' }]);
  fireEvent.click(screen.getByRole('heading', { name: 'Apartamento en Naco' }));
  expect(screen.getByRole('link', { name: 'pedro@example.com' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '+1 (809) 555-0001' })).toBeInTheDocument();
});

test('paints the chosen listing from the store at once when the id matches', async () => {
  const chosen = makeAnuncio({ _id: 'd1', title: 'Desde la tarjeta' });
  usePortalStore.setState({ chosenAnuncio: chosen });
  replies['/anuncio/d1'] = { body: { ...full, title: 'Versión del servidor' }, delayMs: 150 };
  renderAt('d1');
  expect(screen.getByRole('heading', { name: 'Desde la tarjeta' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Versión del servidor' })).toBeInTheDocument();
});

test('a chosen listing with another id is not shown', async () => {
  usePortalStore.setState({ chosenAnuncio: makeAnuncio({ _id: 'otro', title: 'Otro anuncio' }) });
  replies['/anuncio/d1'] = { body: full, delayMs: 100 };
  renderAt('d1');
  expect(screen.queryByText('Otro anuncio')).not.toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Apartamento en Naco' })).toBeInTheDocument();
});

test.each([
  ['a 404', { status: 404, body: { error: 'Anuncio no encontrado' } }],
  ['a body with message', { status: 200, body: { message: 'not found' } }],
])('%s shows the way back home', async (_name, reply) => {
  replies['/anuncio/zz'] = reply;
  renderAt('zz');
  expect(await screen.findByText('Por Favor, regresa a la pagina principal')).toBeInTheDocument();
  // a link home (without JavaScript too), drawn as a button
  const home = screen.getByRole('link', { name: IR_AL_INICIO });
  expect(home).toHaveAttribute('href', '/');
  fireEvent.click(home);
  expect(screen.getByText('inicio')).toBeInTheDocument();
});

test('an API that fails shows an error with a retry, and Reintentar loads again', async () => {
  replies['/anuncio/d1'] = { status: 503, body: { error: 'Servicio no disponible' } };
  renderAt('d1');
  const retry = await screen.findByRole('button', { name: 'Reintentar' });
  replies['/anuncio/d1'] = { body: full };
  fireEvent.click(retry);
  expect(await screen.findByRole('heading', { name: 'Apartamento en Naco' })).toBeInTheDocument();
  expect(api.requests.filter((r) => r.method === 'GET' && r.path === '/anuncio/d1')).toHaveLength(2);
});

test('the document title and description reflect the listing, and are restored on leave', async () => {
  document.title = 'InmueblesRD';
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = 'portal';
  document.head.appendChild(meta);
  replies['/anuncio/d1'] = { body: full };
  const { unmount } = renderAt('d1');
  await screen.findByRole('heading', { name: 'Apartamento en Naco' });
  await waitFor(() => expect(document.title).toBe('Apartamento en Naco – RD$ 45,000 | InmueblesRD'));
  expect(meta.content).toMatch(/^RD\$ 45,000 · Gazcue, Santo Domingo de Guzmán, Distrito Nacional\. Primera línea/);
  unmount();
  expect(document.title).toBe('InmueblesRD');
  expect(meta.content).toBe('portal');
  meta.remove();
});

test('the map loads when it comes near the screen, with a marker when the listing has coordinates', async () => {
  // jsdom has no IntersectionObserver: this one reports "in view" when the test scrolls
  const watched: { cb: IntersectionObserverCallback; el: Element }[] = [];
  class ScrollObserver {
    constructor(private cb: IntersectionObserverCallback) {}
    observe(el: Element) {
      watched.push({ cb: this.cb, el });
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  const original = window.IntersectionObserver;
  window.IntersectionObserver = ScrollObserver as unknown as typeof IntersectionObserver;
  try {
    replies['/anuncio/m1'] = { body: makeAnuncio({ _id: 'm1', latitude: 18.47, longitude: -69.9 }) };
    renderAt('m1');
    await screen.findByRole('heading', { name: 'Casa con patio en Gazcue' });
    // not scrolled yet: a reserved box, no leaflet
    expect(document.querySelector('.anuncio-detail-map')).toBeNull();
    expect(watched.length).toBeGreaterThan(0);
    act(() => watched.forEach(({ cb, el }) => cb([{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry], {} as IntersectionObserver)));
    await checkMap();
  } finally {
    window.IntersectionObserver = original;
  }
});

async function checkMap() {
  const map = await waitFor(() => {
    const el = document.querySelector('.anuncio-detail-map');
    if (!el) throw new Error('no map yet');
    return el as HTMLElement;
  });
  expect(map).toHaveStyle({ height: '500px' });
  await waitFor(() => expect(map.querySelector('.leaflet-marker-icon')).not.toBeNull());
}

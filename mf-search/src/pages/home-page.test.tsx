/**
 * The home page against a recorded API over real HTTP: the request it sends, the grid and
 * pagination, the options from the response, the panel's rules, the states and the map toggle.
 * The card comes through the store's remote loader, as in the shell (a plain card stands in for
 * mf_listing's so this remote's tests do not depend on another remote's code).
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation, useParams } from 'web-runtime/router';
import { makeAnuncio, startRecordedApi, type RecordedApi, type RecordedReply, type RecordedRequest } from 'web-runtime/testing';
import { parseRuntimeConfig, type AllAnunciosResponse, type Anuncio } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import HomePage, { ERROR_LISTA, SIN_RESULTADOS } from './home-page';
import { LABELS } from '../features/search-panel/components/search-panel';

jest.setTimeout(30_000);

// the machine is shared: give real HTTP round trips and antd renders room
configure({ asyncUtilTimeout: 8000 });

let api: RecordedApi;
let answer: (req: RecordedRequest) => RecordedReply;
const loaded: string[] = [];

function TestCard({ anuncio }: { anuncio: Anuncio }) {
  return <article>{anuncio.title}</article>;
}

function listing(i: number): Anuncio {
  return makeAnuncio({ _id: `id${i}`, title: `Anuncio ${i}`, latitude: 18.4 + i / 100, longitude: -69.9, image_urls: [`http://img.test/${i}.jpg`] });
}

function page(count: number, pageIndex: number, extra: Partial<AllAnunciosResponse> = {}): AllAnunciosResponse {
  const n = Math.max(0, Math.min(12, count - pageIndex * 12));
  return {
    anuncios: Array.from({ length: n }, (_, k) => listing(pageIndex * 12 + k + 1)),
    count,
    placeOptions: ['Santiago de los Caballeros', 'Punta Cana'],
    regionOptions: ['Santiago', 'La Altagracia'],
    localityOptions: ['Los Jardines'],
    ...extra,
  };
}

beforeAll(async () => {
  api = await startRecordedApi((req) => answer(req));
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
  loaded.length = 0;
  answer = (req) => ({ body: page(30, (req.body as { page: number }).page) });
  usePortalStore.setState({
    config: parseRuntimeConfig({ apiBaseUrl: api.url }),
    loadRemote: async (id: string) => {
      loaded.push(id);
      return { default: TestCard };
    },
  });
});

function Detail() {
  return <p>detalle {useParams().anuncioId}</p>;
}

let location = '';
function Where() {
  const l = useLocation();
  location = `${l.pathname}${l.search}`;
  return (
    <>
      <Link to="/">logo</Link>
      <Link to="/?region=Santiago">santiago</Link>
    </>
  );
}

function renderHome(url = '/') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Where />
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/anuncioDetailedView/:anuncioId" element={<Detail />} />
      </Routes>
    </MemoryRouter>,
  );
}

const bodies = () => api.requests.map((r) => r.body);

test('first load asks for page 0 with no filters, shows the cards and a pager of as many pages as the count fills', async () => {
  renderHome();
  expect(await screen.findByText('Anuncio 1')).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Anuncios' })).getAllByRole('article')).toHaveLength(12);
  expect(bodies()).toEqual([{ filters: {}, page: 0 }]);
  const nav = screen.getByRole('navigation', { name: 'Paginación' });
  expect(within(nav).getByRole('link', { name: 'Página 3' })).toBeInTheDocument();
  expect(within(nav).queryByRole('link', { name: 'Página 4' })).not.toBeInTheDocument();
  expect(new Set(loaded)).toEqual(new Set(['mf_listing/AnuncioCard']));
});

test('pagination shows one sibling and one boundary page, and a page change asks for page - 1', async () => {
  answer = (req) => ({ body: page(240, (req.body as { page: number }).page) });
  renderHome('/?page=5');
  await screen.findByText('Anuncio 49');
  const nav = screen.getByRole('navigation', { name: 'Paginación' });
  const items = Array.from(nav.querySelectorAll('li')).map((li) => li.textContent?.trim());
  expect(items).toEqual(['‹', '1', '…', '4', '5', '6', '…', '20', '›']);
  expect(within(nav).getByRole('link', { name: 'Página 5' })).toHaveAttribute('aria-current', 'page');
  // pages are links to the search's address
  expect(within(nav).getByRole('link', { name: 'Página 6' })).toHaveAttribute('href', '/?page=6');
  fireEvent.click(within(nav).getByRole('link', { name: 'Página 6' }));
  expect(await screen.findByText('Anuncio 61')).toBeInTheDocument();
  expect(location).toBe('/?page=6');
  await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Paginación' })).getByRole('link', { name: 'Página 6' })).toHaveAttribute('aria-current', 'page'));
  expect(bodies().at(-1)).toEqual({ filters: {}, page: 5 });
});

test('issue 39: a page past the last shows the last page and the address says it, with no third request', async () => {
  renderHome('/?page=9999');
  expect(await screen.findByText('Anuncio 25')).toBeInTheDocument();
  await waitFor(() => expect(location).toBe('/?page=3'));
  expect(within(screen.getByRole('navigation', { name: 'Paginación' })).getByRole('link', { name: 'Página 3' })).toHaveAttribute('aria-current', 'page');
  await new Promise((r) => setTimeout(r, 200));
  expect(bodies()).toEqual([{ filters: {}, page: 9998 }, { filters: {}, page: 2 }]);
});

test.each(['0', '-1', 'abc', '1', '2.5'])('issue 39: ?page=%s shows page 1 under an address without it, other parameters kept', async (written) => {
  renderHome(`/?page=${written}&region=Santiago`);
  expect(await screen.findByText('Anuncio 1')).toBeInTheDocument();
  await waitFor(() => expect(location).toBe('/?region=Santiago'));
  await new Promise((r) => setTimeout(r, 200));
  expect(bodies()).toEqual([{ filters: { region: 'Santiago' }, page: 0 }]);
});

test('the result count: exact as "30 anuncios", an estimate as "≈ 253.000 anuncios"; the last page brings the exact count', async () => {
  renderHome();
  expect(await screen.findByText('30 anuncios')).toBeInTheDocument();
  cleanup();

  const exact = 253_010;
  answer = (req) => {
    const p = (req.body as { page: number }).page;
    return { body: p === 0 ? page(253_000, 0, { countEstimated: true }) : page(exact, p, { countEstimated: false }) };
  };
  renderHome();
  expect(await screen.findByText('≈ 253.000 anuncios')).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Paginación' });
  fireEvent.click(within(nav).getByRole('link', { name: 'Página 21084' }));
  expect(await screen.findByText('253.010 anuncios')).toBeInTheDocument();
  expect(bodies().at(-1)).toEqual({ filters: {}, page: 21083 });
  // The pager now reaches the page that holds the last listing.
  expect(within(screen.getByRole('navigation', { name: 'Paginación' })).getByRole('link', { name: 'Página 21085' })).toBeInTheDocument();
});

test('place, region and locality options come from the list response', async () => {
  renderHome();
  await screen.findByText('Anuncio 1');
  fireEvent.mouseDown(screen.getByRole('combobox', { name: LABELS.region }));
  expect(await screen.findByTitle('La Altagracia')).toBeInTheDocument();
  fireEvent.mouseDown(screen.getByRole('combobox', { name: LABELS.place }));
  expect(await screen.findByTitle('Punta Cana')).toBeInTheDocument();
  fireEvent.mouseDown(screen.getByRole('combobox', { name: LABELS.locality }));
  expect(await screen.findByTitle('Los Jardines')).toBeInTheDocument();
});

test('Buscar goes to the address of the filters without empty values, on page 1, and the list reloads with them', async () => {
  renderHome('/?page=2');
  await screen.findByText('Anuncio 13');
  fireEvent.mouseDown(screen.getByRole('combobox', { name: LABELS.region }));
  fireEvent.click(await screen.findByTitle('Santiago'));
  fireEvent.mouseDown(screen.getByRole('combobox', { name: LABELS.proposito }));
  fireEvent.click(await screen.findByTitle('Alquiler'));
  fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  await waitFor(() => expect(location).toBe('/?region=Santiago&proposito=alquiler'));
  await waitFor(() => expect(bodies().at(-1)).toEqual({ filters: { region: 'Santiago', proposito: 'alquiler' }, page: 0 }));
});

test('number inputs refuse negatives', async () => {
  renderHome();
  await screen.findByText('Anuncio 1');
  fireEvent.click(screen.getByRole('button', { name: LABELS.masFiltros }));
  // the extra block loads the first time it opens
  const rooms = await screen.findByRole('spinbutton', { name: LABELS.habitaciones });
  expect(rooms).toHaveAttribute('aria-valuemin', '0');
  fireEvent.change(rooms, { target: { value: '-3' } });
  fireEvent.blur(rooms);
  // the field corrects itself to the minimum, and the filters never carry a negative
  await waitFor(() => expect(rooms).toHaveValue('0'));
  fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  await waitFor(() => expect(location).toBe('/?habitaciones=0'));
  await waitFor(() => expect(bodies().at(-1)).toEqual({ filters: { habitaciones: 0 }, page: 0 }));
});

test('emptying the filters (the logo) resets every field', async () => {
  renderHome('/?region=Santiago&habitaciones=2&moneda=US');
  await screen.findByText('Anuncio 1');
  fireEvent.click(screen.getByRole('button', { name: LABELS.masFiltros }));
  const form = screen.getByRole('search');
  expect(within(form).getByTitle('Santiago')).toBeInTheDocument();
  expect(await screen.findByRole('spinbutton', { name: LABELS.habitaciones })).toHaveValue('2');
  fireEvent.click(screen.getByRole('link', { name: 'logo' }));
  await waitFor(() => expect(screen.getByRole('spinbutton', { name: LABELS.habitaciones })).toHaveValue(''));
  expect(within(form).queryByTitle('Santiago')).not.toBeInTheDocument();
  expect(within(form).queryByTitle('US')).not.toBeInTheDocument();
  await waitFor(() => expect(bodies().at(-1)).toEqual({ filters: {}, page: 0 }));
});

test('nothing matching shows the Spanish empty state', async () => {
  answer = () => ({ body: page(0, 0) });
  renderHome();
  expect(await screen.findByText(SIN_RESULTADOS)).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
});

test('an API failure shows an error with a retry that loads again', async () => {
  answer = () => ({ status: 503, body: { error: 'caído' } });
  renderHome();
  expect(await screen.findByText(ERROR_LISTA)).toBeInTheDocument();
  // the warning panel (loaded when needed) shows what the API said
  expect(await screen.findByText('caído')).toBeInTheDocument();
  answer = (req) => ({ body: page(30, (req.body as { page: number }).page) });
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('Anuncio 1')).toBeInTheDocument();
});

test('the list reloads when the own listings change (listingsVersion)', async () => {
  renderHome();
  await screen.findByText('Anuncio 1');
  act(() => usePortalStore.getState().refreshListings());
  await waitFor(() => expect(api.requests).toHaveLength(2));
});

test('a stale answer never replaces a newer one', async () => {
  answer = (req) => {
    const f = (req.body as { filters: { region?: string } }).filters;
    return f.region ? { body: page(1, 0, { anuncios: [makeAnuncio({ _id: 'new', title: 'Nuevo' })] }) } : { body: page(30, 0), delayMs: 300 };
  };
  renderHome();
  fireEvent.click(screen.getByRole('link', { name: 'santiago' }));
  expect(await screen.findByText('Nuevo')).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 400));
  expect(screen.queryByText('Anuncio 1')).not.toBeInTheDocument();
});

test('Ver Mapa shows every match as the API clusters them for the view, the matches without coordinates counted; a pin opens its listing; Más Información opens the detail', async () => {
  const base = answer;
  answer = (req) => {
    if (req.path === '/anuncios/mapa') {
      return { body: { clusters: [{ lat: 18.47, lng: -69.9, n: 25 }, { lat: 18.5, lng: -69.95, id: 'id3', n: 1 }], total: 26, sinUbicacion: 4, celda: 0.01 } };
    }
    if (req.path === '/anuncio/id3') return { body: listing(3) };
    return base(req);
  };
  renderHome('/?region=Santiago');
  await screen.findByText('Anuncio 1');
  fireEvent.click(screen.getByRole('button', { name: 'Ver Mapa' }));
  expect(usePortalStore.getState().viewMode).toBe('map');
  await waitFor(() => expect(document.querySelectorAll('.home-map .leaflet-marker-icon')).toHaveLength(2));
  // the search's filters and the view go to the API; the counts are summed under the map
  const asked = api.requests.find((r) => r.path === '/anuncios/mapa')!.body as { filters: object; vista: number[]; zoom: number };
  expect(asked.filters).toEqual({ region: 'Santiago' });
  expect(asked.vista).toHaveLength(4);
  expect(document.querySelector('.map-cluster')!.textContent).toBe('25');
  expect(screen.getByText(/26 anuncios en esta vista del mapa/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /4 anuncios no tienen ubicación/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Ver Lista' })).toBeInTheDocument();
  fireEvent.click(document.querySelector('.home-map .leaflet-marker-icon[title="Anuncio"]')!);
  const more = await screen.findByRole('link', { name: 'Más Información' });
  expect(more).toHaveAttribute('href', '/anuncioDetailedView/id3');
  fireEvent.click(more);
  expect(await screen.findByText('detalle id3')).toBeInTheDocument();
  expect(usePortalStore.getState().chosenAnuncio?._id).toBe('id3');
});

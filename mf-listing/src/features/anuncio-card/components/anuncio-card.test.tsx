import { act, render, screen, fireEvent, within, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'web-runtime/router';
import { makeAnuncio, startRecordedApi, type RecordedApi } from 'web-runtime/testing';
import { usePortalStore } from 'web-runtime/store';
import { AnuncioCard } from './anuncio-card';
import { PLACEHOLDER_ALT } from '../../../components/image-carousel';
import { DELETE_LABEL, DELETE_OK } from '../../../components/delete-button';
import { MSG, parseRuntimeConfig, type Anuncio, type ContactoResponse } from 'shared-contracts';

function DetailProbe() {
  return <p>detalle {useParams().anuncioId}</p>;
}

function renderCard(anuncio: Anuncio, onDelete?: (id: string) => void) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<AnuncioCard anuncio={anuncio} onDelete={onDelete} />} />
        <Route path="/anuncioDetailedView/:anuncioId" element={<DetailProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}


test('shows title, uppercase purpose and type, rooms, area, location, description and price', () => {
  renderCard(makeAnuncio({ metros: 1250, habitaciones: 3, proposito: 'alquiler', propiedad: 'Apartamento', price: 1234567, moneda: 'RD' }));
  expect(screen.getByRole('heading', { name: 'Casa con patio en Gazcue' })).toBeInTheDocument();
  const tags = within(screen.getByLabelText('Características'));
  expect(tags.getByText('ALQUILER')).toBeInTheDocument();
  expect(tags.getByText('APARTAMENTO')).toBeInTheDocument();
  expect(tags.getByText('3 hab.')).toBeInTheDocument();
  expect(tags.getByText('1,250 m²')).toBeInTheDocument();
  expect(screen.getByText('Gazcue, Santo Domingo de Guzmán, Distrito Nacional')).toBeInTheDocument();
  // issue 42: a rent shows its period
  expect(screen.getByText('RD$ 1,234,567/mes')).toBeInTheDocument();
  expect(screen.getByText(/Casa amplia y fresca/)).toHaveStyle({ WebkitLineClamp: '3' });
  expect(screen.queryByText(/Empresa:/)).not.toBeInTheDocument();
  // issue 46: an owner's listing says so
  expect(screen.getByText('Dueño directo')).toBeInTheDocument();
});

test('issue 42: half bathrooms, street line beside the sector, price per m² in both currencies, a project with its delivery', () => {
  usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: 'http://127.0.0.1:9', usdDopRate: 60 }) });
  renderCard(
    makeAnuncio({
      proposito: 'venta', propiedad: 'Apartamento', price: 12_000_000, moneda: 'RD', metros: 100, banos: 2, mediosBanos: 1,
      calle: 'Calle Gustavo Mejía Ricart, Torre Aurora', construccion: 'planos', entrega: '2027-06',
    }),
  );
  const tags = within(screen.getByLabelText('Características'));
  expect(tags.getByText('2½ baños')).toBeInTheDocument();
  expect(tags.getByText('En planos · entrega junio de 2027')).toBeInTheDocument();
  expect(screen.getByText('Calle Gustavo Mejía Ricart, Torre Aurora · Gazcue, Santo Domingo de Guzmán, Distrito Nacional')).toBeInTheDocument();
  expect(screen.getByText('RD$ 12,000,000')).toBeInTheDocument();
  const perM2 = document.querySelector('.precio-m2')!;
  expect(perM2.textContent).toBe('RD$ 120,000/m² · ≈ US$ 2,000/m²');
});

test('issue 42: no price per m² without an area, no badge for a finished building, unknown bathrooms say nothing', () => {
  renderCard(makeAnuncio({ metros: null, banos: null, mediosBanos: null, construccion: 'listo', entrega: null, calle: '' }));
  expect(document.querySelector('.precio-m2')).toBeNull();
  const tags = screen.getByLabelText('Características');
  expect(tags.textContent).not.toMatch(/baño|Listo|entrega/);
  expect(screen.getByText('Gazcue, Santo Domingo de Guzmán, Distrito Nacional')).toBeInTheDocument();
});

test("US price, the agency's name from GET /agencias (issue 46), and the location fallback", async () => {
  const agencias = await startRecordedApi((req) =>
    req.path === '/agencias' ? { status: 200, body: { agencias: [{ slug: 'tucasard', nombre: 'TuCasaRD' }, { slug: 'nueva', nombre: 'Nueva & Cía' }] } } : { status: 404, body: {} },
  );
  usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: agencias.url }) });
  try {
    renderCard(makeAnuncio({ price: 250000, moneda: 'US', source: 'tucasard', locality: '', place: '', region: '' }));
    expect(screen.getByText('US$ 250,000')).toBeInTheDocument();
    expect(await screen.findByText('Empresa: TuCasaRD')).toBeInTheDocument();
    expect(screen.queryByText('Dueño directo')).not.toBeInTheDocument();
  } finally {
    await agencias.close();
  }
  expect(screen.getByText('República Dominicana')).toBeInTheDocument();
});

test('no photos: the placeholder image, 220 px high', () => {
  renderCard(makeAnuncio({ image_urls: [] }));
  const img = screen.getByAltText(PLACEHOLDER_ALT);
  expect(img).toHaveAttribute('src', 'test-file-stub');
  expect(img).toHaveStyle({ height: '220px' });
});

test('photos: described alt texts, reserved size, only the first loads eagerly', async () => {
  renderCard(makeAnuncio({ image_urls: ['http://x/1.jpg', 'http://x/2.jpg'] }));
  // first paint: the first photo in the carousel's box, before the carousel's code arrives
  expect(screen.getByAltText('Casa con patio en Gazcue — foto 1 de 2')).toHaveAttribute('height', '220');
  // a touch brings the carousel at once (in a browser it also comes when scrolled into view)
  fireEvent.pointerDown(screen.getByAltText('Casa con patio en Gazcue — foto 1 de 2'));
  const second = await screen.findAllByAltText('Casa con patio en Gazcue — foto 2 de 2');
  const first = screen.getAllByAltText('Casa con patio en Gazcue — foto 1 de 2');
  expect(first[0]).toHaveAttribute('loading', 'eager');
  expect(second[0]).toHaveAttribute('loading', 'lazy');
  expect(first[0]).toHaveAttribute('height', '220');
  expect(first[0]).toHaveAttribute('width');
  expect(screen.queryByAltText(PLACEHOLDER_ALT)).not.toBeInTheDocument();
});

test('issue 39: thirty photos show one row, "1 / 30" with previous/next, never thirty dots', async () => {
  const { container } = renderCard(makeAnuncio({ image_urls: Array.from({ length: 30 }, (_, i) => `http://x/${i + 1}.jpg`) }));
  // first paint: the counter, in the place the carousel will draw it
  expect(container.querySelector('.photo-nav')).toHaveTextContent('‹1 / 30›');
  expect(container.querySelectorAll('.photo-nav__dot')).toHaveLength(0);
  // the carousel: the same row, now with working buttons (moving through the photos is the
  // browser's: e2e/tests/careful-user.spec.ts)
  fireEvent.pointerDown(screen.getByAltText('Casa con patio en Gazcue — foto 1 de 30'));
  await waitFor(() => expect(container.querySelector('.slick-slider')).not.toBeNull());
  expect(screen.getByRole('button', { name: 'Foto siguiente' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Foto anterior' })).toBeInTheDocument();
  expect(container.querySelectorAll('.photo-nav__dot')).toHaveLength(0);
  expect(container.querySelector('.photo-nav')).toHaveTextContent('1 / 30');
  expect(screen.getByRole('slider', { name: 'Fotos: Casa con patio en Gazcue' })).toHaveAttribute('aria-valuetext', 'Foto 1 de 30');
});

// Issue 47: the position is one labelled control, one Tab stop, moved with the keys
test('the keyboard reaches the carousel through one control, "Foto 1 de 3", and moves it with the arrows', async () => {
  const { container } = renderCard(makeAnuncio({ image_urls: ['http://x/1.jpg', 'http://x/2.jpg', 'http://x/3.jpg'] }));
  const tabStops = () => [...container.querySelectorAll('.anuncio-card > div:first-child [tabindex], .anuncio-card > div:first-child button')].filter((el) => el.getAttribute('tabindex') !== '-1');
  // first paint: already the one control, so Tab finds the carousel before its code arrives
  expect(tabStops()).toHaveLength(1);
  const preview = screen.getByRole('slider', { name: 'Fotos: Casa con patio en Gazcue' });
  expect(preview).toHaveAttribute('aria-valuetext', 'Foto 1 de 3');
  act(() => preview.focus());
  // the carousel takes over and keeps the focus on its control
  await waitFor(() => expect(container.querySelector('.slick-slider')).not.toBeNull());
  const control = screen.getByRole('slider', { name: 'Fotos: Casa con patio en Gazcue' });
  await waitFor(() => expect(control).toHaveFocus());
  expect(tabStops()).toHaveLength(1);
  fireEvent.keyDown(control, { key: 'ArrowRight' });
  await waitFor(() => expect(control).toHaveAttribute('aria-valuetext', 'Foto 2 de 3'));
  fireEvent.keyDown(control, { key: 'End' });
  await waitFor(() => expect(control).toHaveAttribute('aria-valuetext', 'Foto 3 de 3'));
  fireEvent.keyDown(control, { key: 'ArrowRight' });
  await waitFor(() => expect(control).toHaveAttribute('aria-valuetext', 'Foto 1 de 3'));
});

// Issue 43: the carousel's code comes when the user reaches for it; a swipe made meanwhile is kept
test('a swipe on the first photo before the carousel arrives opens it on the next photo', async () => {
  const { container } = renderCard(makeAnuncio({ image_urls: ['http://x/1.jpg', 'http://x/2.jpg', 'http://x/3.jpg'] }));
  expect(container.querySelector('.slick-slider')).toBeNull();
  const photo = screen.getByAltText('Casa con patio en Gazcue — foto 1 de 3');
  fireEvent.touchStart(photo, { touches: [{ clientX: 300 }] });
  fireEvent.touchEnd(photo, { changedTouches: [{ clientX: 120 }] });
  await waitFor(() => expect(container.querySelector('.slick-current img')).toHaveAttribute('alt', 'Casa con patio en Gazcue — foto 2 de 3'));
});

test('a tap without a swipe opens the carousel on the first photo', async () => {
  const { container } = renderCard(makeAnuncio({ image_urls: ['http://x/1.jpg', 'http://x/2.jpg', 'http://x/3.jpg'] }));
  const photo = screen.getByAltText('Casa con patio en Gazcue — foto 1 de 3');
  fireEvent.touchStart(photo, { touches: [{ clientX: 200 }] });
  fireEvent.touchEnd(photo, { changedTouches: [{ clientX: 205 }] });
  await waitFor(() => expect(container.querySelector('.slick-current img')).toHaveAttribute('alt', 'Casa con patio en Gazcue — foto 1 de 3'));
});

test('up to seven photos keep one dot per photo', async () => {
  const { container } = renderCard(makeAnuncio({ image_urls: Array.from({ length: 7 }, (_, i) => `http://x/${i + 1}.jpg`) }));
  expect(container.querySelectorAll('.photo-nav__dot')).toHaveLength(7);
  fireEvent.pointerDown(screen.getByAltText('Casa con patio en Gazcue — foto 1 de 7'));
  await waitFor(() => expect(container.querySelector('.slick-slider')).not.toBeNull());
  expect(container.querySelectorAll('.photo-nav__dot')).toHaveLength(7);
  expect(container.querySelector('.photo-nav__text')).toBeNull();
});

describe('Contacto asks the API for the phone (issue 19: not in the list answer)', () => {
  let api: RecordedApi;
  let contact: ContactoResponse = { movil: '809-555-1234', email: 'maria@example.com' };
  let status = 200;
  beforeAll(async () => {
    api = await startRecordedApi(() => ({ status, body: status === 200 ? contact : { error: MSG.tooManyRequests } }));
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.requests.length = 0;
    status = 200;
    usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: api.url }) });
  });

  test('reveals a 10-digit phone as a tel link, once; one request naming the channel', async () => {
    renderCard(makeAnuncio({ _id: 'c1' }));
    expect(screen.queryByText('(809) 555-1234')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Contacto' }));
    const link = await screen.findByRole('link', { name: '(809) 555-1234' });
    expect(link).toHaveAttribute('href', 'tel:+18095551234');
    expect(api.requests).toEqual([{ method: 'POST', path: '/anuncio/c1/contacto', body: { canal: 'telefono' } }]);
    expect(screen.queryByRole('button', { name: 'Contacto' })).not.toBeInTheDocument();
    // the reveal is not reversed by further interaction
    fireEvent.click(screen.getByRole('heading', { name: 'Casa con patio en Gazcue' }));
    expect(screen.getByRole('link', { name: '(809) 555-1234' })).toBeInTheDocument();
  });

  test('shows +1 for an 11-digit number starting with 1; other values unchanged', async () => {
    contact = { movil: '18295550000', email: '' };
    const { unmount } = renderCard(makeAnuncio());
    fireEvent.click(screen.getByRole('button', { name: 'Contacto' }));
    expect(await screen.findByRole('link', { name: '+1 (829) 555-0000' })).toHaveAttribute('href', 'tel:+18295550000');
    unmount();
    contact = { movil: '5551234', email: '' };
    renderCard(makeAnuncio());
    fireEvent.click(screen.getByRole('button', { name: 'Contacto' }));
    expect(await screen.findByRole('link', { name: '5551234' })).toBeInTheDocument();
  });

  test('a refusal (too many requests) is shown and the button stays', async () => {
    status = 429;
    renderCard(makeAnuncio());
    fireEvent.click(screen.getByRole('button', { name: 'Contacto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.tooManyRequests);
    // (antd keeps the spinner's box for its fade-out, hence the pattern)
    expect(screen.getByRole('button', { name: /Contacto/ })).toBeEnabled();
  });

  test('WhatsApp (issue 21) asks the same call with canal whatsapp and sends the tab opened on the tap to wa.me with the listing named', async () => {
    contact = { movil: '+18095551234', email: '' };
    usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: api.url, siteUrl: 'https://inmueblesrd.do', usdDopRate: 60 }) });
    // jsdom opens no windows: a stand-in tab records where it is sent (the browser test follows a real one)
    const tab = { opener: {} as unknown, location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderCard(makeAnuncio({ _id: 'w1', title: 'Casa en Gazcue', price: 193000, moneda: 'US', canales: ['telefono', 'email', 'whatsapp'] }));
    expect(screen.getByText('· ≈ RD$ 11,580,000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'WhatsApp' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    const text = 'Hola, me interesa su anuncio "Casa en Gazcue" (US$ 193,000) en InmueblesRD: https://inmueblesrd.do/anuncioDetailedView/w1';
    const href = `https://wa.me/18095551234?text=${encodeURIComponent(text)}`;
    await waitFor(() => expect(tab.location.href).toBe(href));
    expect(tab.opener).toBeNull();
    expect(api.requests).toEqual([{ method: 'POST', path: '/anuncio/w1/contacto', body: { canal: 'whatsapp' } }]);
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', href);
    open.mockRestore();
  });

  test('no WhatsApp button for a number that does not parse (no whatsapp channel)', () => {
    renderCard(makeAnuncio({ canales: ['telefono', 'email'] }));
    expect(screen.queryByRole('button', { name: 'WhatsApp' })).not.toBeInTheDocument();
  });

  test('a listing without a phone shows no Contacto button', () => {
    renderCard(makeAnuncio({ canales: ['email'] }));
    expect(screen.queryByRole('button', { name: 'Contacto' })).not.toBeInTheDocument();
  });

  test('a sold or rented listing (a favourite, issue 40) offers no Contacto or WhatsApp, as on its detail page', () => {
    for (const estado of ['vendido', 'alquilado'] as const) {
      const { unmount } = renderCard(makeAnuncio({ estado, canales: ['telefono', 'email', 'whatsapp'] }));
      expect(screen.getByRole('link', { name: MSG.informacion })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Contacto' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'WhatsApp' })).not.toBeInTheDocument();
      unmount();
    }
  });
});

test('Información remembers the listing in the store and opens its detail route', () => {
  const anuncio = makeAnuncio({ _id: 'abc-123' });
  renderCard(anuncio);
  // a real link (without JavaScript too), drawn as the SPEC's button
  const info = screen.getByRole('link', { name: 'Información' });
  expect(info).toHaveAttribute('href', '/anuncioDetailedView/abc-123');
  fireEvent.click(info);
  expect(screen.getByText('detalle abc-123')).toBeInTheDocument();
  expect(usePortalStore.getState().chosenAnuncio).toEqual(anuncio);
});

test('no delete button without a delete handler', () => {
  renderCard(makeAnuncio());
  expect(screen.queryByRole('button', { name: DELETE_LABEL })).not.toBeInTheDocument();
});

test('delete asks for confirmation, then passes the _id', async () => {
  const deleted: string[] = [];
  renderCard(makeAnuncio({ _id: 'del-1' }), (id) => deleted.push(id));
  // the button (and its confirmation) loads only on screens that can delete
  fireEvent.click(await screen.findByRole('button', { name: DELETE_LABEL }));
  expect(deleted).toEqual([]);
  fireEvent.click(await screen.findByRole('button', { name: DELETE_OK }));
  await waitFor(() => expect(deleted).toEqual(['del-1']));
});

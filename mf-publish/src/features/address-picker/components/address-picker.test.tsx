import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type GeocodeResponse } from 'shared-contracts';
import { AddressPicker, MODE_MANUAL } from './address-picker';
import { startRecordedApi, type RecordedAnswer } from '../../../test-support/recorded-api';

// Recorded answers of GET /geocode/search and /geocode/reverse (GeocodeResponse shape, SPEC §3).
const NACO: GeocodeResponse = {
  features: [
    { id: 'locality.1', place_name: 'Naco, Santo Domingo de Guzmán, Distrito Nacional', center: [-69.9312, 18.4755], context: [] },
    { id: 'locality.2', place_name: 'Naco Norte, Santiago', center: [-70.69, 19.45], context: [] },
  ],
};
const REVERSE: GeocodeResponse = {
  features: [
    {
      id: 'address.9',
      place_name: 'Calle Fantino Falco, Naco, Santo Domingo de Guzmán, Distrito Nacional',
      center: [-69.9312, 18.4755],
      context: [
        { id: 'locality.1', text: 'Naco' },
        { id: 'place.5', text: 'Santo Domingo de Guzmán' },
        { id: 'region.32', text: 'Distrito Nacional' },
      ],
    },
  ],
};

let searchAnswer: RecordedAnswer;
let reverseAnswer: RecordedAnswer;
let api: Awaited<ReturnType<typeof startRecordedApi>>;
beforeAll(async () => {
  api = await startRecordedApi({
    'GET /geocode/search': () => searchAnswer,
    'GET /geocode/reverse': () => reverseAnswer,
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  searchAnswer = { json: NACO };
  reverseAnswer = { json: REVERSE };
});

const searches = () => api.requests.filter((r) => r.path === '/geocode/search').map((r) => r.query.get('q'));

test('searches from 2 characters, once per pause in typing, and choosing a result moves the confirmed point', async () => {
  const user = userEvent.setup();
  const onConfirm = jest.fn();
  render(<AddressPicker onConfirm={onConfirm} />);
  const box = screen.getByRole('textbox', { name: 'Escribe la dirección' });
  await user.type(box, 'N');
  await act(() => new Promise((r) => setTimeout(r, 400)));
  expect(searches()).toEqual([]);
  await user.type(box, 'aco');
  await screen.findByRole('button', { name: NACO.features[0].place_name });
  // typing faster than the 200 ms debounce sends one request for the whole word
  expect(searches()).toEqual(['Naco']);
  await user.click(screen.getByRole('button', { name: NACO.features[0].place_name }));
  expect(box).toHaveValue(NACO.features[0].place_name);
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
  await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  const reverse = api.requests.find((r) => r.path === '/geocode/reverse')!;
  expect(Number(reverse.query.get('lng'))).toBeCloseTo(-69.9312, 4);
  expect(Number(reverse.query.get('lat'))).toBeCloseTo(18.4755, 4);
  expect(onConfirm).toHaveBeenCalledWith({
    address: REVERSE.features[0].place_name,
    place: 'Santo Domingo de Guzmán',
    region: 'Distrito Nacional',
    locality: 'Naco',
    latitude: expect.closeTo(18.4755, 4),
    longitude: expect.closeTo(-69.9312, 4),
  });
});

test('says when nothing matches and when the geocoder cannot be reached', async () => {
  const user = userEvent.setup();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  render(<AddressPicker onConfirm={() => {}} />);
  const box = screen.getByRole('textbox', { name: 'Escribe la dirección' });
  searchAnswer = { json: { features: [] } };
  await user.type(box, 'Zzzz');
  expect(await screen.findByText(MSG.noResults)).toBeInTheDocument();
  searchAnswer = { status: 500, json: { error: 'boom' } };
  await user.type(box, 'q');
  expect(await screen.findByText(MSG.geocoderError)).toBeInTheDocument();
  reverseAnswer = { status: 502, json: { error: 'down' } };
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(MSG.geocoderError);
  warn.mockRestore();
});

test("'Elige manual' hides the search and confirms the map centre", async () => {
  const user = userEvent.setup();
  const onConfirm = jest.fn();
  render(<AddressPicker onConfirm={onConfirm} />);
  await user.click(screen.getByText(MODE_MANUAL));
  expect(screen.queryByRole('textbox', { name: 'Escribe la dirección' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
  await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  const reverse = api.requests.find((r) => r.path === '/geocode/reverse')!;
  // the default centre (Santo Domingo) until the user drags the map
  expect(Number(reverse.query.get('lat'))).toBeCloseTo(18.4722, 3);
  expect(Number(reverse.query.get('lng'))).toBeCloseTo(-69.8923, 3);
});

test('no result for the centre says so', async () => {
  const user = userEvent.setup();
  reverseAnswer = { json: { features: [] } };
  const onConfirm = jest.fn();
  render(<AddressPicker onConfirm={onConfirm} />);
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(MSG.noResults);
  expect(onConfirm).not.toHaveBeenCalled();
});

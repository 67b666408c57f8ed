import { proposeSearchName, readLocalFavoritos, searchIdentity } from './saved';
import type { Filters } from './schemas';
import { nextAfterLogin } from './routes';

test('the proposed name of a saved search reads like the issue says', () => {
  expect(proposeSearchName({ propiedad: 'Apartamento', proposito: 'venta', place: 'Piantini', moneda: 'US', precioMax: 250000 })).toBe(
    'Apartamentos en venta en Piantini, hasta US$ 250,000',
  );
  expect(proposeSearchName({ proposito: 'alquiler', region: 'Santiago', habitaciones: 3, precioMin: 20000 })).toBe('Inmuebles en alquiler en Santiago, 3+ hab., desde RD$ 20,000');
  expect(proposeSearchName({ propiedad: 'Solar', precioMin: 1, precioMax: 2, moneda: 'RD' })).toBe('Solares, de RD$ 1 a RD$ 2');
  // the locality is the most precise place
  expect(proposeSearchName({ locality: 'Naco', region: 'Distrito Nacional' })).toBe('Inmuebles en Naco');
  expect(proposeSearchName({})).toBe('Inmuebles');
});

test('two saved searches are the same when their filters are, whatever their order and empty values (issue 39)', () => {
  const a: Filters = { place: 'Piantini', propiedad: 'Apartamento', precioMax: 250000, moneda: 'US' };
  const b = { moneda: 'US', region: '', locality: null, precioMax: 250000, propiedad: 'Apartamento', place: 'Piantini' } as unknown as Filters;
  expect(searchIdentity(b)).toBe(searchIdentity(a));
  for (const other of [{ ...a, precioMax: 250001 }, { ...a, place: 'Naco' }, { ...a, precioMin: 0 }, { place: 'Piantini' }]) expect(searchIdentity(other)).not.toBe(searchIdentity(a));
});

test("the visitor's favourites: ids only, a broken value is none", () => {
  const store = (value: string | null) => ({ getItem: () => value });
  expect(readLocalFavoritos(store('["a","b",3,null]'))).toEqual(['a', 'b']);
  expect(readLocalFavoritos(store('{"a":1}'))).toEqual([]);
  expect(readLocalFavoritos(store('no es json'))).toEqual([]);
  expect(readLocalFavoritos(null)).toEqual([]);
});

test('a login returns to ?next= only when it is a path of this site', () => {
  expect(nextAfterLogin('?next=%2F%3Fregion%3DSantiago')).toBe('/?region=Santiago');
  expect(nextAfterLogin('?next=//evil.example')).toBe('/');
  expect(nextAfterLogin('?next=https://evil.example')).toBe('/');
  expect(nextAfterLogin('?next=/\\evil.example')).toBe('/');
  expect(nextAfterLogin('')).toBe('/');
});

import { toFilters } from './to-filters';

test('drops empty strings, null and undefined', () => {
  expect(toFilters({ place: '', locality: '  ', region: null, proposito: 'venta', habitaciones: undefined, moneda: 'RD' })).toEqual({ proposito: 'venta', moneda: 'RD' });
});

test('refuses negative numbers and keeps the rest', () => {
  expect(toFilters({ habitaciones: -2, precioMin: 100, metrosMax: -1, region: 'Santiago' })).toEqual({ precioMin: 100, region: 'Santiago' });
});

test('keeps zero', () => {
  expect(toFilters({ habitaciones: 0 })).toEqual({ habitaciones: 0 });
});

import { landingPath, landingTitle, parseLandingPath, slugify } from './landing';
import { pageHref, parseSearch, searchHref } from './search-url';

test('a search reads from and writes to one URL; empty values, unknown options and negatives are left out', () => {
  expect(parseSearch('?region=Santiago&proposito=venta&page=2')).toEqual({ filters: { region: 'Santiago', proposito: 'venta' }, page: 2 });
  expect(parseSearch('?place=&proposito=construir&propiedad=Nave&habitaciones=-1&precioMax=abc&page=0')).toEqual({ filters: {}, page: 1 });
  expect(parseSearch('?habitaciones=0&moneda=US&propiedad=Estacion%20de%20Combustible')).toEqual({ filters: { habitaciones: 0, moneda: 'US', propiedad: 'Estacion de Combustible' }, page: 1 });
  // Buscar: page 1 has no `page`; the order is fixed so one search has one address
  expect(searchHref({ filters: { proposito: 'venta', region: 'Santiago' }, page: 1 })).toBe('/?region=Santiago&proposito=venta');
  expect(searchHref({ filters: {}, page: 1 })).toBe('/');
  expect(pageHref('/', '?region=Santiago&page=2', 3)).toBe('/?region=Santiago&page=3');
  expect(pageHref('/venta/casa', '?page=3', 1)).toBe('/venta/casa');
});

test('the order of the results lives in the URL too; the default (newest first) and unknown orders are left out', () => {
  expect(parseSearch('?region=Santiago&orden=precio_asc&page=3')).toEqual({ filters: { region: 'Santiago' }, page: 3, orden: 'precio_asc' });
  expect(parseSearch('?orden=recientes')).toEqual({ filters: {}, page: 1 });
  expect(parseSearch('?orden=barato')).toEqual({ filters: {}, page: 1 });
  expect(searchHref({ filters: { region: 'Santiago' }, page: 2, orden: 'precio_m2_asc' })).toBe('/?region=Santiago&orden=precio_m2_asc&page=2');
  expect(searchHref({ filters: {}, page: 1, orden: 'recientes' })).toBe('/');
  // Another page of a sorted search keeps its order.
  expect(pageHref('/venta', '?orden=metros_desc&page=2', 5)).toBe('/venta?orden=metros_desc&page=5');
});

test('landing paths: accentless slugs, known property types only', () => {
  expect(slugify('Santo Domingo de Guzmán')).toBe('santo-domingo-de-guzman');
  expect(parseLandingPath('/venta')).toEqual({ proposito: 'venta' });
  expect(parseLandingPath('/alquiler/apartamento/piantini')).toEqual({ proposito: 'alquiler', propiedad: 'Apartamento', lugar: 'piantini' });
  expect(parseLandingPath('/venta/estacion-de-combustible')).toEqual({ proposito: 'venta', propiedad: 'Estacion de Combustible' });
  expect(parseLandingPath('/venta/castillo')).toBeNull();
  expect(parseLandingPath('/construir')).toBeNull();
  expect(landingPath({ proposito: 'venta', propiedad: 'Apartamento', lugar: 'Piantini' })).toBe('/venta/apartamento/piantini');
  expect(landingTitle('venta', 'Apartamento', 'Piantini')).toBe('Apartamentos en venta en Piantini');
  expect(landingTitle('alquiler')).toBe('Inmuebles en alquiler');
});

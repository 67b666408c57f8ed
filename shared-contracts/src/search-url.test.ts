import { LANDING_MSG, isLandingPathname, landingPath, landingTitle, parseLandingPath, slugify } from './landing';
import { clampPage, normalisedPageHref, pageHref, parseSearch, searchHref } from './search-url';

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
  // issue 39: anything under /venta or /alquiler that is no landing page is a 404, not the home page
  for (const p of ['/venta/foo', '/venta/casa/foo/bar', '/alquiler/casa/Piantini', '/venta/casa/pi%C3%A1ntini']) {
    expect([p, parseLandingPath(p), isLandingPathname(p)]).toEqual([p, null, true]);
  }
  expect(isLandingPathname('/')).toBe(false);
  expect(isLandingPathname('/ventas')).toBe(false);
  expect(LANDING_MSG.sinAnuncios('Apartamentos en venta en Piantini')).toBe('Todavía no hay anuncios de apartamentos en venta en Piantini.');
});

test('issue 39: a page outside 1..last is shown as the nearest valid page, and its address says so', () => {
  // 300 results are 25 pages
  expect(clampPage(parseSearch('?page=9999').page, 300)).toBe(25);
  expect(clampPage(parseSearch('?page=0').page, 300)).toBe(1);
  expect(clampPage(parseSearch('?page=-1').page, 300)).toBe(1);
  expect(clampPage(parseSearch('?page=abc').page, 300)).toBe(1);
  expect(clampPage(3, 0)).toBe(1);
  expect(clampPage(7, 300)).toBe(7);
  // the address: only `page` changes, the other parameters keep their order
  expect(normalisedPageHref('/', '?page=0', 1)).toBe('/');
  expect(normalisedPageHref('/', '?page=-1&region=Santiago', 1)).toBe('/?region=Santiago');
  expect(normalisedPageHref('/', '?page=abc', 1)).toBe('/');
  expect(normalisedPageHref('/venta', '?page=9999&moneda=US', 25)).toBe('/venta?moneda=US&page=25');
  expect(normalisedPageHref('/', '?page=1', 1)).toBe('/');
  expect(normalisedPageHref('/', '?page=02', 2)).toBe('/?page=2');
  expect(normalisedPageHref('/', '?page=2&page=3', 2)).toBe('/?page=2');
  // already right: nothing to do
  expect(normalisedPageHref('/', '', 1)).toBeNull();
  expect(normalisedPageHref('/', '?page=2&region=Santiago', 2)).toBeNull();
  expect(normalisedPageHref('/', '?region=Santiago', 1)).toBeNull();
});

test('issue 44: the map box and a drawn area go into the address and back unchanged; ones the API would refuse are left out', () => {
  const state = { filters: { proposito: 'venta' as const, zona: [18.4, -70, 18.5, -69.85] as [number, number, number, number], poligono: [18.42, -69.98, 18.52, -69.98, 18.47, -69.9] }, page: 1 };
  const href = searchHref(state);
  expect(href).toBe('/?proposito=venta&zona=18.4%2C-70%2C18.5%2C-69.85&poligono=18.42%2C-69.98%2C18.52%2C-69.98%2C18.47%2C-69.9');
  expect(parseSearch(href.slice(1))).toEqual(state);
  // rounded to 5 decimals, so one area has one address
  expect(parseSearch('?zona=18.4000001,-70,18.5,-69.85').filters.zona).toEqual([18.4, -70, 18.5, -69.85]);
  for (const bad of ['?zona=18.5,-70,18.4,-69.85', '?zona=1,2,3', '?zona=abc', '?poligono=18.4,-70,18.5,-69.9', '?poligono=18.4,-70,18.5,-69.9,18.4,-69.9,18.5,-70', '?poligono=95,-70,18.5,-69.9,18.4,-69.9']) {
    expect(parseSearch(bad).filters).toEqual({});
  }
});

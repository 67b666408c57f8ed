/**
 * Issue 39's hostile text: a listing whose every free-text field is one unbroken word (a URL) as
 * long as the API takes, and a saved search named the same way. Shared by careful-user.spec.ts
 * (page widths) and a11y.spec.ts (axe on the same pages).
 */
import { expect } from '@playwright/test';
import { BUSQUEDA_NOMBRE_MAX, type Anuncio } from 'shared-contracts';
import { E2E } from './env';
import { api, type TestUser } from './fixtures';
import { photo } from './journey-steps';

/** An unbroken URL of exactly `length` characters, marked with `tag` so each field is told apart. */
export function longUrl(length: number, tag: string): string {
  const start = `https://ejemplo.com/${tag}/`;
  return `${start}${'x'.repeat(Math.max(0, length - start.length))}`.slice(0, length);
}

/** The API's limits: title 140, place/locality/region 120, address 300, a saved search's name 120. */
export const LONG = {
  title: (tag: string) => longUrl(140, `titulo-${tag}`),
  place: (tag: string) => longUrl(120, `lugar-${tag}`),
  locality: longUrl(120, 'sector'),
  region: longUrl(120, 'provincia'),
  address: longUrl(300, 'direccion'),
  description: `Mira las fotos en ${longUrl(200, 'fotos')} y llama.`,
  searchName: longUrl(BUSQUEDA_NOMBRE_MAX, 'busqueda'),
};

/** Publishes (multipart, as the form sends) a listing with the long words and `photos` photos. */
export async function publishLongWordsListing(user: TestUser, tag: string, photos = 2): Promise<Anuncio> {
  const form = new FormData();
  const fields: Record<string, string> = {
    title: LONG.title(tag), price: '250000', moneda: 'US', description: LONG.description, name: user.name, apellido: user.apellido,
    movil: '8095550000', email: user.email, place: LONG.place(tag), locality: LONG.locality, region: LONG.region,
    address: LONG.address, latitude: '18.4755', longitude: '-69.9312',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (let i = 0; i < photos; i++) form.append('images', new Blob([new Uint8Array(await photo('jpeg', i + 1))], { type: 'image/jpeg' }), `foto-${i + 1}.jpg`);
  const res = await fetch(`${E2E.apiUrl}/anuncio`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status, 'the long words are accepted').toBe(201);
  return (await res.json()) as Anuncio;
}

/** The listing in the user's favourites and a saved search with the long name (its filter: the listing's place). */
export async function favouriteAndSaveSearch(user: TestUser, anuncio: Anuncio) {
  expect((await api(`/favoritos/${anuncio._id}`, undefined, user.token, 'PUT')).status).toBe(200);
  const saved = await api('/busquedas', { nombre: LONG.searchName, filters: { place: anuncio.place }, frecuencia: 'semanal' }, user.token);
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
}

/** How wide the page is: wider than the window means sideways scrolling. */
export const pageWidth = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.scrollWidth);

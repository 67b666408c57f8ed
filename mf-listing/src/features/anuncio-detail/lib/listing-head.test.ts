import type { Anuncio } from 'shared-contracts';
import { listingHead } from './listing-head';

const listing = (over: Partial<Anuncio>): Anuncio =>
  ({
    _id: '7d0f4c1e-0000-4000-8000-000000000001',
    title: 'Apartamento en Naco',
    description: 'Tres habitaciones',
    price: 150000,
    moneda: 'US',
    image_urls: ['https://cdn.example/photos/0123456789abcdef0123456789abcdef.webp'],
    ...over,
  }) as Anuncio;

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

test('og:image width and height come from the stored sizes; nothing is downloaded to learn them (issue 45)', () => {
  const fetched: unknown[] = [];
  globalThis.fetch = ((...args: unknown[]) => {
    fetched.push(args);
    return Promise.reject(new Error('no download expected'));
  }) as typeof fetch;
  const head = listingHead(listing({ image_sizes: [{ width: 1600, height: 1200, card: { width: 640, height: 480 } }] }), 'https://site.example');
  expect(head.og?.image).toMatchObject({ url: 'https://cdn.example/photos/0123456789abcdef0123456789abcdef.webp', width: 1600, height: 1200 });
  // the detail's photo is the 640 px rendition; the 1600 px one only in the gallery (issue 47)
  expect(head.preloadImage).toEqual({ href: 'https://cdn.example/photos/0123456789abcdef0123456789abcdef-card.webp' });
  // Unknown size (a partner's photo or one not sized yet): 0, which the page leaves out of <head>.
  expect(listingHead(listing({ image_sizes: [null] }), 'https://site.example').og?.image).toMatchObject({ width: 0, height: 0 });
  expect(listingHead(listing({}), 'https://site.example').og?.image).toMatchObject({ width: 0, height: 0 });
  expect(fetched).toEqual([]);
});

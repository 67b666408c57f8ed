/**
 * What a listing's page tells search engines and link previews (WhatsApp, Facebook): title with
 * the price, description from its text, canonical address, Open Graph / Twitter image and the
 * schema.org RealEstateListing. Built by the server renderer (serverData) into <head>.
 */
import { anuncioPath, formatPrice, locationLine, type Anuncio, type PageHead } from 'shared-contracts';
import { listingMeta } from '../hooks/use-document-meta';

/** Width and height of a WebP from its first 30 bytes (VP8, VP8L or VP8X), or null. */
export function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (text(0, 4) !== 'RIFF' || text(8, 12) !== 'WEBP') return null;
  const u16 = (i: number) => bytes[i] | (bytes[i + 1] << 8);
  const u24 = (i: number) => bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16);
  switch (text(12, 16)) {
    case 'VP8 ':
      return { width: u16(26) & 0x3fff, height: u16(28) & 0x3fff };
    case 'VP8L': {
      const [b0, b1, b2, b3] = bytes.subarray(21, 25);
      return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) };
    }
    case 'VP8X':
      return { width: 1 + u24(24), height: 1 + u24(27) };
    default:
      return null;
  }
}

/** The photo's size, read from its first bytes (our photos are WebP); null when unknown. */
export async function photoSize(url: string): Promise<{ width: number; height: number } | null> {
  try {
    const res = await fetch(url, { headers: { range: 'bytes=0-29' }, signal: AbortSignal.timeout(1500) });
    if (!res.ok) return null;
    return webpSize(new Uint8Array(await res.arrayBuffer()).subarray(0, 30));
  } catch {
    return null;
  }
}

const currency = (moneda: string) => (moneda === 'US' ? 'USD' : 'DOP');

export async function listingHead(a: Anuncio, siteUrl: string): Promise<PageHead> {
  const { title, description } = listingMeta(a);
  const canonical = `${siteUrl}${anuncioPath(a._id)}`;
  const photo = a.image_urls?.[0];
  const size = photo ? await photoSize(photo) : null;
  const hasGeo = a.latitude != null && a.longitude != null;
  return {
    title,
    description,
    canonical,
    og: { type: 'website', ...(photo ? { image: { url: photo, width: size?.width ?? 0, height: size?.height ?? 0, alt: a.title } } : {}) },
    ...(photo ? { preloadImage: { href: photo } } : {}),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      name: a.title,
      description: a.description,
      url: canonical,
      ...(a.createdAt ? { datePosted: a.createdAt } : {}),
      ...(a.image_urls?.length ? { image: a.image_urls } : {}),
      offers: { '@type': 'Offer', price: a.price, priceCurrency: currency(a.moneda) },
      contentLocation: {
        '@type': 'Place',
        name: locationLine(a),
        address: {
          '@type': 'PostalAddress',
          ...(a.address ? { streetAddress: a.address } : {}),
          ...(a.locality || a.place ? { addressLocality: a.locality || a.place } : {}),
          ...(a.region ? { addressRegion: a.region } : {}),
          addressCountry: 'DO',
        },
        ...(hasGeo ? { geo: { '@type': 'GeoCoordinates', latitude: a.latitude, longitude: a.longitude } } : {}),
      },
    },
  };
}




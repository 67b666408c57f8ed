/**
 * What a listing's page tells search engines and link previews (WhatsApp, Facebook): title with
 * the price, description from its text, canonical address, Open Graph / Twitter image and the
 * schema.org RealEstateListing. Built by the server renderer (serverData) into <head>.
 */
import { anuncioPath, cardPhotoUrl, formatPrice, locationLine, type Anuncio, type PageHead } from 'shared-contracts';
import { listingMeta } from '../hooks/use-document-meta';

const currency = (moneda: string) => (moneda === 'US' ? 'USD' : 'DOP');

/**
 * Issue 45: the cover's size comes with the listing (`image_sizes`, stored by the API at upload);
 * nothing is downloaded to learn it. Unknown (a partner's photo, an older one not sized yet): no
 * og:image:width/height, which link previews treat as optional.
 */
export function listingHead(a: Anuncio, siteUrl: string): PageHead {
  const { title, description } = listingMeta(a);
  const canonical = `${siteUrl}${anuncioPath(a._id)}`;
  const photo = a.image_urls?.[0];
  const size = photo ? a.image_sizes?.[0] : null;
  const hasGeo = a.latitude != null && a.longitude != null;
  return {
    title,
    description,
    canonical,
    og: { type: 'website', ...(photo ? { image: { url: photo, width: size?.width ?? 0, height: size?.height ?? 0, alt: a.title } } : {}) },
    // the photo the detail shows: the 640 px rendition (the 1600 px one is the gallery's, issue 47)
    ...(photo ? { preloadImage: { href: cardPhotoUrl(photo) } } : {}),
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




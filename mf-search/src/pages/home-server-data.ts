/**
 * On the server (shell's renderer): the search the address names, embedded for hydration. The
 * home page keeps the site's metadata (SPEC §1); a landing page gets its own title and canonical
 * (the place's own slug: /venta/casa/ensanche-naco is /venta/casa/naco), and `noindex` while it
 * has no listings. An address under /venta or /alquiler that names no type or place answers 404;
 * API failures throw (the renderer answers 503).
 */
import { agenciasAlso, cardPhotoSrcSet, cardPhotoUrl, CARD_PHOTO_SIZES, LANDING_MSG, landingPath, landingTitle, type ServerDataLoader } from 'shared-contracts';
import { getSearchPage, searchPageKey } from '../features/results/api/get-search-page';
import { CARD_EXPOSE } from '../features/results/components/results-grid';

export const serverData: ServerDataLoader = async ({ pathname, search, api, siteUrl }) => {
  // the browser's query of this address starts from this answer (same key, same fetcher)
  const key = searchPageKey(pathname, search);
  const signal = AbortSignal.timeout(5000);
  // the cards' advertiser line names agencies from the same answer as in the browser (issue 46)
  const [data, also] = await Promise.all([getSearchPage(api, pathname, search, signal), agenciasAlso(api, signal)]);
  if (!data) return { status: 404, key, data: null };
  const photo = data.response.anuncios[0]?.image_urls?.[0];
  const preloadImage = photo ? { href: cardPhotoUrl(photo), srcset: cardPhotoSrcSet(photo), sizes: cardPhotoSrcSet(photo) ? CARD_PHOTO_SIZES : undefined } : undefined;
  // the cards are mf_listing's: the browser loads them with this page before hydrating
  const remotes = data.response.anuncios.length ? [CARD_EXPOSE] : [];
  if (!data.landing) return { status: 200, key, data, remotes, also, head: preloadImage ? { preloadImage } : undefined };
  const { proposito, propiedad, lugarNombre, lugarSlug, atributo } = data.landing;
  const heading = landingTitle(proposito, propiedad, lugarNombre, atributo);
  const count = data.response.count;
  const path = lugarSlug ? landingPath({ proposito, propiedad, lugar: lugarSlug, atributo }) : pathname.replace(/\/+$/, '');
  return {
    status: 200,
    key,
    data,
    remotes,
    also,
    head: {
      title: `${heading} | InmueblesRD`,
      description: count
        ? `${count.toLocaleString('es-DO')} anuncios: ${heading.toLowerCase()}, República Dominicana. Fotos, precios y contacto en InmueblesRD.`
        : `${LANDING_MSG.sinAnuncios(heading)} ${LANDING_MSG.avisame}`,
      canonical: `${siteUrl}${path}`,
      // a known place with nothing of this kind yet: shown to people, kept out of search engines
      ...(count === 0 ? { robots: 'noindex' as const } : {}),
      ...(preloadImage ? { preloadImage } : {}),
    },
  };
};

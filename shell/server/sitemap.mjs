// @ts-check
/**
 * robots.txt and the sitemap (sitemap protocol 0.9), served by the site server from the API's
 * sitemap calls (api/src/sitemap/sitemap-routes.ts):
 *   /sitemap.xml               index: the landing pages' file and one file per block of listings
 *   /sitemap-lugares.xml       home and the landing pages that show listings (/venta, /venta/apartamento/piantini,
 *                              /alquiler/apartamento/piantini/amueblado)
 *   /sitemap-anuncios-<n>.xml  the listings of block n (at most 50,000), with lastmod
 * Each file is one API call, so the sitemap stays correct and cheap at 1,000,000 listings. The
 * calls carry SITE_API_KEY (issue 40): the API limits the sitemap per client, and the site server
 * asks for every crawler.
 */
import siteServer from '../../shared-contracts/src/site-server.js';

/** @param {unknown} s */
const xmlEscape = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * @template T
 * @param {string} apiUrl
 * @param {string} siteKey
 * @param {string} path
 * @param {string} [requestId] the site request's id (issue 45), sent as X-Request-Id
 * @returns {Promise<T>}
 */
async function apiJson(apiUrl, siteKey, path, requestId) {
  const headers = { ...(siteKey ? { [siteServer.SITE_KEY_HEADER]: siteKey } : {}), ...(requestId ? { [siteServer.REQUEST_ID_HEADER]: requestId } : {}) };
  const res = await fetch(`${apiUrl}${path}`, { headers, signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw Object.assign(new Error(`${path}: HTTP ${res.status}`), { status: res.status });
  return /** @type {Promise<T>} */ (res.json());
}

/** @param {string} siteUrl */
export function robotsTxt(siteUrl) {
  return ['User-agent: *', 'Allow: /', 'Disallow: /misAnuncios', 'Disallow: /agregarAnuncio', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/**
 * The body for a sitemap path, or null when the path is no sitemap. `landingPath` comes from the
 * shell's server build (shared-contracts/landing.ts).
 * @param {string} urlPath
 * @param {{ siteUrl: string, apiUrl: string, siteKey: string, landingPath: typeof import('../../shared-contracts/src/landing.js').landingPath, requestId?: string }} where
 * @returns {Promise<string | null>}
 */
export async function sitemapFor(urlPath, { siteUrl, apiUrl, siteKey, landingPath, requestId }) {
  if (urlPath === '/sitemap.xml') {
    /** @type {{ files: { file: number, lastmod: string | null }[] }} */
    const { files } = await apiJson(apiUrl, siteKey, '/sitemap/anuncios', requestId);
    const entries = [`<sitemap><loc>${xmlEscape(`${siteUrl}/sitemap-lugares.xml`)}</loc></sitemap>`];
    for (const f of files) {
      entries.push(`<sitemap><loc>${xmlEscape(`${siteUrl}/sitemap-anuncios-${f.file}.xml`)}</loc>${f.lastmod ? `<lastmod>${f.lastmod}</lastmod>` : ''}</sitemap>`);
    }
    return `${HEADER}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }
  const block = /^\/sitemap-anuncios-(\d{1,7})\.xml$/.exec(urlPath);
  if (block) {
    /** @type {{ items: { id: string, lastmod: string }[] }} */
    const { items } = await apiJson(apiUrl, siteKey, `/sitemap/anuncios/${block[1]}`, requestId);
    const urls = items.map((i) => `<url><loc>${xmlEscape(`${siteUrl}/anuncioDetailedView/${i.id}`)}</loc><lastmod>${i.lastmod}</lastmod></url>`);
    return `${HEADER}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }
  if (urlPath === '/sitemap-lugares.xml') {
    /** @type {{ items: { proposito: string, propiedad: string, lugar?: string, atributo?: import('../../shared-contracts/src/landing.js').LandingAtributo }[] }} */
    const { items } = await apiJson(apiUrl, siteKey, '/sitemap/lugares', requestId);
    const paths = new Set(['/', '/venta', '/alquiler']);
    // the API names only pages that show listings, each place by its own slug
    for (const i of items) {
      if (i.proposito !== 'venta' && i.proposito !== 'alquiler') continue;
      paths.add(landingPath({ proposito: i.proposito, propiedad: i.propiedad, lugar: i.lugar, atributo: i.atributo }));
    }
    const urls = [...paths].slice(0, 50_000).map((p) => `<url><loc>${xmlEscape(`${siteUrl}${p}`)}</loc></url>`);
    return `${HEADER}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }
  return null;
}

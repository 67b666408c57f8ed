// @ts-check
/**
 * Issue 47: a listing's video and virtual tour, by an allow-list of providers. An address is read
 * into its canonical form (what is stored and shown as a link) and the address of its player,
 * embedded only after the visitor taps (no third-party script before it). Plain CommonJS, as
 * map-defaults.js: the site server admits exactly these players' origins in the CSP's frame-src.
 */

/** What a listing stores (canonical) and what the detail embeds after a tap. */
/** @typedef {{ url: string; embed: string; provider: string }} MediaLink */

const MEDIA_URL_MAX = 300;
const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com';
const MATTERPORT = 'https://my.matterport.com';
const KUULA = 'https://kuula.co';
/** The origins of the players the detail may frame. */
const EMBED_ORIGINS = [YOUTUBE_EMBED, MATTERPORT, KUULA];

/** @param {string} input @returns {URL | null} */
function parse(input) {
  const text = input.trim();
  if (!text || text.length > MEDIA_URL_MAX) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password || url.port) return null;
    return url;
  } catch {
    return null;
  }
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);

/**
 * A YouTube video (youtube.com/watch?v=…, youtu.be/…, /shorts/…, /embed/…), or null.
 * @param {string} input
 * @returns {MediaLink | null}
 */
function readVideo(input) {
  const url = parse(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  /** @type {string | null | undefined} */
  let id = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const m = /^\/(?:shorts|embed|live)\/([^/]+)\/?$/.exec(url.pathname);
      id = m?.[1];
    }
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { url: `https://www.youtube.com/watch?v=${id}`, embed: `${YOUTUBE_EMBED}/embed/${id}?autoplay=1&rel=0`, provider: 'YouTube' };
}

const MATTERPORT_ID = /^[A-Za-z0-9]{11}$/;
const KUULA_ID = /^[A-Za-z0-9]{4,16}$/;

/**
 * A virtual tour on Matterport (my.matterport.com/show/?m=…) or Kuula (kuula.co/share/…), or null.
 * @param {string} input
 * @returns {MediaLink | null}
 */
function readTour(input) {
  const url = parse(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (host === 'my.matterport.com' && /^\/show\/?$/.test(url.pathname)) {
    const id = url.searchParams.get('m');
    if (!id || !MATTERPORT_ID.test(id)) return null;
    return { url: `${MATTERPORT}/show/?m=${id}`, embed: `${MATTERPORT}/show/?m=${id}&play=1`, provider: 'Matterport' };
  }
  if (host === 'kuula.co' || host === 'www.kuula.co') {
    const m = /^\/share\/(collection\/)?([^/]+)\/?$/.exec(url.pathname);
    if (!m || !KUULA_ID.test(m[2])) return null;
    const path = `/share/${m[1] ?? ''}${m[2]}`;
    return { url: `${KUULA}${path}`, embed: `${KUULA}${path}?fs=1&vr=0&thumbs=1`, provider: 'Kuula' };
  }
  return null;
}

module.exports = { EMBED_ORIGINS, MEDIA_URL_MAX, readVideo, readTour };

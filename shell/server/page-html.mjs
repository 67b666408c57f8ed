// @ts-check
/**
 * A page's HTML from the shell's index.html and the page's data, with no string surgery on data
 * (issue 40). The template is cut once per version, by patterns that only ever see the template,
 * into pieces: the <head> around the tags a page may set (<title>, the canonical link, each
 * <meta name|property>), the rest of <head>, and the body around #root. A page is those pieces
 * joined with its own tags, each value escaped once, here: listing text is never a regular
 * expression or a replacement pattern, so "$'" or "$$" in a title is only text (String.replace
 * expanded them: one 139-character title made a page of gigabytes).
 */

/** @typedef {import('../../shared-contracts/src/ssr.js').PageHead} PageHead */
/**
 * index.html in pieces (compileTemplate): the <head> as text and the tags a page may set, by key.
 * @typedef {object} Template
 * @property {string} siteUrl
 * @property {(string | { key: string, tag: string })[]} segments
 * @property {string} body   from </head> to #root
 * @property {string} root   the template's #root element
 * @property {string} after  what follows #root
 * @property {string} afterRendered  the same without the <noscript> notice
 * @property {{ body: string, after: string }} unavailable  body and after without the app's script
 */

/** Text or a double-quoted attribute value. @param {unknown} s */
export const escapeHtml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: nothing in it can close the element or start a comment. @param {unknown} value */
export const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const PLACEHOLDER = '__PUBLIC_SITE_URL__';
// index.html is minified by the build: attribute values may be unquoted
const VALUE = String.raw`(?:"[^"]*"|[^\s>]+)`;
const PAGE_TAG = new RegExp(String.raw`<title>[^<]*</title>|<meta (?:name|property)=${VALUE} content=${VALUE}\s*/?>|<link rel="?canonical"? href=${VALUE}\s*/?>`, 'g');
const ROOT_DIV = /<div id="?root"?>\s*(?:<div class="?boot-header"?><\/div>)?\s*<\/div>/;
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;
const MAIN_SCRIPT = /<script[^>]*main\.js[^>]*><\/script>/;

/** 'title', 'canonical', 'name:description', 'property:og:title'. @param {string} tag a match of PAGE_TAG */
function tagKey(tag) {
  if (tag.startsWith('<title>')) return 'title';
  if (tag.startsWith('<link')) return 'canonical';
  const [, attr, name] = /** @type {RegExpExecArray} */ (/^<meta (name|property)="?([^"\s>]+)/.exec(tag));
  return `${attr}:${name}`;
}

/**
 * index.html in pieces. `siteUrl` (PUBLIC_SITE_URL) takes the place of the template's placeholder,
 * escaped; the canonical link and og:url are always written from data (the home's by default).
 * @param {string} html
 * @param {string} siteUrl
 * @returns {Template}
 */
export function compileTemplate(html, siteUrl) {
  const text = html.split(PLACEHOLDER).join(escapeHtml(siteUrl));
  const headEnd = text.indexOf('</head>');
  const root = ROOT_DIV.exec(text);
  if (headEnd < 0 || !root || root.index < headEnd) throw new Error('index.html: falta </head> o <div id="root"> después de él');
  const head = text.slice(0, headEnd);
  /** @type {Template['segments']} */
  const segments = [];
  let at = 0;
  for (const m of head.matchAll(PAGE_TAG)) {
    segments.push(head.slice(at, m.index), { key: tagKey(m[0]), tag: m[0] });
    at = m.index + m[0].length;
  }
  segments.push(head.slice(at));
  const body = text.slice(headEnd, root.index);
  const after = text.slice(root.index + root[0].length);
  return {
    siteUrl,
    segments,
    body,
    root: root[0],
    after,
    // a server-rendered page works without JavaScript: no "activa JavaScript" notice
    afterRendered: after.replace(NOSCRIPT, ''),
    // the 503 page loads no app
    unavailable: { body: body.replace(MAIN_SCRIPT, ''), after: after.replace(MAIN_SCRIPT, '') },
  };
}

/**
 * The tags a page's head sets, by key (tagKey), each value escaped once.
 * @param {PageHead} head
 * @param {string} siteUrl
 */
function pageTags(head, siteUrl) {
  /** @type {Map<string, string>} */
  const tags = new Map();
  /** @param {'name' | 'property'} attr @param {string} name @param {string} content */
  const meta = (attr, name, content) => tags.set(`${attr}:${name}`, `<meta ${attr}="${name}" content="${escapeHtml(content)}" />`);
  const canonical = head.canonical || `${siteUrl}/`;
  tags.set('canonical', `<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  meta('property', 'og:url', canonical);
  if (head.title) {
    tags.set('title', `<title>${escapeHtml(head.title)}</title>`);
    meta('property', 'og:title', head.title);
    meta('name', 'twitter:title', head.title);
  }
  // a known place without listings (issue 39): shown to visitors, kept out of search engines
  if (head.robots) meta('name', 'robots', head.robots);
  if (head.description) {
    meta('name', 'description', head.description);
    meta('property', 'og:description', head.description);
    meta('name', 'twitter:description', head.description);
  }
  if (head.og) {
    meta('property', 'og:type', head.og.type);
    const image = head.og.image;
    if (image) {
      meta('property', 'og:image', image.url);
      if (image.width) meta('property', 'og:image:width', String(image.width));
      if (image.height) meta('property', 'og:image:height', String(image.height));
      meta('property', 'og:image:alt', image.alt);
      meta('name', 'twitter:card', 'summary_large_image');
      meta('name', 'twitter:image', image.url);
    }
  }
  return tags;
}

/**
 * <head> up to </head>: the template's tags, the page's in their place or after them.
 * @param {Template} template
 * @param {PageHead} [head]
 */
function headHtml(template, head = {}, styles = '') {
  const tags = pageTags(head, template.siteUrl);
  const out = template.segments.map((s) => {
    if (typeof s === 'string') return s;
    const own = tags.get(s.key);
    tags.delete(s.key);
    return own ?? s.tag;
  });
  out.push(...tags.values());
  const p = head.preloadImage;
  if (p) out.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(p.href)}"${p.srcset ? ` imagesrcset="${escapeHtml(p.srcset)}"` : ''}${p.sizes ? ` imagesizes="${escapeHtml(p.sizes)}"` : ''} />`);
  if (head.jsonLd) out.push(`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`);
  out.push(styles);
  return out.join('');
}

/**
 * The page: `head` (PageHead), and with `root` (the server's HTML of #root) the styles and the
 * inline data `script` too; without `root` the template's #root, for the browser to render.
 * @param {Template} template
 * @param {{ head?: PageHead, styles?: string, root?: string, script?: string }} [page]
 */
export function pageHtml(template, { head, styles, root, script } = {}) {
  if (root === undefined) return headHtml(template, head) + template.body + template.root + template.after;
  return `${headHtml(template, head, styles)}${template.body}<div id="root">${root}</div><script>${script}</script>${template.afterRendered}`;
}

/**
 * The API does not answer: a Spanish message, status 503, never an empty page.
 * @param {Template} template
 * @param {string} message
 */
export function unavailableHtml(template, message) {
  const main = `<main style="padding:32px 16px;text-align:center"><h1>${escapeHtml(message)}</h1><p><a href="/">Volver a intentar</a></p></main>`;
  return `${headHtml(template)}${template.unavailable.body}<div id="root"><div class="boot-header"></div>${main}</div>${template.unavailable.after}`;
}

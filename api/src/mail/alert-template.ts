/**
 * The alert emails (issues 22 and 39), in Spanish, as HTML and text: one saved search's new
 * listings (photo, title, price, link; at most ALERT_LISTINGS_MAX, then "Ver todos"), or the
 * favourites whose price dropped. Each price shows the other currency beside it as the site does
 * (USD_DOP_RATE); photos are JPEG renditions, which every mail program displays. Each email's
 * unsubscribe (a link and RFC 8058 headers) stops exactly what sent it, and its text says what.
 */
import { ALERT_LISTINGS_MAX, formatPrice, formatPriceBoth, type Moneda } from 'shared-contracts';
import type { MailMessage } from './mailer';
import { escapeHtml, letterName } from './templates';

export interface AlertListing {
  title: string;
  price: number;
  moneda: Moneda;
  /** Absolute URLs. */
  photo: string | null;
  link: string;
  /** Price drops: the price last announced. */
  previous?: { price: number; moneda: Moneda };
}

interface AlertCommon {
  to: string;
  name: string;
  /** RD$ per US$, for the figure in the other currency. */
  usdDopRate: number;
  unsubscribe: { oneClick: string; page: string };
  messageId: string;
}

export interface SearchAlertEmail extends AlertCommon {
  nombre: string;
  nuevos: AlertListing[];
  /** How many new listings there are in all (the email shows the first ALERT_LISTINGS_MAX). */
  totalNuevos: number;
  verTodos: string;
}

export interface PriceDropEmail extends AlertCommon {
  bajadas: AlertListing[];
}

function priceLine(l: AlertListing, rate: number): string {
  const now = formatPriceBoth(l.price, l.moneda, rate);
  return l.previous ? `${now} (antes ${formatPrice(l.previous.price, l.previous.moneda)})` : now;
}

function listingsHtml(listings: AlertListing[], rate: number): string {
  const rows = listings.map((l) => {
    const photo = l.photo ? `<img src="${escapeHtml(l.photo)}" alt="" width="160" style="display:block;border-radius:6px">` : '';
    return `<tr><td style="padding:8px 12px 8px 0;vertical-align:top">${photo}</td><td style="padding:8px 0;vertical-align:top">
<a href="${escapeHtml(l.link)}" style="color:#c2410c;font-weight:bold">${escapeHtml(l.title)}</a><br>${escapeHtml(priceLine(l, rate))}</td></tr>`;
  });
  return `<table>${rows.join('')}</table>`;
}

const listingsText = (listings: AlertListing[], rate: number) => listings.map((l) => `- ${l.title}: ${priceLine(l, rate)}\n  ${l.link}`);

/** The letter around the lists: greeting, why it came, and the link that stops it. */
function letter(e: AlertCommon, parts: { subject: string; html: string[]; text: string[]; why: string; stop: string; link: string }): MailMessage {
  const shown = letterName(e.name);
  const greeting = shown ? `Hola ${shown}:` : 'Hola:';
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">
<h1 style="color:#c2410c;font-size:20px">InmueblesRD</h1>
<p>${escapeHtml(greeting)}</p>
${parts.html.join('\n')}
<p style="color:#6b7280;font-size:12px">${escapeHtml(parts.why)} <a href="${escapeHtml(e.unsubscribe.page)}">${escapeHtml(parts.stop)}</a></p>
</body></html>`;
  const text = [`InmueblesRD\n\n${greeting}\n`, ...parts.text, `\n${parts.why}\n${parts.stop}: ${e.unsubscribe.page}\n`].join('\n');
  return {
    to: e.to,
    subject: parts.subject,
    html,
    text,
    link: parts.link,
    headers: { 'List-Unsubscribe': `<${e.unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    messageId: e.messageId,
  };
}

/** New listings for one saved search; its unsubscribe stops that search's alerts only. */
export function searchAlertMessage(e: SearchAlertEmail): MailMessage {
  const nuevos = e.nuevos.slice(0, ALERT_LISTINGS_MAX);
  const n = e.totalNuevos === 1 ? '1 anuncio nuevo' : `${e.totalNuevos} anuncios nuevos`;
  const html = [`<p>Anuncios nuevos para tu búsqueda <strong>${escapeHtml(e.nombre)}</strong>:</p>${listingsHtml(nuevos, e.usdDopRate)}`];
  const text = [`Anuncios nuevos para tu búsqueda "${e.nombre}":\n`, ...listingsText(nuevos, e.usdDopRate)];
  if (e.totalNuevos > nuevos.length) {
    html.push(`<p><a href="${escapeHtml(e.verTodos)}">Ver todos (${e.totalNuevos})</a></p>`);
    text.push(`\nVer todos (${e.totalNuevos}): ${e.verTodos}`);
  }
  return letter(e, {
    subject: `${n} para "${e.nombre}"`.slice(0, 180),
    html,
    text,
    why: `Recibes este email porque guardaste la búsqueda "${e.nombre}" en InmueblesRD.`,
    stop: `Dejar de recibir las alertas de la búsqueda "${e.nombre}"`,
    link: nuevos[0]?.link ?? e.verTodos,
  });
}

/** Favourites whose price dropped; its unsubscribe stops the account's price-drop emails only. */
export function priceDropMessage(e: PriceDropEmail): MailMessage {
  const [first] = e.bajadas;
  const subject = e.bajadas.length === 1 ? `Bajó de precio: ${first.title}` : `Bajaron de precio ${e.bajadas.length} de tus favoritos`;
  return letter(e, {
    subject: subject.slice(0, 180),
    html: [`<p>Favoritos que bajaron de precio:</p>${listingsHtml(e.bajadas, e.usdDopRate)}`],
    text: ['Favoritos que bajaron de precio:\n', ...listingsText(e.bajadas, e.usdDopRate)],
    why: 'Recibes este email porque guardaste estos anuncios en tus favoritos de InmueblesRD. Tus búsquedas guardadas no cambian.',
    stop: 'Dejar de recibir los avisos de bajadas de precio de tus favoritos',
    link: first.link,
  });
}

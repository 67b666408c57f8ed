/**
 * The saved-search alert email (issue 22), in Spanish, as HTML and text: the new listings (photo,
 * title, price, link; at most ALERT_LISTINGS_MAX, then "Ver todos"), the favourites whose price
 * dropped, and the one-click unsubscribe as a link and as RFC 8058 headers.
 */
import { ALERT_LISTINGS_MAX, formatPrice, type Moneda } from 'shared-contracts';
import type { MailMessage } from './mailer';
import { escapeHtml, letterName } from './templates';

export interface AlertListing {
  title: string;
  price: number;
  moneda: Moneda;
  /** Absolute URLs. */
  photo: string | null;
  link: string;
  /** Price drops: the price before. */
  previous?: { price: number; moneda: Moneda };
}

export interface AlertEmail {
  to: string;
  name: string;
  nombre: string;
  nuevos: AlertListing[];
  /** How many new listings there are in all (the email shows the first ALERT_LISTINGS_MAX). */
  totalNuevos: number;
  bajadas: AlertListing[];
  verTodos: string;
  unsubscribe: { oneClick: string; page: string };
  messageId: string;
}

function subjectOf(e: AlertEmail): string {
  if (!e.totalNuevos) return `Bajó de precio: ${e.bajadas.length === 1 ? 'un favorito tuyo' : `${e.bajadas.length} favoritos tuyos`}`;
  const n = e.totalNuevos === 1 ? '1 anuncio nuevo' : `${e.totalNuevos} anuncios nuevos`;
  return `${n} para "${e.nombre}"`.slice(0, 180);
}

const priceLine = (l: AlertListing) =>
  l.previous ? `${formatPrice(l.price, l.moneda)} (antes ${formatPrice(l.previous.price, l.previous.moneda)})` : formatPrice(l.price, l.moneda);

function listingHtml(l: AlertListing): string {
  const photo = l.photo ? `<img src="${escapeHtml(l.photo)}" alt="" width="160" style="display:block;border-radius:6px">` : '';
  return `<tr><td style="padding:8px 12px 8px 0;vertical-align:top">${photo}</td><td style="padding:8px 0;vertical-align:top">
<a href="${escapeHtml(l.link)}" style="color:#c2410c;font-weight:bold">${escapeHtml(l.title)}</a><br>${escapeHtml(priceLine(l))}</td></tr>`;
}

export function alertMessage(e: AlertEmail): MailMessage {
  const shown = letterName(e.name);
  const greeting = shown ? `Hola ${shown}:` : 'Hola:';
  const nuevos = e.nuevos.slice(0, ALERT_LISTINGS_MAX);
  const more = e.totalNuevos > nuevos.length;
  const parts: string[] = [];
  const text: string[] = [`InmueblesRD\n\n${greeting}\n`];
  if (nuevos.length) {
    parts.push(`<p>Anuncios nuevos para tu búsqueda <strong>${escapeHtml(e.nombre)}</strong>:</p><table>${nuevos.map(listingHtml).join('')}</table>`);
    text.push(`Anuncios nuevos para tu búsqueda "${e.nombre}":\n`, ...nuevos.map((l) => `- ${l.title}: ${priceLine(l)}\n  ${l.link}`));
    if (more) {
      parts.push(`<p><a href="${escapeHtml(e.verTodos)}">Ver todos (${e.totalNuevos})</a></p>`);
      text.push(`\nVer todos (${e.totalNuevos}): ${e.verTodos}`);
    }
  }
  if (e.bajadas.length) {
    parts.push(`<p>Favoritos que bajaron de precio:</p><table>${e.bajadas.map(listingHtml).join('')}</table>`);
    text.push('\nFavoritos que bajaron de precio:\n', ...e.bajadas.map((l) => `- ${l.title}: ${priceLine(l)}\n  ${l.link}`));
  }
  const footer = 'Recibes este email porque guardaste esta búsqueda en InmueblesRD.';
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">
<h1 style="color:#c2410c;font-size:20px">InmueblesRD</h1>
<p>${escapeHtml(greeting)}</p>
${parts.join('\n')}
<p style="color:#6b7280;font-size:12px">${escapeHtml(footer)} <a href="${escapeHtml(e.unsubscribe.page)}">Dejar de recibir estas alertas</a></p>
</body></html>`;
  text.push(`\n${footer}\nDejar de recibir estas alertas: ${e.unsubscribe.page}\n`);
  return {
    to: e.to,
    subject: subjectOf(e),
    html,
    text: text.join('\n'),
    link: nuevos[0]?.link ?? e.bajadas[0]?.link ?? e.verTodos,
    headers: { 'List-Unsubscribe': `<${e.unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    messageId: e.messageId,
  };
}

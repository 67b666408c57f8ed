/**
 * WhatsApp links, the share message and the other-currency figure (issue 21). Digit-only and
 * dependency-free: they run on the card and the detail (server and browser alike), where the
 * phone has already been checked by the API (`canales` holds 'whatsapp' only for a valid number).
 */
import type { Anuncio } from './types';
import { formatPrice } from './format';

/** The wa.me digits of a NANP number ('+18095551234', '8095551234', '1 809…'); null for anything else. */
export function whatsappDigits(movil: string | null | undefined): string | null {
  const digits = (movil ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return digits;
  return null;
}

/** The absolute address of a listing: PUBLIC_SITE_URL/anuncioDetailedView/{id}. */
export function anuncioUrl(siteUrl: string, anuncioId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/anuncioDetailedView/${encodeURIComponent(anuncioId)}`;
}

/** The message a buyer sends the seller: the listing's title, price and address. */
export function whatsappMessage(anuncio: Pick<Anuncio, 'title' | 'price' | 'moneda'>, url: string): string {
  return `Hola, me interesa su anuncio "${anuncio.title}" (${formatPrice(anuncio.price, anuncio.moneda)}) en InmueblesRD: ${url}`;
}

/** The message to share a listing with someone (no seller involved). */
export function shareMessage(anuncio: Pick<Anuncio, 'title' | 'price' | 'moneda'>, url: string): string {
  return `Mira este anuncio en InmueblesRD: "${anuncio.title}" (${formatPrice(anuncio.price, anuncio.moneda)}) ${url}`;
}

/** https://wa.me/<digits>?text=… ; without digits, WhatsApp asks whom to send the text to (sharing). */
export function whatsappHref(digits: string | null, text: string): string {
  return `https://wa.me/${digits ?? ''}?text=${encodeURIComponent(text)}`;
}

/**
 * The price in the other currency at USD_DOP_RATE (RD$ per US$), rounded to whole units:
 * 'US$ 193,000' -> '≈ RD$ 11,580,000'. The same rate the price filter converts with.
 */
export function otherCurrencyPrice(price: number | null | undefined, moneda: string | null | undefined, usdDopRate: number): string | null {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0 || !(usdDopRate > 0)) return null;
  return moneda === 'US' ? `≈ ${formatPrice(Math.round(price * usdDopRate), 'RD')}` : `≈ ${formatPrice(Math.round(price / usdDopRate), 'US')}`;
}

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/**
 * '2026-11-27' -> '27 de noviembre de 2026'. Written out here rather than with the runtime's
 * locale data, so the server's HTML and the browser's hydration say exactly the same.
 */
export function formatIsoDay(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!m) return isoDay;
  return `${Number(m[3])} de ${MESES[Number(m[2]) - 1] ?? m[2]} de ${m[1]}`;
}

/**
 * What the other-currency figure is (issue 39): 'Equivalencia aproximada a RD$ 60.5 por US$ 1,
 * tasa del 27 de noviembre de 2026.' The date is USD_DOP_RATE_DATE; without it the sentence
 * says the rate has no date rather than suggesting it is today's.
 */
export function exchangeRateNote(usdDopRate: number, isoDay: string): string {
  const rate = `Equivalencia aproximada a ${formatPrice(usdDopRate, 'RD')} por US$ 1`;
  return isoDay ? `${rate}, tasa del ${formatIsoDay(isoDay)}.` : `${rate} (tasa de referencia sin fecha).`;
}

/** 'US$ 193,000 · ≈ RD$ 11,580,000' (the line every price shows). */
export function formatPriceBoth(price: number | null | undefined, moneda: string | null | undefined, usdDopRate: number): string {
  const other = otherCurrencyPrice(price, moneda, usdDopRate);
  return other ? `${formatPrice(price, moneda)} · ${other}` : formatPrice(price, moneda);
}

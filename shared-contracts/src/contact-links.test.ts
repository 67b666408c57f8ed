import { anuncioUrl, exchangeRateNote, formatIsoDay, formatPriceBoth, otherCurrencyPrice, shareMessage, whatsappDigits, whatsappHref, whatsappMessage } from './contact-links';
import { parseRuntimeConfig } from './config';

const anuncio = { title: 'Apartamento en Piantini', price: 193000, moneda: 'US' as const };

describe('WhatsApp links (issue 21)', () => {
  it('takes the digits of NANP numbers in E.164 or written locally', () => {
    expect(whatsappDigits('+18095551234')).toBe('18095551234');
    expect(whatsappDigits('809-555-1234')).toBe('18095551234');
    expect(whatsappDigits('1 (829) 555-1234')).toBe('18295551234');
  });
  it('gives no digits for numbers WhatsApp could not reach', () => {
    expect(whatsappDigits('555-12')).toBeNull();
    expect(whatsappDigits('+34612345678')).toBeNull();
    expect(whatsappDigits('')).toBeNull();
  });
  it('builds the absolute listing address from PUBLIC_SITE_URL', () => {
    expect(anuncioUrl('https://inmueblesrd.do/', 'a1b2')).toBe('https://inmueblesrd.do/anuncioDetailedView/a1b2');
  });
  it('names the title, the price and the address in the message', () => {
    const url = 'https://inmueblesrd.do/anuncioDetailedView/a1b2';
    expect(whatsappMessage(anuncio, url)).toBe(
      'Hola, me interesa su anuncio "Apartamento en Piantini" (US$ 193,000) en InmueblesRD: https://inmueblesrd.do/anuncioDetailedView/a1b2',
    );
    expect(shareMessage(anuncio, url)).toContain('"Apartamento en Piantini" (US$ 193,000) https://inmueblesrd.do/anuncioDetailedView/a1b2');
  });
  it('encodes the message into the wa.me link', () => {
    const href = whatsappHref('18095551234', 'Hola & "adiós" ñ?');
    expect(href).toBe('https://wa.me/18095551234?text=Hola%20%26%20%22adi%C3%B3s%22%20%C3%B1%3F');
    expect(decodeURIComponent(new URL(href).searchParams.get('text')!)).toBe('Hola & "adiós" ñ?');
    expect(whatsappHref(null, 'hola')).toBe('https://wa.me/?text=hola');
  });
});

describe('both currencies (issue 21)', () => {
  it('converts US$ to RD$ and back at USD_DOP_RATE, rounded', () => {
    expect(formatPriceBoth(193000, 'US', 60)).toBe('US$ 193,000 · ≈ RD$ 11,580,000');
    expect(formatPriceBoth(35000, 'RD', 60)).toBe('RD$ 35,000 · ≈ US$ 583');
    expect(otherCurrencyPrice(1000, 'RD', 58.5)).toBe('≈ US$ 17');
  });
  it('shows only the price when there is nothing to convert', () => {
    expect(formatPriceBoth(0, 'RD', 60)).toBe('RD$ 0');
    expect(otherCurrencyPrice(1000, 'RD', 0)).toBeNull();
  });
});

describe('what the other-currency figure is (issue 39)', () => {
  it('names the rate and its day, written out in Spanish the same on server and browser', () => {
    expect(formatIsoDay('2026-11-27')).toBe('27 de noviembre de 2026');
    expect(formatIsoDay('2027-01-05')).toBe('5 de enero de 2027');
    expect(exchangeRateNote(60.5, '2026-11-27')).toBe('Equivalencia aproximada a RD$ 60.5 por US$ 1, tasa del 27 de noviembre de 2026.');
  });
  it('without a day it says the rate has none, rather than passing it off as today\'s', () => {
    expect(exchangeRateNote(60, '')).toBe('Equivalencia aproximada a RD$ 60 por US$ 1 (tasa de referencia sin fecha).');
  });
  it('config.json: the day must be a real YYYY-MM-DD day; the listing lifetime a positive whole number of days', () => {
    const base = { apiBaseUrl: 'http://api.test' };
    expect(parseRuntimeConfig(base)).toMatchObject({ usdDopRateDate: '', listingTtlDays: 90 });
    expect(parseRuntimeConfig({ ...base, usdDopRateDate: '2026-11-27', listingTtlDays: 45 })).toMatchObject({ usdDopRateDate: '2026-11-27', listingTtlDays: 45 });
    for (const day of ['2026-02-30', '27/11/2026', '2026-11-27T00:00:00Z', 20261127]) {
      expect(() => parseRuntimeConfig({ ...base, usdDopRateDate: day })).toThrow('config.json: "usdDopRateDate" debe ser una fecha AAAA-MM-DD');
    }
    expect(() => parseRuntimeConfig({ ...base, listingTtlDays: 0 })).toThrow('"listingTtlDays" debe ser un entero positivo');
  });
});

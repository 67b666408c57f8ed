import { anuncioUrl, formatPriceBoth, otherCurrencyPrice, shareMessage, whatsappDigits, whatsappHref, whatsappMessage } from './contact-links';

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

import { formatPhone, telHref, formatPrice, locationLine, listingTags, amenities, descriptionLines, pageCount, resultCountLabel } from './format';

describe('formatPhone (SPEC §5 phone display)', () => {
  it('formats 10 digits as (###) ###-####', () => {
    expect(formatPhone('8095551234')).toBe('(809) 555-1234');
    expect(formatPhone('809-555-1234')).toBe('(809) 555-1234');
  });
  it('adds +1 for an 11-digit number starting with 1', () => {
    expect(formatPhone('18095551234')).toBe('+1 (809) 555-1234');
  });
  it('leaves other values unchanged', () => {
    expect(formatPhone('555-12')).toBe('555-12');
    expect(formatPhone('28095551234')).toBe('28095551234');
    expect(formatPhone('')).toBe('');
  });
  it('builds tel: links with the country code', () => {
    expect(telHref('8095551234')).toBe('tel:+18095551234');
    expect(telHref('18095551234')).toBe('tel:+18095551234');
  });
});

describe('formatPrice', () => {
  it('prefixes the currency code and $ with thousands separators', () => {
    expect(formatPrice(1234567, 'RD')).toBe('RD$ 1,234,567');
    expect(formatPrice(250000, 'US')).toBe('US$ 250,000');
    expect(formatPrice(1500.5, 'US')).toBe('US$ 1,500.5');
  });
});

describe('locationLine', () => {
  it('joins locality, place and region with commas, skipping empty parts', () => {
    expect(locationLine({ locality: 'Naco', place: 'Santo Domingo', region: 'Distrito Nacional' })).toBe('Naco, Santo Domingo, Distrito Nacional');
    expect(locationLine({ locality: '', place: 'Higüey', region: 'La Altagracia' })).toBe('Higüey, La Altagracia');
  });
  it("falls back to 'República Dominicana'", () => {
    expect(locationLine({ locality: '', place: '', region: '' })).toBe('República Dominicana');
  });
});

describe('listing details', () => {
  it('shows tags uppercase with hab., bañ., nivel and m²', () => {
    expect(listingTags({ proposito: 'venta', propiedad: 'Apartamento', habitaciones: 3, banos: 2, nivel: 4, metros: 1250 })).toEqual([
      'VENTA',
      'APARTAMENTO',
      '3 hab.',
      '2 bañ.',
      '4 nivel',
      '1,250 m²',
    ]);
    expect(listingTags({ proposito: 'alquiler', propiedad: 'Solar', habitaciones: null, banos: null, nivel: null, metros: null })).toEqual(['ALQUILER', 'SOLAR']);
  });
  it('lists only the amenities that are true', () => {
    expect(amenities({ balcon: true, patio: false, piscina: true, parqueo: false })).toEqual(['Balcón', 'Piscina']);
  });
  it('splits the description on line breaks', () => {
    expect(descriptionLines('Linda casa\r\n\nCerca del mar\n')).toEqual(['Linda casa', 'Cerca del mar']);
  });
  it('labels the result count, marking estimates with ≈ and grouping thousands with a dot', () => {
    expect(resultCountLabel(1)).toBe('1 anuncio');
    expect(resultCountLabel(0)).toBe('0 anuncios');
    expect(resultCountLabel(1234)).toBe('1.234 anuncios');
    expect(resultCountLabel(253_000, true)).toBe('≈ 253.000 anuncios');
    expect(resultCountLabel(1_000_000, false)).toBe('1.000.000 anuncios');
  });
  it('computes the page count as ceil(count / 12)', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
  });
});

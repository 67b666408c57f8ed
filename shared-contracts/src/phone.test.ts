import { normalizePhone, phoneOrAsIs } from './phone';

describe('normalizePhone (issue 21: Dominican and NANP numbers in E.164)', () => {
  it('accepts the Dominican area codes 809, 829 and 849 in any common writing', () => {
    expect(normalizePhone('809-555-1234')).toBe('+18095551234');
    expect(normalizePhone('(829) 555 1234')).toBe('+18295551234');
    expect(normalizePhone('849.555.1234')).toBe('+18495551234');
  });
  it('accepts 11 digits starting with 1, and the +1 prefix', () => {
    expect(normalizePhone('18095551234')).toBe('+18095551234');
    expect(normalizePhone('+1 809 555 1234')).toBe('+18095551234');
  });
  it('accepts other valid NANP numbers', () => {
    expect(normalizePhone('+1 212 555 1234')).toBe('+12125551234');
  });
  it('refuses numbers that are too short, too long or not numbers', () => {
    expect(normalizePhone('809-555-123')).toBeNull();
    expect(normalizePhone('8095551234567')).toBeNull();
    expect(normalizePhone('12345')).toBeNull();
    expect(normalizePhone('llámame')).toBeNull();
    expect(normalizePhone('')).toBeNull();
    expect(normalizePhone(undefined)).toBeNull();
  });
  it('refuses foreign (non-NANP) numbers', () => {
    expect(normalizePhone('+34 612 345 678')).toBeNull();
    expect(normalizePhone('+44 20 7946 0958')).toBeNull();
  });
  it('keeps a number that does not parse as it is', () => {
    expect(phoneOrAsIs('809-555-1234')).toBe('+18095551234');
    expect(phoneOrAsIs('Llamar a la oficina')).toBe('Llamar a la oficina');
  });
});

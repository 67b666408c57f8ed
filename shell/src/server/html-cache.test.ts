import { createHtmlCache } from './html-cache';

describe('rendered pages kept for the next identical request', () => {
  test('a hit carries the new response nonce wherever React wrote the old one', () => {
    const cache = createHtmlCache<{ styles: string }>(10_000, 60_000);
    cache.set('home', { html: '<p>12 anuncios</p><script nonce="OLD+/=">$RC()</script><script nonce="OLD+/=">x</script>', nonce: 'OLD+/=', rest: { styles: '<style>a{}</style>' } });
    expect(cache.get('home', 'NEW')).toEqual({ html: '<p>12 anuncios</p><script nonce="NEW">$RC()</script><script nonce="NEW">x</script>', rest: { styles: '<style>a{}</style>' } });
    expect(cache.get('otra', 'NEW')).toBeUndefined();
  });

  test('a page older than its maximum age is rendered again (texts that depend on the day)', () => {
    let now = 1_000;
    const cache = createHtmlCache<null>(10_000, 60_000, () => now);
    cache.set('detalle', { html: '<p>Actualizado hoy</p>', nonce: 'n', rest: null });
    now += 60_000;
    expect(cache.get('detalle', 'n')?.html).toBe('<p>Actualizado hoy</p>');
    now += 1;
    expect(cache.get('detalle', 'n')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test('bounded by size: the least recently used page goes first, a page bigger than the bound is not kept', () => {
    const cache = createHtmlCache<null>(30, 60_000); // key + html: 11 characters a page
    cache.set('a', { html: 'x'.repeat(10), nonce: 'n', rest: null });
    cache.set('b', { html: 'y'.repeat(10), nonce: 'n', rest: null });
    expect(cache.get('a', 'n')).toBeDefined(); // a is now the most recent
    cache.set('c', { html: 'z'.repeat(10), nonce: 'n', rest: null });
    expect(cache.get('b', 'n')).toBeUndefined();
    expect(cache.get('a', 'n')?.html).toBe('x'.repeat(10));
    expect(cache.get('c', 'n')?.html).toBe('z'.repeat(10));
    cache.set('huge', { html: 'h'.repeat(31), nonce: 'n', rest: null });
    expect(cache.get('huge', 'n')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});

/**
 * Partner descriptions often arrive as HTML. The portal shows plain text split on line breaks
 * (SPEC: "description (split on line breaks)"), so block tags become line breaks, every other tag
 * goes, and entities are decoded. Nothing of the markup survives to be rendered.
 */

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', aacute: 'á', eacute: 'é', iacute: 'í',
  oacute: 'ó', uacute: 'ú', ntilde: 'ñ', Aacute: 'Á', Eacute: 'É', Iacute: 'Í', Oacute: 'Ó', Uacute: 'Ú',
  Ntilde: 'Ñ', uuml: 'ü', Uuml: 'Ü', iquest: '¿', iexcl: '¡', deg: '°', sup2: '²', middot: '·', bull: '•',
  ndash: '–', mdash: '—', hellip: '…', laquo: '«', raquo: '»', ordm: 'º', ordf: 'ª',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d?);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED[name] ?? whole;
  });
}

const BLOCK_BREAK = /<\s*(br|\/p|\/div|\/h[1-6]|\/tr|\/ul|\/ol|p|div|li|h[1-6]|tr)\b[^>]*>/gi;

export function htmlToText(html: string): string {
  const text = html
    .replace(/\r\n?/g, '\n')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(BLOCK_BREAK, (tag) => (/^<\s*li\b/i.test(tag) ? '\n• ' : '\n'))
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[^\S\n]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

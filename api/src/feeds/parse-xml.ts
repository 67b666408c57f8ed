/**
 * Trovit/Mitula XML (`<trovit><ad>…</ad></trovit>`), streamed: each chunk is decoded, handed to
 * saxes, and the ads it completed are yielded before the next chunk is read, so memory holds one
 * chunk and a few ads whatever the feed's size. Any XML error is fatal to the whole feed.
 */
import { SaxesParser } from 'saxes';
import { FeedError, RAW_TEXT_FIELDS, type RawAd, type RawTextField } from './types';

const ROOTS = new Set(['trovit', 'mitula']);
const FIELDS = new Set<string>(RAW_TEXT_FIELDS);
/** One field's text is bounded: a runaway element must not grow without limit. */
const MAX_FIELD_CHARS = 100_000;
const MAX_PICTURES = 100;

/** UTF-8 unless the declaration names Latin-1; anything else is refused rather than misread. */
function decoderFor(head: Buffer): TextDecoder {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    throw new FeedError('codificación no admitida: UTF-16 (se espera UTF-8)');
  }
  const decl = /^(?:\uFEFF)?\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head.subarray(0, 300).toString('latin1'));
  const declared = (decl?.[1] ?? 'utf-8').toLowerCase();
  if (declared === 'utf-8' || declared === 'utf8') return new TextDecoder('utf-8', { fatal: true });
  if (['iso-8859-1', 'latin1', 'latin-1', 'windows-1252', 'cp1252'].includes(declared)) return new TextDecoder('windows-1252');
  throw new FeedError(`codificación no admitida: ${declared} (se espera UTF-8)`);
}

export async function* parseXmlAds(chunks: AsyncIterable<Buffer>): AsyncGenerator<RawAd> {
  const parser = new SaxesParser({ position: true });
  const done: RawAd[] = [];
  let depth = 0;
  let sawRoot = false;
  let ad: RawAd | null = null;
  /** The field being read, with the depth of its element. */
  let field: { name: RawTextField | 'picture_url'; depth: number; text: string } | null = null;

  parser.on('error', (err) => {
    throw new FeedError(`XML mal formado: ${err.message}`, { cause: err });
  });
  parser.on('opentag', (tag) => {
    depth += 1;
    const name = tag.name.toLowerCase();
    if (depth === 1) {
      if (!ROOTS.has(name)) throw new FeedError(`no es un feed Trovit/Mitula (raíz <${tag.name}>)`);
      sawRoot = true;
      return;
    }
    if (depth === 2) {
      if (name === 'ad') ad = { pictures: [] };
      return;
    }
    if (!ad || field) return;
    if (name === 'picture_url') field = { name, depth, text: '' };
    else if (depth === 3 && FIELDS.has(name)) {
      field = { name: name as RawTextField, depth, text: '' };
      const attrs = tag.attributes as Record<string, string>;
      if (name === 'price' && attrs.currency) ad.currency ??= attrs.currency;
      if (name === 'floor_area' && attrs.unit) ad.floor_area_unit = attrs.unit;
    }
  });
  const onText = (text: string) => {
    if (field && field.text.length < MAX_FIELD_CHARS) field.text += text.slice(0, MAX_FIELD_CHARS - field.text.length);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const current = ad as RawAd | null;
    if (field && field.depth === depth && current) {
      if (field.name === 'picture_url') {
        if (current.pictures.length < MAX_PICTURES) current.pictures.push(field.text.trim());
      } else if (field.name === 'currency') current.currency = field.text;
      else current[field.name] = field.text;
      field = null;
    }
    if (depth === 2 && current) {
      done.push(current);
      ad = null;
    }
    depth -= 1;
  });

  let decoder: TextDecoder | null = null;
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? (decoder as TextDecoder).decode(chunk, { stream: true }) : (decoder as TextDecoder).decode();
    } catch (err) {
      throw new FeedError('codificación incorrecta: el feed no es UTF-8 válido', { cause: err });
    }
  };
  for await (const chunk of chunks) {
    decoder ??= decoderFor(chunk);
    parser.write(decode(chunk));
    // Handing out ads between chunks is what keeps the reader from running ahead of the import.
    for (let i = 0; i < done.length; i++) yield done[i];
    done.length = 0;
  }
  if (!decoder) throw new FeedError('el feed está vacío');
  parser.write(decode());
  parser.close();
  if (!sawRoot) throw new FeedError('el feed no tiene elemento raíz');
  for (const a of done) yield a;
}

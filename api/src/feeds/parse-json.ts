/**
 * The JSON form of a feed: `{ "ads": [ { same field names as the XML }, … ] }`. It is parsed
 * whole, which is why its byte cap (FeedLimits.jsonMaxBytes, enforced while reading) is small.
 */
import { FeedError, RAW_TEXT_FIELDS, type RawAd } from './types';

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function pictures(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((p) => (typeof p === 'string' ? p : text((p as { picture_url?: unknown } | null)?.picture_url)))
    .filter((p): p is string => typeof p === 'string');
}

export function toRawAd(value: unknown): RawAd {
  const ad: RawAd = { pictures: [] };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return ad;
  const record = value as Record<string, unknown>;
  for (const key of RAW_TEXT_FIELDS) {
    const v = text(record[key]);
    if (v !== undefined) ad[key] = v;
  }
  const unit = text(record.floor_area_unit);
  if (unit) ad.floor_area_unit = unit;
  ad.pictures = pictures(record.pictures ?? record.picture_urls);
  return ad;
}

export async function* parseJsonAds(chunks: AsyncIterable<Buffer>): AsyncGenerator<RawAd> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(parts)));
  } catch (err) {
    const reason = err instanceof SyntaxError ? `JSON mal formado: ${err.message}` : 'codificación incorrecta: el feed no es UTF-8 válido';
    throw new FeedError(reason, { cause: err });
  }
  parts.length = 0;
  const ads = (body as { ads?: unknown } | null)?.ads;
  if (!Array.isArray(ads)) throw new FeedError('el JSON no tiene la lista "ads"');
  for (const ad of ads) yield toRawAd(ad);
}

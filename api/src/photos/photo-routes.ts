/**
 * GET /photos/:key — stored photos, immutable under their random names, so browsers and CDNs
 * may keep them for a year; nosniff so a stored byte string is never run as anything else.
 * WebP renditions, and the alert emails' JPEG one (`-card.jpg`, mail-rendition.ts).
 *
 * Issue 45: streamed from the storage (disk or bucket), never read whole; `ETag` with
 * `If-None-Match` (304) and one `Range` (206, `If-Range` honoured) so a CDN or a browser can
 * revalidate or resume. Several ranges in one request get the whole photo (RFC 9110 allows it).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import parseRange from 'range-parser';
import { z } from 'zod';
import { MSG } from 'shared-contracts';
import { apiErrorSchema } from 'shared-contracts/responses';
import { PHOTO_CACHE_CONTROL } from './s3-storage';
import { isValidPhotoKey, type ByteRange, type PhotoInfo, type PhotoStorage } from './storage';

const servable = (key: string) => isValidPhotoKey(key) && (key.endsWith('.webp') || key.endsWith('-card.jpg'));

export interface PhotoRoutesOptions {
  storage: PhotoStorage;
}

/** Whether an If-None-Match list names this entity tag (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

const BYTE_RANGES = /^bytes=\s*(\d+-\d*|-\d+)(\s*,\s*(\d+-\d*|-\d+))*\s*$/;

/** The one range to send, null for the whole photo, or 'unsatisfiable' (416). */
function rangeOf(header: string | undefined, ifRange: string | undefined, info: PhotoInfo): ByteRange | null | 'unsatisfiable' {
  // A stale If-Range (another version of the bytes) asks for the whole photo; a date is never our validator.
  if (!header || (ifRange !== undefined && ifRange.trim() !== info.etag)) return null;
  // Not a byte-range list at all: ignored (RFC 9110 §14.2), rather than range-parser's 416.
  if (!BYTE_RANGES.test(header)) return null;
  const ranges = parseRange(info.size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0].start, end: ranges[0].end };
}

const common = (reply: FastifyReply, info: PhotoInfo) =>
  reply
    .header('etag', info.etag)
    .header('cache-control', PHOTO_CACHE_CONTROL)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff');

const binary = { schema: z.string().meta({ format: 'binary' }) };
const photo = { content: { 'image/webp': binary, 'image/jpeg': binary } };
const schema = {
  tags: ['Fotos'],
  params: z.object({ key: z.string() }),
  response: {
    200: { description: 'The photo (WebP; the alert emails\' `-card.jpg` rendition is JPEG)', ...photo },
    206: { description: 'One byte range of the photo (`Range`)', ...photo },
    404: apiErrorSchema,
  },
};

const photoRoutes: FastifyPluginAsync<PhotoRoutesOptions> = async (app, opts) => {
  const { storage } = opts;
  const notFound = (reply: FastifyReply) => reply.code(404).header('x-content-type-options', 'nosniff').send({ error: MSG.photoNotFound });

  // HEAD declared with GET: Fastify's own HEAD route would read the whole photo and say length 0.
  app.route<{ Params: { key: string } }>({
    method: ['GET', 'HEAD'],
    url: '/photos/:key',
    schema,
    handler: async (req, reply) => {
    const { key } = req.params;
    const info = servable(key) ? await storage.head(key) : null;
    if (!info) return notFound(reply);
    if (matchesEtag(req.headers['if-none-match'], info.etag)) return common(reply, info).code(304).send();
    const ifRange = req.headers['if-range'];
    const range = rangeOf(req.headers.range, typeof ifRange === 'string' ? ifRange : undefined, info);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${info.size}`).header('accept-ranges', 'bytes').send();
    let body: Readable | undefined;
    if (req.method !== 'HEAD') {
      const found = await storage.get(key, range ?? undefined);
      if (!found) return notFound(reply);
      // Replaced between the two calls (a restore): these bytes are not the ones described.
      if (found.etag !== info.etag) {
        found.body.destroy();
        return reply.code(503).header('retry-after', '1').send({ error: MSG.serverError });
      }
      body = found.body;
    }
    common(reply, info)
      .header('content-type', info.contentType)
      .header('content-length', range ? range.end - range.start + 1 : info.size);
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    return reply.send(body);
    },
  });
};

export default photoRoutes;

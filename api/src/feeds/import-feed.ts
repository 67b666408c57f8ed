/**
 * Imports one partner's feed: streams its ads, maps and validates each, writes them in batches
 * (one transaction each), and only once the WHOLE feed has been read without error withdraws the
 * partner's listings it no longer carries. A fatal feed error therefore never withdraws anything;
 * ads rejected one by one keep their listing as it was. The report names the feed and its photos
 * without the credentials their URLs may carry (issue 40, redact.ts).
 */
import { MAX_IMAGES } from 'shared-contracts';
import { agencyBySlug } from '../agencies/repository';
import type { Db } from '../db/client';
import type { AnuncioRow, NewAnuncioRow } from '../db/schema';
import { deletePhotos, sizesOfKeys, type PhotoStorage } from '../photos';
import { DEFAULT_PHOTO_FETCH, resolvePhotos, type PhotoFetchOptions } from './feed-photos';
import { loadExisting, loadPhotoMaps, publishedRefs, withdraw, writeBatch, type BatchWrite } from './feed-repository';
import { DEFAULT_FEED_LIMITS, openFeed, type FeedLimits } from './feed-source';
import { MAPPED_FIELDS, mapAd, type MapResult } from './map-ad';
import { parseJsonAds } from './parse-json';
import { parseXmlAds } from './parse-xml';
import { redactUrl, redactUrls } from './redact';
import { FeedError, MAX_REPORTED, type ImportReport } from './types';

export interface ImportOptions {
  db: Db;
  storage: PhotoStorage;
  /** The agency's slug (agencias.slug): its listings' `source`. */
  partner: string;
  /** File path or http(s) URL. */
  location: string;
  usdDopRate: number;
  limits?: Partial<FeedLimits>;
  photos?: Partial<PhotoFetchOptions>;
  /** Ads per transaction. */
  batchSize?: number;
  now?: () => Date;
  /** Called after each batch with the number of ads read so far (progress, memory checks). */
  onProgress?: (adsRead: number) => void;
}

type Accepted = Extract<MapResult, { ok: true }>;

function emptyReport(partner: string, origin: string, startedAt: Date): ImportReport {
  return {
    partner, origin, ok: false, ads: 0, created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0, rejections: [],
    photosDownloaded: 0, photoFailures: [], photoFailureCount: 0, startedAt: startedAt.toISOString(), durationMs: 0,
  };
}

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;

/** Field by field: only a real change bumps updatedAt. */
function changedValues(row: AnuncioRow, next: NewAnuncioRow): Partial<NewAnuncioRow> | null {
  const changes: Record<string, unknown> = {};
  for (const f of [...MAPPED_FIELDS, 'imageKeys', 'status'] as const) {
    if (!sameValue(row[f], next[f])) changes[f] = next[f];
  }
  // Issue 45: the photos' sizes travel with their keys.
  if ('imageKeys' in changes) changes.imageSizes = next.imageSizes;
  return Object.keys(changes).length ? (changes as Partial<NewAnuncioRow>) : null;
}

/** Issue 46: a feed is imported only under an agency of the database, and never while it is paused. */
async function activePartnerName(db: Db, slug: string): Promise<string> {
  const agency = await agencyBySlug(db, slug);
  if (!agency) throw new FeedError(`inmobiliaria desconocida: ${slug} (npm run agencies -- add)`);
  if (agency.status === 'paused') throw new FeedError(`${slug} está pausada: no se importa (npm run agencies -- resume ${slug})`);
  return agency.name;
}

export async function importFeed(opts: ImportOptions): Promise<ImportReport> {
  const now = opts.now ?? (() => new Date());
  const started = now();
  const report = emptyReport(opts.partner, redactUrl(opts.location), started);
  const limits = { ...DEFAULT_FEED_LIMITS, ...opts.limits };
  const photoOpts = { ...DEFAULT_PHOTO_FETCH, ...opts.photos };
  const batchSize = opts.batchSize ?? 500;
  const { db, storage, partner } = opts;
  /** Every id met in the feed, valid or rejected: none of them is withdrawn. */
  const seen = new Set<string>();

  const reject = (id: string, reason: string) => {
    report.rejected += 1;
    if (report.rejections.length < MAX_REPORTED) report.rejections.push({ id, reason });
  };

  async function flush(batch: Accepted[]): Promise<void> {
    if (!batch.length) return;
    const refs = batch.map((a) => a.ref);
    const [existing, photoMaps] = await Promise.all([loadExisting(db, partner, refs), loadPhotoMaps(db, partner, refs)]);
    const write: BatchWrite = { inserts: [], updates: [], photosAdded: [], photosRemoved: [] };
    const written: string[] = [];
    const obsoleteKeys: string[] = [];
    let created = 0;
    let updated = 0;
    let unchanged = 0;
    try {
      for (const ad of batch) {
        const known = photoMaps.get(ad.ref) ?? new Map<string, string>();
        const photos = await resolvePhotos(storage, ad.photoUrls, known, photoOpts);
        written.push(...photos.written);
        report.photosDownloaded += photos.added.length;
        for (const f of photos.failures) {
          report.photoFailureCount += 1;
          if (report.photoFailures.length < MAX_REPORTED) report.photoFailures.push({ id: ad.ref, url: redactUrl(f.url), reason: redactUrls(f.reason) });
        }
        write.photosAdded.push(...photos.added.map((p) => ({ sourceRef: ad.ref, ...p })));
        for (const [url, key] of known) {
          if (ad.photoUrls.includes(url)) continue;
          write.photosRemoved.push({ sourceRef: ad.ref, url });
          obsoleteKeys.push(key);
        }
        const row = existing.get(ad.ref);
        const imageKeys = photos.keys.slice(0, MAX_IMAGES);
        const imageSizes = sizesOfKeys({ ...row?.imageSizes, ...photos.sizes }, imageKeys);
        const next: NewAnuncioRow = { ...ad.listing, imageKeys, imageSizes, status: 'published' };
        if (!row) {
          write.inserts.push({ ...next, source: partner, sourceRef: ad.ref, ownerId: null });
          created += 1;
          continue;
        }
        const changes = changedValues(row, next);
        if (changes) {
          write.updates.push({ id: row.id, values: { ...changes, updatedAt: now() } });
          updated += 1;
        } else unchanged += 1;
      }
      await writeBatch(db, partner, write);
    } catch (err) {
      // Photos stored for a batch that did not land would be orphans.
      await deletePhotos(storage, written);
      throw err;
    }
    report.created += created;
    report.updated += updated;
    report.unchanged += unchanged;
    if (obsoleteKeys.length) await deletePhotos(storage, obsoleteKeys).catch(() => undefined);
  }

  let feed: Awaited<ReturnType<typeof openFeed>> | null = null;
  try {
    const partnerName = await activePartnerName(db, partner);
    feed = await openFeed(opts.location, limits);
    const ads = feed.format === 'json' ? parseJsonAds(feed.chunks) : parseXmlAds(feed.chunks);
    let batch: Accepted[] = [];
    for await (const raw of ads) {
      report.ads += 1;
      const mapped = mapAd(raw, partnerName, opts.usdDopRate);
      if (mapped.ref && seen.has(mapped.ref)) {
        reject(mapped.ref, 'id repetido en el feed');
        continue;
      }
      if (mapped.ref) seen.add(mapped.ref);
      if (!mapped.ok) {
        reject(mapped.ref, mapped.reason);
        continue;
      }
      batch.push(mapped);
      if (batch.length >= batchSize) {
        await flush(batch);
        batch = [];
        opts.onProgress?.(report.ads);
      }
    }
    await flush(batch);
    opts.onProgress?.(report.ads);
    // An empty feed is far more likely a partner-side failure than a partner with nothing to sell.
    if (report.ads === 0) throw new FeedError('el feed no contiene anuncios');

    const gone = (await publishedRefs(db, partner)).filter((ref) => !seen.has(ref));
    report.withdrawn = await withdraw(db, partner, gone, now());
    report.ok = true;
  } catch (err) {
    if (!(err instanceof FeedError)) throw err;
    report.fatal = redactUrls(err.message);
  } finally {
    feed?.close();
    report.durationMs = now().getTime() - started.getTime();
  }
  return report;
}

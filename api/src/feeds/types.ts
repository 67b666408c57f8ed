/** What a partner feed carries (one ad, as read from XML or JSON) and what an import reports. */

/** One `<ad>` as text, before any mapping: every Trovit/Mitula field we read, all optional. */
export interface RawAd {
  id?: string;
  url?: string;
  title?: string;
  type?: string;
  content?: string;
  price?: string;
  /** The `currency` element, or the `currency` attribute of `<price>`. */
  currency?: string;
  property_type?: string;
  floor_area?: string;
  /** The `unit` attribute of `<floor_area>` (meters by default, feet converted). */
  floor_area_unit?: string;
  rooms?: string;
  bathrooms?: string;
  parking?: string;
  floor_number?: string;
  /** Trovit's `is_furnished` (1/0, yes/no; our partners also write "semi"). */
  is_furnished?: string;
  /** Trovit's `year`: the year built. */
  year?: string;
  address?: string;
  neighborhood?: string;
  city?: string;
  city_area?: string;
  region?: string;
  latitude?: string;
  longitude?: string;
  agency?: string;
  contact_email?: string;
  contact_telephone?: string;
  date?: string;
  pictures: string[];
}

export const RAW_TEXT_FIELDS = [
  'id', 'url', 'title', 'type', 'content', 'price', 'currency', 'property_type', 'floor_area', 'rooms', 'bathrooms',
  'parking', 'floor_number', 'is_furnished', 'year', 'address', 'neighborhood', 'city', 'city_area', 'region', 'latitude', 'longitude',
  'agency', 'contact_email', 'contact_telephone', 'date',
] as const;
export type RawTextField = (typeof RAW_TEXT_FIELDS)[number];

/** A feed that cannot be trusted as a whole: the import stops and withdraws nothing. */
export class FeedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedError';
  }
}

export interface Rejection {
  id: string;
  reason: string;
}
export interface PhotoFailure {
  id: string;
  url: string;
  reason: string;
}

export interface ImportReport {
  partner: string;
  /** Where the feed was read from (path or URL). */
  origin: string;
  ok: boolean;
  /** Set when the feed was refused as a whole (nothing was withdrawn). */
  fatal?: string;
  ads: number;
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  rejected: number;
  /** The first reasons (bounded, so a feed of 20,000 bad ads does not fill memory). */
  rejections: Rejection[];
  photosDownloaded: number;
  photoFailures: PhotoFailure[];
  photoFailureCount: number;
  startedAt: string;
  durationMs: number;
}

/** How many reasons a report keeps; the counts stay exact beyond it. */
export const MAX_REPORTED = 200;

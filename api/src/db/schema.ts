/**
 * The one database schema, for PGlite (embedded default) and PostgreSQL alike.
 * Migrations are generated from this file with drizzle-kit into api/drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { AMUEBLADOS, CONSTRUCCIONES, ESTADOS, FRECUENCIAS, MONEDAS, MOTIVOS_REPORTE, RESPALDOS, type Filters } from 'shared-contracts';
import type { MailMessage } from '../mail/mailer';

/**
 * A composed alert email as the outbox keeps it: the mailer's message plus its headers, and the
 * photo keys whose JPEG email renditions must exist before it leaves (issue 39).
 */
export type AlertMessage = MailMessage & { photoKeys?: string[] };

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    apellido: text('apellido').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    /** The plan's listing count (SPEC §3 "Plan"); 5 = Gratis. */
    miPlan: integer('mi_plan').notNull().default(5),
    /** Bumped by a password reset: JWTs carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Issue 23: set when a moderator blocked the account (login refused, every listing hidden). */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 39: set by the price-drop email's unsubscribe; the favourites page turns them on again. */
    priceAlertsOffAt: timestamp('price_alerts_off_at', { withTimezone: true }),
  },
  // Issue 40: the moderators' list of blocked accounts, newest block first.
  (t) => [index('users_blocked_idx').on(t.blockedAt).where(sql`${t.blockedAt} IS NOT NULL`)],
);

/** Email-confirmation and password-reset tokens: stored hashed, single use, expiring. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirm', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.kind)],
);

/**
 * Agencies (issue 46, docs/decisions/0040-agencies.md): the partners whose listings arrive from a
 * feed (`kind` 'feed'), added, paused and given their feed by the operator's command
 * (`npm run agencies`) without a release. A listing belongs to one through `anuncios.source`,
 * which holds the agency's slug (the six partners' slugs are the company keys of before).
 */
export const AGENCIA_STATUSES = ['active', 'paused'] as const;
export const AGENCIA_KINDS = ['feed', 'account'] as const;
export const AGENCIA_ROLES = ['admin', 'agente'] as const;
export const agencias = pgTable('agencias', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The public page's address (/inmobiliaria/{slug}) and the listings' `source`. */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** An http(s) URL of the logo, or '' (none). */
  logo: text('logo').notNull().default(''),
  phone: text('phone').notNull().default(''),
  whatsapp: text('whatsapp').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  description: text('description').notNull().default(''),
  /** Shown as given; '' when not given. */
  rnc: text('rnc').notNull().default(''),
  /** An http(s) URL or a file path; null = no feed (nothing imported). */
  feedUrl: text('feed_url'),
  /** A paused agency's feed is not imported (its listings stay as they are). */
  status: text('status', { enum: AGENCIA_STATUSES }).notNull().default('active'),
  kind: text('kind', { enum: AGENCIA_KINDS }).notNull().default('feed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AgenciaRow = typeof agencias.$inferSelect;

/**
 * Issue 46, agency accounts (docs/decisions/0042-agency-accounts.md): who works for an agency of
 * kind 'account'. One row per account (an account belongs to at most one agency); the creator is
 * its `admin`, the invited are `agente`.
 */
export const agenciaMiembros = pgTable(
  'agencia_miembros',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    agenciaId: uuid('agencia_id')
      .notNull()
      .references(() => agencias.id, { onDelete: 'cascade' }),
    role: text('role', { enum: AGENCIA_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agencia_miembros_agencia_idx').on(t.agenciaId, t.role),
    // One administrator per agency: the account whose plan the agency's listings use.
    uniqueIndex('agencia_miembros_admin_uq').on(t.agenciaId).where(sql`${t.role} = 'admin'`),
  ],
);
export type AgenciaMiembroRow = typeof agenciaMiembros.$inferSelect;

/** An emailed invitation to join an agency: only the token's SHA-256 is kept; single use, expiring. */
export const agenciaInvitaciones = pgTable(
  'agencia_invitaciones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agenciaId: uuid('agencia_id')
      .notNull()
      .references(() => agencias.id, { onDelete: 'cascade' }),
    /** Lower-cased: only the account of this email may accept. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agencia_invitaciones_agencia_idx').on(t.agenciaId, t.createdAt)],
);

export const anuncios = pgTable(
  'anuncios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable newest-first order without ties (created_at can repeat in bulk loads). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** Null for partner listings (they count against no user's quota). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The agency's slug (agencias.slug; hazim, tucasard, ...) and, for a feed's listing, the feed's own id. */
    source: text('source').references(() => agencias.slug, { onUpdate: 'cascade' }),
    sourceRef: text('source_ref'),
    /** published | withdrawn (a partner ad missing from a full feed). */
    status: text('status', { enum: ['published', 'withdrawn'] }).notNull().default('published'),
    /**
     * The owner's side of the listing's life (issue 20): only `activo` is searchable and counts
     * against the quota. Partner listings stay `activo` and follow their feed through `status`.
     */
    estado: text('estado', { enum: ESTADOS }).notNull().default('activo'),
    /**
     * Issue 23: the estado before a moderation hold or withdrawal, restored when a moderator
     * approves (decision 0010). Null when the listing is not held or withdrawn.
     */
    estadoPrevio: text('estado_previo', { enum: ESTADOS }),
    /** Issue 23: the owner is blocked; the listing is hidden whatever its estado (anuncio_searchable). */
    bloqueado: boolean('bloqueado').notNull().default(false),
    /** Publication or last renewal: an owner's active listing expires LISTING_TTL_DAYS after it. */
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the expiry reminder of the current period was sent; cleared by a renewal. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    title: text('title').notNull().default(''),
    description: text('description').notNull(),
    price: doublePrecision('price').notNull(),
    moneda: text('moneda', { enum: ['RD', 'US'] }).notNull(),
    /** Price in RD$ (US$ converted at USD_DOP_RATE) for filters without a currency. */
    priceRd: doublePrecision('price_rd').notNull(),
    proposito: text('proposito').notNull(),
    propiedad: text('propiedad').notNull(),
    metros: doublePrecision('metros'),
    habitaciones: integer('habitaciones'),
    banos: integer('banos'),
    nivel: integer('nivel'),
    balcon: boolean('balcon').notNull().default(false),
    patio: boolean('patio').notNull().default(false),
    piscina: boolean('piscina').notNull().default(false),
    parqueo: boolean('parqueo').notNull().default(false),
    // Issue 42 (docs/decisions/0028-listing-attributes.md): null is "unknown", what every listing
    // from before migration 0020 has (nothing invented); `parqueo` stays: true with `parqueos` null
    // is "has parking, count unknown".
    mediosBanos: integer('medios_banos'),
    parqueos: integer('parqueos'),
    amueblado: text('amueblado', { enum: AMUEBLADOS }),
    respaldo: text('respaldo', { enum: RESPALDOS }),
    cisterna: boolean('cisterna'),
    gasComun: boolean('gas_comun'),
    ascensor: boolean('ascensor'),
    seguridad24h: boolean('seguridad_24h'),
    areaSocial: boolean('area_social'),
    /** Monthly fee in its currency, and in both currencies at the USD_DOP_RATE of the write (filters, as price_rd). */
    mantenimiento: doublePrecision('mantenimiento'),
    mantenimientoMoneda: text('mantenimiento_moneda', { enum: MONEDAS }),
    mantenimientoRd: doublePrecision('mantenimiento_rd'),
    mantenimientoUs: doublePrecision('mantenimiento_us'),
    anoConstruccion: integer('ano_construccion'),
    construccion: text('construccion', { enum: CONSTRUCCIONES }),
    /** Expected delivery, 'YYYY-MM'. */
    entrega: text('entrega'),
    calle: text('calle').notNull().default(''),
    /** Issue 47: a YouTube video and a Matterport or Kuula tour, canonical (shared-contracts media-embeds.js); null = none. */
    video: text('video_url'),
    tour: text('tour_url'),
    name: text('name').notNull().default(''),
    apellido: text('apellido').notNull().default(''),
    empresa: text('empresa').notNull().default(''),
    movil: text('movil').notNull().default(''),
    email: text('email').notNull().default(''),
    place: text('place').notNull().default(''),
    region: text('region').notNull().default(''),
    locality: text('locality').notNull().default(''),
    address: text('address').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Storage keys of the photos, in order (URLs are built when answering). */
    imageKeys: jsonb('image_keys').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Issue 45: each photo's [width, height, cardWidth, cardHeight] by key (photos/photo-sizes.ts). */
    imageSizes: jsonb('image_sizes').$type<Record<string, [number, number, number, number]>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('anuncios_source_ref_uq').on(t.source, t.sourceRef),
    index('anuncios_owner_idx').on(t.ownerId),
    // Issue 46: an agency's page lists its listings newest first.
    index('anuncios_source_seq_idx').on(t.source, t.seq),
    index('anuncios_status_seq_idx').on(t.status, t.seq),
    // Search pages fetch their rows by seq (the keys come from anuncio_search).
    uniqueIndex('anuncios_seq_uq').on(t.seq),
    // The expiry job's scan: owners' active listings by the start of their period (issue 20).
    index('anuncios_expiry_idx').on(t.renewedAt).where(sql`${t.estado} = 'activo' AND ${t.ownerId} IS NOT NULL`),
    // Issue 40: the held listings head the moderation queue, reported or not (a blocked phone or photo).
    index('anuncios_held_idx').on(t.id).where(sql`${t.estado} = 'en revisión'`),
  ],
);

/** Every price change of a listing, old and new (issue 20: "Bajó de precio", saved-search alerts). */
export const anuncioPriceChanges = pgTable(
  'anuncio_price_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anuncioId: uuid('anuncio_id')
      .notNull()
      .references(() => anuncios.id, { onDelete: 'cascade' }),
    previousPrice: doublePrecision('previous_price').notNull(),
    previousMoneda: text('previous_moneda', { enum: MONEDAS }).notNull(),
    previousPriceRd: doublePrecision('previous_price_rd').notNull(),
    price: doublePrecision('price').notNull(),
    moneda: text('moneda', { enum: MONEDAS }).notNull(),
    priceRd: doublePrecision('price_rd').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('anuncio_price_changes_anuncio_idx').on(t.anuncioId, t.changedAt),
    // The alert job's candidates: the listings whose price changed lately (issue 40).
    index('anuncio_price_changes_changed_idx').on(t.changedAt),
  ],
);

/**
 * The search table (docs/decisions/0005-search-table-and-estimated-counts.md): the filter columns of every searchable listing and
 * nothing else, so counts and page keys are read from covering indexes. Kept in step with `anuncios`
 * by the trigger `anuncio_search_sync` (migrations 0004, 0014), whichever code writes: a row is here
 * exactly when its listing is searchable. Its indexes (with INCLUDE columns, which drizzle cannot
 * declare) live in hand-written migrations. The place, region, locality, purpose, type and currency
 * are held as their codes in `search_codes` (migration 0014): an index entry is about half as wide,
 * so the 16 covering indexes stay in a small machine's memory.
 */
export const anuncioSearch = pgTable('anuncio_search', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  /** hashint8(seq) & 1023: a uniform random bucket; `bucket < b` is a b/1024 sample for estimated counts. */
  bucket: smallint('bucket').notNull(),
  place: integer('place').notNull(),
  region: integer('region').notNull(),
  locality: integer('locality').notNull(),
  proposito: integer('proposito').notNull(),
  propiedad: integer('propiedad').notNull(),
  habitaciones: integer('habitaciones'),
  metros: doublePrecision('metros'),
  moneda: integer('moneda').notNull(),
  price: doublePrecision('price').notNull(),
  priceRd: doublePrecision('price_rd').notNull(),
  // Issue 42 (migration 0020): filtered here, in no index (docs/decisions/0028-listing-attributes.md).
  banos: smallint('banos'),
  /** parqueos, or 1 for a listing that has parking without a count (at least one: a fact, not a guess). */
  parqueos: smallint('parqueos'),
  amueblado: text('amueblado'),
  /** RESPALDO_RANK: 0 ninguno, 1 inversor, 2 planta. */
  respaldo: smallint('respaldo'),
  ascensor: boolean('ascensor'),
  /** true or NULL: only a pool that is there is held (the filter asks only for one). */
  piscina: boolean('piscina'),
  seguridad24h: boolean('seguridad_24h'),
  construccion: text('construccion'),
  /** Delivery as YYYYMM. */
  entrega: integer('entrega'),
  mantenimientoRd: doublePrecision('mantenimiento_rd'),
  mantenimientoUs: doublePrecision('mantenimiento_us'),
  // Issue 44 (migration 0022): the map's clusters and areas; NULL for a listing without coordinates.
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  // Issue 46 (migration 0024): advertised by an agency (anuncios.source set), else by its owner ("Dueño directo").
  agencia: boolean('agencia').notNull().default(false),
});

/**
 * The code of each place, region, locality, purpose, type and currency a searchable listing has
 * had (migration 0014): assigned by the search table's trigger (search_code()) the first time a
 * value appears, never changed nor removed, so the API keeps the ones it has read
 * (api/src/search/codes.ts). A value without a code is in no listing.
 */
export const searchCodes = pgTable(
  'search_codes',
  {
    kind: text('kind', { enum: ['place', 'region', 'locality', 'proposito', 'propiedad', 'moneda'] }).notNull(),
    value: text('value').notNull(),
    code: integer('code').generatedAlwaysAsIdentity().notNull().unique(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] })],
);

/**
 * How many searchable listings have each place, region and locality, and in all (kind 'all',
 * value ''), kept by the same trigger: the option lists are the values with n > 0, and the home
 * page's and a lone place/region/locality filter's counts are exact without counting listings.
 */
export const searchFacets = pgTable(
  'search_facets',
  {
    kind: text('kind', { enum: ['all', 'place', 'region', 'locality'] }).notNull(),
    value: text('value').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] })],
);

/**
 * The cells both count cubes share: a location (kind 'all' with loc '', or one region, place or
 * locality) and the filter values a search can ask for, with `rooms` the habitaciones clamped
 * (-1 none, 6 = six or more). A function: each table needs its own column builders.
 */
const cubeCell = () => ({
  kind: text('kind', { enum: ['all', 'region', 'place', 'locality'] }).notNull(),
  loc: text('loc').notNull(),
  proposito: text('proposito').notNull(),
  propiedad: text('propiedad').notNull(),
  rooms: smallint('rooms').notNull(),
  moneda: text('moneda').notNull(),
});

/**
 * The count cube (issue 18, docs/decisions/0005-search-table-and-estimated-counts.md): how many
 * searchable listings share each cell and price bands, kept by the search table's trigger.
 * `band_rd` and `band_own` are the price bands (search_price_band) of price_rd and of the price in
 * its own currency. A search's count is the sum of the cells it covers plus its partial edge bands.
 */
export const searchCube = pgTable(
  'search_cube',
  { ...cubeCell(), bandRd: smallint('band_rd').notNull(), bandOwn: smallint('band_own').notNull(), n: integer('n').notNull() },
  (t) => [primaryKey({ columns: [t.kind, t.loc, t.proposito, t.propiedad, t.rooms, t.moneda, t.bandRd, t.bandOwn] })],
);

/**
 * The area cube (issue 18): the same cells with the area band (search_area_band of `metros`, -1
 * when the listing gives none) instead of the price bands, so a search by minimum or maximum area
 * (and no price bound) is counted like one by price. Kept by the same trigger.
 */
export const searchCubeArea = pgTable(
  'search_cube_area',
  { ...cubeCell(), bandArea: smallint('band_area').notNull(), n: integer('n').notNull() },
  (t) => [primaryKey({ columns: [t.kind, t.loc, t.proposito, t.propiedad, t.rooms, t.moneda, t.bandArea] })],
);

/**
 * The map's cells (issue 44, migration 0023, docs/decisions/0039-map-cells-and-map-limit.md):
 * per grid level (cell 90 / 2^level degrees, the odd levels 7 to 17), cell (floor of lat or lng / cell) and
 * purpose, how many searchable listings with coordinates it holds and the sums of their latitudes,
 * longitudes and seqs (a cell of one listing: its seq). Kept by the search table's trigger; rows
 * whose listings all left stay with n = 0.
 */
export const searchMapCells = pgTable(
  'search_map_cells',
  {
    level: smallint('level').notNull(),
    gy: integer('gy').notNull(),
    gx: integer('gx').notNull(),
    proposito: text('proposito').notNull(),
    n: integer('n').notNull(),
    latSum: doublePrecision('lat_sum').notNull(),
    lngSum: doublePrecision('lng_sum').notNull(),
    seqSum: bigint('seq_sum', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.gy, t.gx, t.proposito] })],
);

/** Attempt counters of the rate limits, shared by every API instance (fixed windows, app clock). */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  /** Epoch milliseconds (the app's clock) when the window ends. */
  resetAt: bigint('reset_at', { mode: 'number' }).notNull(),
});

/**
 * Which stored photo came from which partner feed URL, so a re-import downloads only the URLs
 * it has not seen for that ad (anuncios has no column for the source URL of a photo).
 */
export const feedPhotos = pgTable(
  'feed_photos',
  {
    source: text('source').notNull(),
    sourceRef: text('source_ref').notNull(),
    url: text('url').notNull(),
    /** Storage key of the full-size rendition (its card rendition is derived from it). */
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.sourceRef, t.url] })],
);

/**
 * How many times visitors asked for a listing's contact, per channel (issue 19: the phone and email
 * are given by `POST /anuncio/{id}/contacto` only; issue 21 adds WhatsApp on the same call).
 */
export const contactLeads = pgTable(
  'contact_leads',
  {
    anuncioId: uuid('anuncio_id')
      .notNull()
      .references(() => anuncios.id, { onDelete: 'cascade' }),
    canal: text('canal').notNull(),
    count: integer('count').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.anuncioId, t.canal] })],
);

/**
 * Issue 23: reports of a listing by visitors and users. `reporter` is who counts as one reporter:
 * `u:<user id>` for an account, otherwise the client key (an IPv4 address or an IPv6 /64). One
 * report per listing, reporter and day (in the Dominican Republic), enforced by the unique index.
 * Approving, withdrawing or blocking the owner resolves the open reports (kept for the history).
 */
export const anuncioReports = pgTable(
  'anuncio_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anuncioId: uuid('anuncio_id')
      .notNull()
      .references(() => anuncios.id, { onDelete: 'cascade' }),
    reporter: text('reporter').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    day: text('day').notNull(),
    motivo: text('motivo', { enum: MOTIVOS_REPORTE }).notNull(),
    comentario: text('comentario').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /**
     * Issue 40: the client key the report came from (an IPv4 address or an IPv6 /64), accounts'
     * reports too: one network counts once toward a hold, and a burst from it shows in the queue.
     */
    network: text('network'),
    /** Issue 40: the listing's owner when it was reported (a burst against one owner shows in the queue). */
    ownerId: uuid('owner_id'),
    /** Issue 40: counts toward an automatic hold (a confirmed account of REPORTER_MIN_ACCOUNT_DAYS when it reported). */
    counts: boolean('counts').notNull().default(false),
  },
  (t) => [
    uniqueIndex('anuncio_reports_daily_uq').on(t.anuncioId, t.reporter, t.day),
    index('anuncio_reports_open_idx').on(t.anuncioId, t.createdAt).where(sql`${t.resolvedAt} IS NULL`),
    index('anuncio_reports_owner_idx').on(t.ownerId, t.createdAt),
    index('anuncio_reports_network_idx').on(t.network, t.createdAt),
  ],
);

/**
 * Issue 40: a perceptual fingerprint (64-bit dHash of the stored card rendition, api/src/photos/
 * photo-hash.ts) of each photo an account uploaded, kept after the photo or its listing is
 * deleted: blocking the account covers every photo it has shown (blocked_photos).
 */
export const photoHashes = pgTable(
  'photo_hashes',
  {
    key: text('key').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photo_hashes_owner_idx').on(t.ownerId)],
);

/**
 * Issue 40: what a block covers besides the account, taken when it is blocked and removed when it
 * is unblocked: its listings' phone numbers (E.164) and its photos' fingerprints. A listing that
 * uses one is held for a moderator. No foreign key, like the moderation trail.
 */
export const blockedPhones = pgTable(
  'blocked_phones',
  {
    phone: text('phone').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.userId] }), index('blocked_phones_user_idx').on(t.userId)],
);

export const blockedPhotos = pgTable(
  'blocked_photos',
  {
    userId: uuid('user_id').notNull(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hash] })],
);

/**
 * Issue 23: the moderation history of listings and users: the automatic hold, each moderator's
 * action (who, when, why) and the owner's edits while held. No foreign keys on purpose: the trail
 * outlives a deleted listing or account.
 */
export const moderationEvents = pgTable(
  'moderation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anuncioId: uuid('anuncio_id'),
    userId: uuid('user_id'),
    accion: text('accion', { enum: ['en_revision', 'marcado', 'aprobar', 'retirar', 'bloquear', 'desbloquear', 'editado'] }).notNull(),
    motivo: text('motivo').notNull().default(''),
    moderatorId: uuid('moderator_id'),
    moderatorEmail: text('moderator_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_events_anuncio_idx').on(t.anuncioId, t.id), index('moderation_events_user_idx').on(t.userId, t.id)],
);

/**
 * Detail views per listing (issue 21), counted once per visitor and day (api/src/anuncios/view-counter.ts):
 * only the total is stored, nothing about the visitor. `dia`/`diaCount` (issue 40): the views
 * counted on the Dominican day `dia`, which stop at a per-listing daily bound.
 */
export const anuncioVistas = pgTable('anuncio_vistas', {
  anuncioId: uuid('anuncio_id')
    .primaryKey()
    .references(() => anuncios.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  dia: integer('dia').notNull().default(0),
  diaCount: integer('dia_count').notNull().default(0),
});

/**
 * Issue 40: the visitors already counted today, shared by every API instance. `clave` is an HMAC
 * (key derived from JWT_SECRET and the day) of the client and the listing, so the table names no
 * address; rows of past days are deleted (api/src/anuncios/view-counter.ts).
 */
export const anuncioVistaClaves = pgTable(
  'anuncio_vista_claves',
  {
    dia: integer('dia').notNull(),
    clave: text('clave').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dia, t.clave] })],
);

export type UserRow = typeof users.$inferSelect;
export type AnuncioRow = typeof anuncios.$inferSelect;
export type NewAnuncioRow = typeof anuncios.$inferInsert;

/**
 * Issue 22: a user's favourite listings. No foreign key to the listing: a deleted listing stays
 * in the list, shown greyed as gone, until the user removes it.
 */
export const favoritos = pgTable(
  'favoritos',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    anuncioId: uuid('anuncio_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 40: the price this user was last told of (the listing's price when it was favourited,
     * then each announced drop); a price-drop alert needs a price below it. Null: not known (a
     * listing gone before it was favourited), no alert.
     */
    alertPrice: doublePrecision('alert_price'),
    alertMoneda: text('alert_moneda', { enum: MONEDAS }),
    alertPriceRd: doublePrecision('alert_price_rd'),
    /** When the last price-drop alert of this listing went to this user: at most one a day. */
    alertSentAt: timestamp('alert_sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.anuncioId] }), index('favoritos_anuncio_idx').on(t.anuncioId)],
);

/** Issue 22: a saved search (the filters of `POST /allAnuncios`) and when its alert is next due. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    filters: jsonb('filters').$type<Filters>().notNull(),
    frecuencia: text('frecuencia', { enum: FRECUENCIAS }).notNull(),
    /** Null for instant alerts (every run); else the next 8:00 (daily) or Monday 8:00 (weekly) in Santo Domingo. */
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    /** Set by the one-click unsubscribe; choosing a frequency clears it. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId)],
);

/**
 * Which listing was already announced to which user (issue 22; per user since issue 39, so a
 * listing matching several of a user's searches goes out once), and by which search (null once
 * that search is deleted: the record stays, so another search never announces it again).
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchId: uuid('search_id').references(() => savedSearches.id, { onDelete: 'set null' }),
    anuncioId: uuid('anuncio_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.anuncioId] })],
);

/**
 * The alert emails, written in the same transaction that claims their listings and sent after it
 * commits (issue 22): a restart between the two sends what is pending, never composes it twice.
 */
export const alertEmails = pgTable(
  'alert_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The search of a new-listings email (deleting the search drops its emails); null for a price-drop email. */
    searchId: uuid('search_id').references(() => savedSearches.id, { onDelete: 'cascade' }),
    message: jsonb('message').$type<AlertMessage>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('alert_emails_pending_idx').on(t.id).where(sql`${t.sentAt} IS NULL`)],
);

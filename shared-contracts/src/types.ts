/** Wire types of SPEC §3 and §7. */
import type { Amueblado, Construccion, Respaldo } from './attributes';
import type { ContactCanal, Moneda, Propiedad, Proposito } from './enums';
import type { Estado } from './listing-status';
import type { Filters } from './schemas';
import type { Orden } from './search-order';

/** A photo's size in pixels, and its card rendition's (shared-contracts/src/photos.ts). */
export interface PhotoSize {
  width: number;
  height: number;
  card: { width: number; height: number };
}

export interface Anuncio {
  _id: string;
  title: string;
  description: string;
  price: number;
  moneda: Moneda;
  proposito: Proposito;
  propiedad: Propiedad;
  metros: number | null;
  habitaciones: number | null;
  banos: number | null;
  nivel: number | null;
  balcon: boolean;
  patio: boolean;
  piscina: boolean;
  /** True when the listing has parking (parqueos > 0, or a listing from before issue 42 that said yes without a count). */
  parqueo: boolean;
  name: string;
  apellido: string;
  empresa: string;
  /**
   * How the seller can be reached. The phone and email themselves are not in the list or detail
   * answers (scraping every phone by paging is not possible): `POST /anuncio/{id}/contacto` gives them.
   */
  canales: ContactCanal[];
  place: string;
  region: string;
  locality: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  /** Absolute URLs of the photos, in order. */
  image_urls: string[];
  /**
   * Issue 45: width and height of each photo in `image_urls` (same order) and of its 640 px card
   * rendition, as stored at upload; null where unknown (a photo stored before sizes were kept and
   * not filled yet). Lets a page size a photo without downloading it.
   */
  image_sizes?: (PhotoSize | null)[];
  /**
   * Issue 42 (attributes.ts). Every answer with a listing carries them; null is "unknown" (listings
   * from before these fields, or a feed that does not say). Optional in the type only so fixtures
   * written before them still type-check.
   */
  /** Half bathrooms (full ones are `banos`). */
  mediosBanos?: number | null;
  /** Parking spaces; null with `parqueo` true is "has parking, count unknown". */
  parqueos?: number | null;
  amueblado?: Amueblado | null;
  respaldo?: Respaldo | null;
  cisterna?: boolean | null;
  gasComun?: boolean | null;
  ascensor?: boolean | null;
  seguridad24h?: boolean | null;
  /** Gym or social area. */
  areaSocial?: boolean | null;
  /** Monthly maintenance fee, in `mantenimientoMoneda`. */
  mantenimiento?: number | null;
  mantenimientoMoneda?: Moneda | null;
  anoConstruccion?: number | null;
  construccion?: Construccion | null;
  /** Expected delivery 'YYYY-MM' (planos / construccion only). */
  entrega?: string | null;
  /** Street and building line, shown beside the sector ('' when none). */
  calle?: string;
  /** Issue 47: a YouTube video and a Matterport or Kuula tour (canonical addresses), null when none. */
  video?: string | null;
  tour?: string | null;
  /** Issue 46: the slug of the agency that advertises it (`GET /agencias` names it); null = the owner ("Dueño directo"). */
  source: string | null;
  createdAt?: string;
  /** Issue 20: the listing's status (only activo is searchable). */
  estado?: Estado;
  /** Last edit or renewal ("Actualizado hace N días"). */
  updatedAt?: string;
  /** When an owner's active listing expires; null for partner listings. */
  expiresAt?: string | null;
  /** The price before the last change, when it went down within PRICE_DROP_WINDOW_DAYS (detail only). */
  precioAnterior?: PrecioAnterior | null;
}

export interface PrecioAnterior {
  price: number;
  moneda: Moneda;
  /** When the price went down. */
  changedAt: string;
}

/** The owner's own listing in full (`GET /anuncio/{id}/editar`): the edit form shows its phone and email. */
export interface OwnAnuncio extends Anuncio {
  movil: string;
  email: string;
}

/** `POST /anuncio/{id}/contacto` with `{canal}`: the seller's phone and email. */
export interface ContactoResponse {
  movil: string;
  email: string;
}

export interface User {
  _id?: string;
  name: string;
  apellido: string;
  email: string;
  token: string;
  miPlan?: number;
  /** Issue 23: the account's email is in MODERATOR_EMAILS (the server checks again on every call). */
  moderador?: boolean;
}

export interface AllAnunciosRequest {
  filters: Filters;
  /** Zero-based page (current page minus 1). */
  page: number;
  /** Issue 42: the results' order; the API takes newest first without it. */
  orden?: Orden;
}

export interface AllAnunciosResponse {
  anuncios: Anuncio[];
  count: number;
  /** True when `count` is an estimate (large results; within about 2 %), shown as "≈ 253.000". */
  countEstimated?: boolean;
  placeOptions: string[];
  regionOptions: string[];
  localityOptions: string[];
}

/** A listing's figures for its owner (issue 21): views (one per visitor and day), phone/email reveals, WhatsApp presses. */
export interface ListingStats {
  vistas: number;
  contactos: number;
  whatsapp: number;
}

/** An owner's listing in `POST /misAnuncios`, with its figures (the API always sends them; other answers put in the list have none). */
export type MiAnuncio = Anuncio & {
  estadisticas?: ListingStats;
  /** Issue 39: what the owner must fix before the listing can be saved again (a price of 0, no title…); empty when nothing. */
  porCorregir?: string[];
};

export interface MisAnunciosResponse {
  listaDeTodos: MiAnuncio[];
  /** Spelled so (SPEC §3). */
  canitdadDeAnunciosDisponibles: number;
  miPlan?: number;
}

export interface GeocodeContext {
  id: string;
  text: string;
}
export interface GeocodeFeature {
  id: string;
  place_name: string;
  text?: string;
  /** [longitude, latitude] */
  center: [number, number];
  context: GeocodeContext[];
}
export interface GeocodeResponse {
  features: GeocodeFeature[];
}

export interface ApiErrorBody {
  error?: string;
  message?: string;
}

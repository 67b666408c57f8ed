/**
 * zod schemas of the API's answers (decision 0025): what the OpenAPI document says each route
 * answers, and what the API tests check the real answers against. Each mirrors a wire type of
 * types.ts (or saved.ts, moderation.ts, landing.ts); the `Same<>` checks below fail to compile when
 * a field is added to one and not the other, so the document cannot silently fall behind.
 * Kept apart from schemas.ts (and off the web apps' first page): only the API imports it.
 */
import { z } from 'zod';
import { CONTACT_CANALES, MONEDAS, PROPIEDAD_FILTER, PROPOSITO_FILTER, PROPOSITO_FORM } from './enums';
import type { AgenciaPerfil, AgenciasResponse, MiInmobiliariaResponse } from './agencias';
import { AMUEBLADOS, CONSTRUCCIONES, RESPALDOS } from './attributes';
import { ESTADOS } from './listing-status';
import { MOTIVOS_REPORTE, type BloqueadosResponse, type EventoModeracion, type ModeracionResponse } from './moderation';
import { FRECUENCIAS, type BusquedasResponse, type FavoritosResponse, type SavedSearch } from './saved';
import { filtersSchema } from './schemas';
import { LANDING_ATRIBUTOS, type LandingAtributo, type LugarResponse } from './landing';
import type { MapaResponse } from './search-area';

const LANDING_ATRIBUTO_SLUGS = Object.keys(LANDING_ATRIBUTOS) as [LandingAtributo, ...LandingAtributo[]];
import type { AllAnunciosResponse, Anuncio, ApiErrorBody, ContactoResponse, GeocodeResponse, MisAnunciosResponse, OwnAnuncio, User } from './types';

/** Every refusal: `{error}` in Spanish (some routes add `message`, SPEC §7). */
export const apiErrorSchema = z.object({ error: z.string().optional(), message: z.string().optional() });
export const messageSchema = z.object({ message: z.string() });
export const okSchema = z.object({ ok: z.literal(true) });

const isoDate = z.string().describe('ISO 8601 date and time');
const count = z.number().int().nullable();

export const precioAnteriorSchema = z.object({ price: z.number(), moneda: z.enum(MONEDAS), changedAt: isoDate });

/** A listing as search, detail and the owner's list answer it (types.ts `Anuncio`). */
export const anuncioResponseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  moneda: z.enum(MONEDAS),
  proposito: z.enum(PROPOSITO_FORM),
  propiedad: z.enum(PROPIEDAD_FILTER),
  metros: z.number().nullable(),
  habitaciones: count,
  banos: count,
  nivel: count,
  balcon: z.boolean(),
  patio: z.boolean(),
  piscina: z.boolean(),
  parqueo: z.boolean(),
  name: z.string(),
  apellido: z.string(),
  empresa: z.string(),
  canales: z.array(z.enum(CONTACT_CANALES)),
  place: z.string(),
  region: z.string(),
  locality: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  image_urls: z.array(z.string()),
  /** Issue 45: each photo's size and its card rendition's, in image_urls' order (null: unknown). */
  image_sizes: z
    .array(z.object({ width: z.number().int(), height: z.number().int(), card: z.object({ width: z.number().int(), height: z.number().int() }) }).nullable())
    .optional(),
  /** Issue 42 (attributes.ts): null is unknown. */
  mediosBanos: count.optional(),
  parqueos: count.optional(),
  amueblado: z.enum(AMUEBLADOS).nullable().optional(),
  respaldo: z.enum(RESPALDOS).nullable().optional(),
  cisterna: z.boolean().nullable().optional(),
  gasComun: z.boolean().nullable().optional(),
  ascensor: z.boolean().nullable().optional(),
  seguridad24h: z.boolean().nullable().optional(),
  areaSocial: z.boolean().nullable().optional(),
  mantenimiento: z.number().nullable().optional(),
  mantenimientoMoneda: z.enum(MONEDAS).nullable().optional(),
  anoConstruccion: z.number().int().nullable().optional(),
  construccion: z.enum(CONSTRUCCIONES).nullable().optional(),
  entrega: z.string().nullable().optional(),
  calle: z.string().optional(),
  video: z.string().nullable().optional(),
  tour: z.string().nullable().optional(),
  /** Issue 46: the slug of the agency that advertises it (GET /agencias names it); null = the owner. */
  source: z.string().nullable(),
  createdAt: isoDate.optional(),
  estado: z.enum(ESTADOS).optional(),
  updatedAt: isoDate.optional(),
  expiresAt: isoDate.nullable().optional(),
  precioAnterior: precioAnteriorSchema.nullable().optional(),
});

/** `POST /anuncio/{id}/renovar` says so when the same emailed link renewed it already. */
export const renovadoResponseSchema = anuncioResponseSchema.extend({ yaRenovado: z.literal(true).optional() });
export const ownAnuncioResponseSchema = anuncioResponseSchema.extend({ movil: z.string(), email: z.string() });

export const allAnunciosResponseSchema = z.object({
  anuncios: z.array(anuncioResponseSchema),
  count: z.number().int(),
  countEstimated: z.boolean().optional(),
  placeOptions: z.array(z.string()),
  regionOptions: z.array(z.string()),
  localityOptions: z.array(z.string()),
});

export const misAnunciosResponseSchema = z.object({
  listaDeTodos: z.array(
    anuncioResponseSchema.extend({
      estadisticas: z.object({ vistas: z.number().int(), contactos: z.number().int(), whatsapp: z.number().int() }).optional(),
      porCorregir: z.array(z.string()).optional(),
    }),
  ),
  canitdadDeAnunciosDisponibles: z.number().int(),
  miPlan: z.number().int().optional(),
});

export const contactoResponseSchema = z.object({ movil: z.string(), email: z.string() });

export const userResponseSchema = z.object({
  _id: z.string().optional(),
  name: z.string(),
  apellido: z.string(),
  email: z.string(),
  token: z.string(),
  miPlan: z.number().int().optional(),
  moderador: z.boolean().optional(),
});

export const comprarPlanResponseSchema = z.object({ miPlan: z.number().int(), message: z.string() });

export const savedSearchResponseSchema = z.object({
  _id: z.string(),
  nombre: z.string(),
  filters: filtersSchema,
  frecuencia: z.enum(FRECUENCIAS),
  alertas: z.boolean(),
  createdAt: isoDate,
});
export const busquedasResponseSchema = z.object({ busquedas: z.array(savedSearchResponseSchema) });

export const favoritosResponseSchema = z.object({
  favoritos: z.array(z.object({ anuncioId: z.string(), createdAt: isoDate, anuncio: anuncioResponseSchema.nullable(), disponible: z.literal(false).optional() })),
  avisosPrecio: z.boolean(),
});

const rafaga = z.object({ reportes: z.number().int(), anuncios: z.number().int() });
const EVENTOS = ['en_revision', 'marcado', 'aprobar', 'retirar', 'bloquear', 'desbloquear', 'editado'] as const satisfies readonly EventoModeracion[];
const page = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

export const moderacionResponseSchema = z.object({
  items: z.array(
    z.object({
      anuncio: z.object({ _id: z.string(), title: z.string(), propiedad: z.string(), estado: z.enum(ESTADOS), place: z.string(), createdAt: isoDate }),
      dueno: z.object({ _id: z.string(), email: z.string(), name: z.string(), apellido: z.string(), bloqueado: z.boolean() }).nullable(),
      reportes: z.array(
        z.object({
          id: z.number().int(),
          motivo: z.enum(MOTIVOS_REPORTE),
          comentario: z.string(),
          reportero: z.enum(['usuario', 'visitante']),
          conPeso: z.boolean(),
          red: z.string(),
          createdAt: isoDate,
          resueltoAt: isoDate.nullable(),
        }),
      ),
      reporteros: z.number().int(),
      reporterosConPeso: z.number().int(),
      historial: z.array(z.object({ id: z.number().int(), accion: z.enum(EVENTOS), motivo: z.string(), moderador: z.string().nullable(), createdAt: isoDate })),
      inmuneHasta: isoDate.nullable(),
      rafagaDueno: rafaga.nullable(),
      rafagasRed: z.array(rafaga.extend({ red: z.string() })),
    }),
  ),
  ...page,
});

export const bloqueadosResponseSchema = z.object({
  items: z.array(
    z.object({ _id: z.string(), email: z.string(), name: z.string(), apellido: z.string(), bloqueadoAt: isoDate, motivo: z.string(), telefonos: z.array(z.string()), fotos: z.number().int() }),
  ),
  ...page,
});

export const moderacionAccionResponseSchema = z.object({ ok: z.literal(true), estado: z.enum(ESTADOS) });
export const bloqueoResponseSchema = z.object({ ok: z.literal(true), anuncios: z.number().int() });

export const geocodeResponseSchema = z.object({
  features: z.array(
    z.object({
      id: z.string(),
      place_name: z.string(),
      text: z.string().optional(),
      center: z.tuple([z.number(), z.number()]).describe('[longitude, latitude]'),
      context: z.array(z.object({ id: z.string(), text: z.string() })),
    }),
  ),
});

export const lugarResponseSchema = z.object({
  slug: z.string(),
  nombre: z.string(),
  filtros: z.object({ region: z.string().optional(), place: z.string().optional(), locality: z.string().optional() }),
});

export const sitemapFilesResponseSchema = z.object({ perFile: z.number().int(), files: z.array(z.object({ file: z.number().int(), lastmod: isoDate.nullable() })) });
export const sitemapBlockResponseSchema = z.object({ items: z.array(z.object({ id: z.string(), lastmod: isoDate })) });
export const sitemapLugaresResponseSchema = z.object({
  items: z.array(z.object({ proposito: z.enum(PROPOSITO_FILTER), propiedad: z.string(), lugar: z.string().optional(), atributo: z.enum(LANDING_ATRIBUTO_SLUGS).optional() })),
});

export const healthResponseSchema = z.object({ status: z.literal('ok'), engine: z.enum(['pglite', 'postgres']) });

/** Issue 44: `POST /anuncios/mapa`. */
export const mapaResponseSchema = z.object({
  clusters: z.array(z.object({ lat: z.number(), lng: z.number(), n: z.number().int(), id: z.string().optional() })),
  total: z.number().int(),
  sinUbicacion: z.number().int(),
  celda: z.number(),
});

/** Issue 46: `GET /agencias`, every agency's slug and name (a listing's advertiser). */
export const agenciasResponseSchema = z.object({ agencias: z.array(z.object({ slug: z.string(), nombre: z.string() })) });

/** Issue 46: `GET /agencias/{slug}`, an agency's public profile (its page /inmobiliaria/{slug}), and its members' view. */
export const agenciaPerfilResponseSchema = z.object({
  slug: z.string(),
  nombre: z.string(),
  logo: z.string(),
  telefono: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  direccion: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  descripcion: z.string(),
  rnc: z.string(),
});
export const miInmobiliariaResponseSchema = z.object({
  agencia: agenciaPerfilResponseSchema.nullable(),
  rol: z.enum(['admin', 'agente']).nullable(),
  miembros: z.array(z.object({ _id: z.string(), nombre: z.string(), email: z.string(), rol: z.enum(['admin', 'agente']) })),
  invitaciones: z.array(z.object({ email: z.string(), vence: z.string() })),
});
/** `GET /miInmobiliaria/anuncios`: every listing of the agency, with who published it. */
export const agenciaAnunciosResponseSchema = z.object({
  anuncios: z.array(anuncioResponseSchema.extend({ agente: z.string(), estadisticas: z.object({ vistas: z.number().int(), contactos: z.number().int(), whatsapp: z.number().int() }) })),
});

// Compile-time: each answer schema and its wire type hold the same fields with the same types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Out<S extends z.ZodType> = z.output<S>;
const sameAs = <A, B>(check: Same<A, B>) => check;
sameAs<Out<typeof mapaResponseSchema>, MapaResponse>(true);
sameAs<Out<typeof anuncioResponseSchema>, Anuncio>(true);
sameAs<Out<typeof ownAnuncioResponseSchema>, OwnAnuncio>(true);
sameAs<Out<typeof allAnunciosResponseSchema>, AllAnunciosResponse>(true);
sameAs<Out<typeof misAnunciosResponseSchema>, MisAnunciosResponse>(true);
sameAs<Out<typeof contactoResponseSchema>, ContactoResponse>(true);
sameAs<Out<typeof userResponseSchema>, User>(true);
sameAs<Out<typeof savedSearchResponseSchema>, SavedSearch>(true);
sameAs<Out<typeof busquedasResponseSchema>, BusquedasResponse>(true);
sameAs<Out<typeof favoritosResponseSchema>, FavoritosResponse>(true);
sameAs<Out<typeof moderacionResponseSchema>, ModeracionResponse>(true);
sameAs<Out<typeof bloqueadosResponseSchema>, BloqueadosResponse>(true);
sameAs<Out<typeof geocodeResponseSchema>, GeocodeResponse>(true);
sameAs<Out<typeof lugarResponseSchema>, LugarResponse>(true);
sameAs<Out<typeof apiErrorSchema>, ApiErrorBody>(true);
sameAs<Out<typeof agenciasResponseSchema>, AgenciasResponse>(true);
sameAs<Out<typeof miInmobiliariaResponseSchema>, MiInmobiliariaResponse>(true);
sameAs<Out<typeof agenciaPerfilResponseSchema>, AgenciaPerfil>(true);

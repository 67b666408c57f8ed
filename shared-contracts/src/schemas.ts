/**
 * zod schemas with the SPEC's exact messages, used by the forms and by the API alike.
 * Field names are the wire names of SPEC §7.
 */
import { z } from 'zod';
import { MSG } from './messages';
import { PASSWORD_MAX_LENGTH, NAME_MIN_LENGTH, DO_BBOX, PLAN_COUNTS, MAX_IMAGES } from './constants';
import { CONTACT_CANALES, MONEDAS, PROPIEDAD_FILTER, PROPIEDAD_FORM, PROPOSITO_FILTER, PROPOSITO_FORM } from './enums';
import { passwordError } from './password';
import { OWNER_ESTADOS } from './listing-status';
import { ACCIONES_MODERACION, MOTIVOS_REPORTE, REPORTE_COMENTARIO_MAX } from './moderation';
import { normalizePhone } from './phone';
import { BUSQUEDA_NOMBRE_MAX, FAVORITOS_MAX, FRECUENCIAS } from './saved';
import { ORDEN_DEFAULT, ORDEN_MSG, ORDENES } from './search-order';
import { AREA_MSG, MAPA_ZOOM, readPoligono, readZona } from './search-area';
import { AGENCIA_DESCRIPCION_MAX, AGENCIA_MSG, AGENCIA_NAME_MAX, ANUNCIANTES, MI_INMOBILIARIA_MSG } from './agencias';
import { readTour, readVideo } from './media-embeds';
import {
  AMUEBLADOS,
  ATTR_FIELD_LABELS,
  ATTR_LIMITS,
  ATTR_MSG,
  CONSTRUCCION_CON_ENTREGA,
  CONSTRUCCIONES,
  RESPALDO_FILTER,
  RESPALDOS,
  anoConstruccionMax,
  safeLine,
} from './attributes';

export { normalizePhone, phoneOrAsIs } from './phone';

/**
 * Exactly one address, `local@domain` (issue 19): the local part in RFC 5322's unquoted characters,
 * the domain in dot-separated labels. No comma, semicolon, space, angle bracket, quote or line
 * break can pass, so an address never turns into a list of recipients or a header.
 */
export const SINGLE_EMAIL_RE =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export function isSingleEmail(value: string): boolean {
  return value.length <= 254 && SINGLE_EMAIL_RE.test(value);
}

const text = (max: number) => z.string().max(max, `Máximo ${max} caracteres`);

/** Every email the portal takes (sign-up, login, forgot, confirmation link, a listing's contact). */
export const emailSchema = text(254).trim().toLowerCase().regex(SINGLE_EMAIL_RE, MSG.invalidEmail);

export const passwordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong)
  .superRefine((value, ctx) => {
    const error = passwordError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

export const signupSchema = z.object({
  name: text(80).trim().min(NAME_MIN_LENGTH, MSG.nameMin),
  apellido: text(80).trim().min(NAME_MIN_LENGTH, MSG.apellidoMin),
  email: emailSchema,
  password: passwordSchema,
});
export type SignupBody = z.infer<typeof signupSchema>;

/** The sign-up form adds the repeated password, checked for equality. */
export const signupFormSchema = signupSchema
  .extend({ repeatPassword: z.string() })
  .refine((v) => v.password === v.repeatPassword, { message: MSG.passwordsDidNotMatch, path: ['repeatPassword'] });

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, MSG.invalidCredentials).max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
  /** Issue 22: the visitor's favourites, merged into the account at login. */
  favoritos: z.array(z.string().max(64)).max(FAVORITOS_MAX).optional(),
});
export type LoginBody = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const requestConfirmationSchema = z.object({ email: emailSchema });

const idSchema = text(64).min(1, MSG.invalidOrExpiredLink);
const tokenSchema = text(128).min(1, MSG.invalidOrExpiredLink);

export const resetPasswordSchema = z.object({ id: idSchema, token: tokenSchema, newPassword: passwordSchema });
export const resetPasswordFormSchema = z
  .object({ newPassword: passwordSchema, repeatPassword: z.string() })
  .refine((v) => v.newPassword === v.repeatPassword, { message: MSG.passwordsDidNotMatch, path: ['repeatPassword'] });

export const confirmEmailSchema = z.object({ id: idSchema, token: tokenSchema });

/** `POST /anuncio/{id}/contacto`: which button the visitor pressed. */
export const contactoSchema = z.object({ canal: z.enum(CONTACT_CANALES) }).strict();

export const comprarPlanSchema = z.object({
  canitdadDeAnuncios: z.number().refine((n) => (PLAN_COUNTS as number[]).includes(n), MSG.invalidPlan),
});

const nonNegative = z.coerce.number().finite().min(0, MSG.noNegativos).max(1e12);
/** An amenity a search asks for: only "yes" is a filter (true, 'true', '1', 'si'); anything else is refused. */
const filterFlag = z.preprocess(
  (v) => (v === true || v === 'true' || v === '1' || v === 'si' ? true : v),
  z.literal(true, { error: 'Filtro no válido: solo se puede pedir que lo tenga' }),
);

/**
 * Issue 44: an area of the map (search-area.ts), sent as numbers or as the URL writes it
 * ("18.4,-70,18.5,-69.9"); refused with the reason in Spanish.
 */
const area = <T>(read: (v: unknown) => { error: string } | T, tooLong: string) =>
  z.union([z.string().max(2000, tooLong), z.array(z.number(), { error: tooLong }).max(200, tooLong)], { error: tooLong }).transform((v, ctx) => {
    const found = read(v);
    if (found && typeof found === 'object' && 'error' in found) {
      ctx.addIssue({ code: 'custom', message: found.error });
      return z.NEVER;
    }
    return found as Exclude<T, { error: string }>;
  });

/** SPEC §3 "Filters". Empty, null or missing values are ignored (see cleanFilters). */
export const filtersSchema = z
  .object({
    place: text(120).optional(),
    locality: text(120).optional(),
    region: text(120).optional(),
    proposito: z.enum(PROPOSITO_FILTER).optional(),
    propiedad: z.enum(PROPIEDAD_FILTER).optional(),
    // "at least N rooms" over whole rooms: 2.5 means 3 (a fraction reached the integer column as a 500)
    habitaciones: nonNegative.max(1000).transform(Math.ceil).optional(),
    metrosMin: nonNegative.optional(),
    metrosMax: nonNegative.optional(),
    precioMin: nonNegative.optional(),
    precioMax: nonNegative.optional(),
    moneda: z.enum(MONEDAS).optional(),
    // Issue 42 (attributes.ts): minimums over whole units, exact furniture and construction, a
    // minimum power backup, amenities asked for (true only), the delivery year at the latest, and
    // the maintenance fee at most, in the search's currency (moneda; RD$ without it) as prices are.
    banosMin: nonNegative.max(1000).transform(Math.ceil).optional(),
    parqueosMin: nonNegative.max(1000).transform(Math.ceil).optional(),
    amueblado: z.enum(AMUEBLADOS, { error: ATTR_MSG.valorNoValido(ATTR_FIELD_LABELS.amueblado) }).optional(),
    respaldo: z.enum(RESPALDO_FILTER, { error: ATTR_MSG.valorNoValido(ATTR_FIELD_LABELS.respaldo) }).optional(),
    ascensor: filterFlag.optional(),
    piscina: filterFlag.optional(),
    seguridad24h: filterFlag.optional(),
    construccion: z.enum(CONSTRUCCIONES, { error: ATTR_MSG.valorNoValido(ATTR_FIELD_LABELS.construccion) }).optional(),
    entregaHasta: z.coerce
      .number({ error: ATTR_MSG.entregaHasta })
      .int(ATTR_MSG.entregaHasta)
      .min(ATTR_LIMITS.entregaMin, ATTR_MSG.entregaHasta)
      .max(ATTR_LIMITS.entregaMax, ATTR_MSG.entregaHasta)
      .optional(),
    mantenimientoMax: nonNegative.optional(),
    // Issue 44: the map's box ("Buscar en esta zona") and a drawn area.
    zona: area(readZona, AREA_MSG.zonaInvalida).transform((r) => r.zona).optional(),
    poligono: area(readPoligono, AREA_MSG.poligonoVertices).transform((r) => r.poligono).optional(),
    // Issue 46: an owner's listings only, or agencies' only
    anunciante: z.enum(ANUNCIANTES, { error: AGENCIA_MSG.anuncianteNoValido }).optional(),
  })
  .strict();
export type Filters = z.infer<typeof filtersSchema>;

/** Drops empty strings, null and undefined (SPEC §2 Home: "after dropping empty or null values"). */
export function cleanFilters<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = value;
  }
  return out as Partial<T>;
}

export const allAnunciosSchema = z.object({
  filters: z.preprocess((v) => (v && typeof v === 'object' ? cleanFilters(v as Record<string, unknown>) : {}), filtersSchema),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  /** Issue 42: the results' order (search-order.ts); missing means the SPEC's newest first. */
  orden: z.enum(ORDENES, { error: ORDEN_MSG.ordenInvalido }).default(ORDEN_DEFAULT),
});

/**
 * Issue 44, `POST /anuncios/mapa`: a search's filters (as `/allAnuncios`), the map's view (`vista`,
 * a box as `zona`) and its zoom.
 */
export const mapaSchema = z.object({
  filters: allAnunciosSchema.shape.filters,
  vista: area(readZona, AREA_MSG.zonaInvalida).transform((r) => r.zona),
  zoom: z.coerce.number({ error: 'Zoom no válido' }).int('Zoom no válido').min(MAPA_ZOOM.min, 'Zoom no válido').max(MAPA_ZOOM.max, 'Zoom no válido'),
});

/** Multipart fields arrive as strings: 'true'/'on'/'1' are true, anything else false. */
const boolField = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean());
// Issue 39: a negative is refused with its message (the form used to turn it into 0 silently).
const optionalCount = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : v),
  z.coerce.number().int().min(0, MSG.noNegativos).max(1000).optional(),
);
const optionalArea = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : v),
  z.coerce.number().min(0, MSG.noNegativos).max(1e9).optional(),
);
const requiredString = (max: number, message: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), text(max).trim().min(1, message));

/**
 * Issue 42's optional fields: '' or null is "unknown" (null), a field not sent is undefined (an
 * edit keeps the stored value: a client that does not know the field never erases it).
 */
const unknownWhenEmpty = (v: unknown) => (v === '' || v === null ? null : v);
const optionalInt = (label: string, max: number) =>
  z.preprocess(
    unknownWhenEmpty,
    z.coerce
      .number({ error: ATTR_MSG.numeroEntero(label) })
      .int(ATTR_MSG.numeroEntero(label))
      .min(0, MSG.noNegativos)
      .max(max, ATTR_MSG.maximo(label, max))
      .nullable()
      .optional(),
  );
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(unknownWhenEmpty, z.enum(values, { error: ATTR_MSG.valorNoValido(label) }).nullable().optional());
/** Yes / no / unknown: true, 'true', 'si', '1', 'on' / false, 'false', 'no', '0' / '' or null. */
const triBool = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === true || v === 'true' || v === 'si' || v === '1' || v === 'on') return true;
      if (v === false || v === 'false' || v === 'no' || v === '0') return false;
      return unknownWhenEmpty(v);
    },
    z.boolean({ error: ATTR_MSG.valorNoValido(label) }).nullable().optional(),
  );
const L = ATTR_FIELD_LABELS;

/**
 * Issue 47: a video or tour address, kept in its canonical form when its provider is allowed
 * (media-embeds.js); '' removes it, absent keeps the stored one on an edit.
 */
function mediaField(read: (input: string) => { url: string } | null, message: string) {
  return z.preprocess(
    unknownWhenEmpty,
    z
      .string({ error: message })
      .transform((value, ctx) => {
        const link = read(value);
        if (!link) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return link.url;
      })
      .nullable()
      .optional(),
  );
}

/** The fields of issue 42 (attributes.ts), in the listing's input; their rules across fields are in anuncioSchema. */
export const attributeFields = {
  mediosBanos: optionalInt(L.mediosBanos, ATTR_LIMITS.mediosBanosMax),
  parqueos: optionalInt(L.parqueos, ATTR_LIMITS.parqueosMax),
  amueblado: optionalEnum(AMUEBLADOS, L.amueblado),
  respaldo: optionalEnum(RESPALDOS, L.respaldo),
  cisterna: triBool(L.cisterna),
  gasComun: triBool(L.gasComun),
  ascensor: triBool(L.ascensor),
  seguridad24h: triBool(L.seguridad24h),
  areaSocial: triBool(L.areaSocial),
  mantenimiento: z.preprocess(
    unknownWhenEmpty,
    z.coerce
      .number({ error: ATTR_MSG.valorNoValido(L.mantenimiento) })
      .finite(ATTR_MSG.valorNoValido(L.mantenimiento))
      .min(0, MSG.noNegativos)
      .max(ATTR_LIMITS.mantenimientoMax, ATTR_MSG.maximo(L.mantenimiento, ATTR_LIMITS.mantenimientoMax))
      .nullable()
      .optional(),
  ),
  /** The fee's currency; without it, the listing's (moneda). */
  mantenimientoMoneda: optionalEnum(MONEDAS, L.mantenimientoMoneda),
  anoConstruccion: z.preprocess(
    unknownWhenEmpty,
    z.coerce
      .number({ error: ATTR_MSG.anoConstruccion(anoConstruccionMax()) })
      .int(ATTR_MSG.anoConstruccion(anoConstruccionMax()))
      .nullable()
      .optional()
      .superRefine((year, ctx) => {
        const max = anoConstruccionMax();
        if (year != null && (year < ATTR_LIMITS.anoMin || year > max)) ctx.addIssue({ code: 'custom', message: ATTR_MSG.anoConstruccion(max) });
      }),
  ),
  construccion: optionalEnum(CONSTRUCCIONES, L.construccion),
  /** Expected delivery, 'YYYY-MM' (only for planos and construccion). */
  entrega: z.preprocess(
    unknownWhenEmpty,
    z
      .string({ error: ATTR_MSG.entregaFormato })
      .trim()
      .regex(/^(\d{4})-(0[1-9]|1[0-2])$/, ATTR_MSG.entregaFormato)
      .refine((v) => Number(v.slice(0, 4)) >= ATTR_LIMITS.entregaMin && Number(v.slice(0, 4)) <= ATTR_LIMITS.entregaMax, ATTR_MSG.entregaFormato)
      .nullable()
      .optional(),
  ),
  /** Street and building ("Calle Gustavo Mejía Ricart, Torre Aurora"): one plain line. */
  calle: z.preprocess(
    (v) => (typeof v === 'string' ? safeLine(v) : v === null ? '' : v),
    text(ATTR_LIMITS.calleMax).optional(),
  ),
  /** Issue 47: a YouTube video and a Matterport or Kuula tour, embedded on the detail after a tap. */
  video: mediaField(readVideo, ATTR_MSG.videoNoValido),
  tour: mediaField(readTour, ATTR_MSG.tourNoValido),
};

/** The add-listing form and `POST /anuncio` (SPEC §5 "Add listing", §7). */
export const anuncioFieldsSchema = z.object({
  proposito: z.enum(PROPOSITO_FORM).default('venta'),
  propiedad: z.enum(PROPIEDAD_FORM).default('Casa'),
  // Issue 39: a listing without a title or a price showed an empty card, "RD$ 0" and an empty
  // WhatsApp message; both are required on publish and edit alike.
  title: requiredString(140, MSG.tituloRequerido),
  moneda: z.enum(MONEDAS).default('RD'),
  price: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    z.coerce
      .number({ error: MSG.precioRequerido })
      .finite(MSG.precioRequerido)
      .min(0, MSG.noNegativos)
      .positive(MSG.precioMayorQueCero)
      .max(1e12),
  ),
  metros: optionalArea,
  habitaciones: optionalCount,
  banos: optionalCount,
  nivel: optionalCount,
  balcon: boolField.default(false),
  patio: boolField.default(false),
  piscina: boolField.default(false),
  parqueo: boolField.default(false),
  description: requiredString(5000, MSG.descripcionRequerido),
  name: requiredString(80, MSG.nombreRequerido),
  apellido: requiredString(80, MSG.apellidoRequerido),
  // a Dominican (NANP) number, stored in E.164 (issue 21)
  movil: requiredString(30, MSG.celularRequerido).transform((value, ctx) => {
    const e164 = normalizePhone(value);
    if (e164) return e164;
    ctx.addIssue({ code: 'custom', message: MSG.celularInvalido });
    return z.NEVER;
  }),
  email: emailSchema,
  empresa: text(120).trim().default(''),
  place: text(120).trim().default(''),
  region: text(120).trim().default(''),
  locality: text(120).trim().default(''),
  address: requiredString(300, MSG.direccionRequerido),
  latitude: z.coerce.number({ error: MSG.direccionRequerido }).min(DO_BBOX.latMin, MSG.addressOutsideDR).max(DO_BBOX.latMax, MSG.addressOutsideDR),
  longitude: z.coerce.number({ error: MSG.direccionRequerido }).min(DO_BBOX.lngMin, MSG.addressOutsideDR).max(DO_BBOX.lngMax, MSG.addressOutsideDR),
  ...attributeFields,
});

/** A delivery date belongs to a project in planos or construccion (issue 42). */
export function entregaIssue(v: { construccion?: string | null; entrega?: string | null }): string | null {
  if (v.entrega && !(CONSTRUCCION_CON_ENTREGA as readonly (string | null | undefined)[]).includes(v.construccion)) return ATTR_MSG.entregaSinProyecto;
  return null;
}

export const anuncioSchema = anuncioFieldsSchema.superRefine((v, ctx) => {
  const issue = entregaIssue(v);
  if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['entrega'] });
});
export type AnuncioInput = z.infer<typeof anuncioSchema>;

/**
 * What an owner must fix before a stored listing can be saved again (issue 39): the messages the
 * edit form would show for its values, each once. Listings stored before a rule existed (a price of
 * 0, an empty title) are listed for their owner, never changed to fit.
 */
export function listingCorrections(values: Record<string, unknown>): string[] {
  const result = anuncioSchema.safeParse(values);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}

/** First issue's message: what the API answers as `{error}` and what a form shows. */
export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? MSG.invalidInput;
}

/** `POST /anuncio/{id}/estado` (issue 20). */
export const estadoSchema = z.object({ estado: z.enum(OWNER_ESTADOS) });

/** `POST /anuncio/{id}/renovar`: the emailed token renews without a session. */
export const renovarSchema = z.object({ token: tokenSchema.optional() });

/**
 * `PUT /anuncio/{id}`'s `fotos` field (JSON): the photos in their new order, each either the
 * storage key of a kept photo or `nueva:N`, the N-th uploaded file. The first is the cover.
 */
export const NEW_PHOTO_PREFIX = 'nueva:';
export const fotosOrderSchema = z
  .array(text(120).regex(/^(nueva:\d{1,2}|[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(webp|jpg|png))$/, MSG.invalidInput))
  .max(MAX_IMAGES, MSG.tooManyImages)
  .refine((list) => new Set(list).size === list.length, MSG.invalidInput);

/** `POST /anuncio/{id}/reportes` (issue 23): a reason and an optional comment. */
export const reporteSchema = z
  .object({
    motivo: z.enum(MOTIVOS_REPORTE, { error: MSG.motivoRequerido }),
    comentario: text(REPORTE_COMENTARIO_MAX).trim().optional().default(''),
  })
  .strict();

const motivoModeracion = text(500).trim().min(1, MSG.motivoModeracionRequerido);
/** `POST /moderacion/anuncios/{id}`: approve or withdraw, always with the reason. */
export const moderacionAccionSchema = z.object({ accion: z.enum(ACCIONES_MODERACION), motivo: motivoModeracion }).strict();
/** `POST /moderacion/usuarios/{id}/bloquear`; `anuncioId` names the listing the moderator acted from (its history shows the block). */
export const bloqueoSchema = z.object({ motivo: motivoModeracion, anuncioId: text(64).optional() }).strict();
/** `POST /moderacion/usuarios/{id}/desbloquear` (issue 40). */
export const desbloqueoSchema = z.object({ motivo: motivoModeracion }).strict();
/** `?page=` of the moderators' lists (issue 40): 0-based, the first page when absent. */
export const moderacionPageSchema = z.object({ page: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(0, MSG.invalidInput).max(100_000, MSG.invalidInput).default(0) });

/** Issue 22: `POST /busquedas`, filters exactly as `POST /allAnuncios` takes them. */
const nombreSchema = z.string().trim().min(1, 'El nombre es requerido').max(BUSQUEDA_NOMBRE_MAX, `Máximo ${BUSQUEDA_NOMBRE_MAX} caracteres`);
const frecuenciaSchema = z.enum(FRECUENCIAS, { message: 'Frecuencia no válida: instantaneo, diario o semanal' });
export const busquedaCreateSchema = z.object({
  nombre: nombreSchema.optional(),
  filters: allAnunciosSchema.shape.filters,
  frecuencia: frecuenciaSchema,
});
export type BusquedaCreateBody = { nombre?: string; filters: Filters; frecuencia: z.infer<typeof frecuenciaSchema> };
/** `PATCH /busquedas/{id}`: choosing a frequency turns the alerts back on after an unsubscribe. */
export const busquedaPatchSchema = z
  .object({ nombre: nombreSchema.optional(), frecuencia: frecuenciaSchema.optional() })
  .refine((v) => v.nombre !== undefined || v.frecuencia !== undefined, { message: 'Nada que cambiar' });
export type BusquedaPatchBody = z.infer<typeof busquedaPatchSchema>;
/** `PATCH /favoritos` (issue 39): the price-drop emails of the account's favourites on or off. */
export const favoritosPatchSchema = z.object({ avisosPrecio: z.boolean() }).strict();

/** A Dominican phone in E.164, or '' when left empty (issue 46's agency profile). */
const optionalPhone = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    text(30)
      .trim()
      .transform((value, ctx) => {
        if (!value) return '';
        const e164 = normalizePhone(value);
        if (e164) return e164;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }),
  );

/**
 * Issue 46: `POST /miInmobiliaria` (create) and `PUT /miInmobiliaria` (the administrator edits):
 * the agency's profile. The RNC is kept as given (one plain line); the logo is an http(s) URL or
 * empty; the office is an address with its point on the map, inside the country.
 */
export const agenciaPerfilSchema = z
  .object({
    nombre: z.preprocess(
      (v) => (typeof v === 'string' ? safeLine(v) : v),
      z.string({ error: AGENCIA_MSG.nombreRequerido }).min(1, AGENCIA_MSG.nombreRequerido).max(AGENCIA_NAME_MAX, AGENCIA_MSG.nombreLargo),
    ),
    logo: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      text(500)
        .trim()
        .refine((v) => v === '' || /^https?:\/\/[^\s"'<>]+$/i.test(v), MI_INMOBILIARIA_MSG.logoNoValido),
    ),
    telefono: optionalPhone(MI_INMOBILIARIA_MSG.telefonoNoValido),
    whatsapp: optionalPhone(MI_INMOBILIARIA_MSG.whatsappNoValido),
    email: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.union([z.literal(''), emailSchema])),
    direccion: z.preprocess((v) => (typeof v === 'string' ? safeLine(v) : v ?? ''), text(300).min(1, MI_INMOBILIARIA_MSG.direccionRequerida)),
    latitude: z.coerce.number({ error: MI_INMOBILIARIA_MSG.direccionRequerida }).min(DO_BBOX.latMin, MSG.addressOutsideDR).max(DO_BBOX.latMax, MSG.addressOutsideDR),
    longitude: z.coerce.number({ error: MI_INMOBILIARIA_MSG.direccionRequerida }).min(DO_BBOX.lngMin, MSG.addressOutsideDR).max(DO_BBOX.lngMax, MSG.addressOutsideDR),
    descripcion: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(AGENCIA_DESCRIPCION_MAX, MI_INMOBILIARIA_MSG.descripcionLarga)),
    rnc: z.preprocess((v) => (typeof v === 'string' ? safeLine(v) : v ?? ''), z.string().max(30, MI_INMOBILIARIA_MSG.rncLargo)),
  })
  .strict();
export type AgenciaPerfilBody = z.output<typeof agenciaPerfilSchema>;
/** `POST /miInmobiliaria/invitaciones`. */
export const agenciaInvitarSchema = z.object({ email: emailSchema }).strict();
/** `POST /miInmobiliaria/aceptar`: the emailed link's token. */
export const agenciaAceptarSchema = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/, MI_INMOBILIARIA_MSG.invitacionNoValida) }).strict();

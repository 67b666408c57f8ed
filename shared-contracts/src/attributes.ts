/**
 * The listing attributes of issue 42 ("search the way Dominicans search"): half bathrooms, parking
 * spaces, furniture, power backup, building amenities, the maintenance fee, the year built, new
 * construction with its delivery, and the street line. Each enumeration with the words the screens
 * show, once. A `null` is "unknown": listings published before these fields existed, and partner
 * feeds that do not say, never get an invented value (docs/decisions/0028-listing-attributes.md).
 */

/** Amueblado: furnished, semi-furnished, unfurnished. */
export const AMUEBLADOS = ['si', 'semi', 'no'] as const;
export type Amueblado = (typeof AMUEBLADOS)[number];
export const AMUEBLADO_LABELS: Record<Amueblado, string> = { si: 'Amueblado', semi: 'Semiamueblado', no: 'Sin amueblar' };

/** Power backup (planta eléctrica full, inversor, none). */
export const RESPALDOS = ['planta', 'inversor', 'ninguno'] as const;
export type Respaldo = (typeof RESPALDOS)[number];
export const RESPALDO_LABELS: Record<Respaldo, string> = { planta: 'Planta eléctrica full', inversor: 'Inversor', ninguno: 'Ninguno' };
/**
 * The search filter asks for a minimum backup: `inversor` lists inverters and full power plants
 * (a plant is more than an inverter), `planta` only full plants. "Ninguno" is not a filter.
 */
export const RESPALDO_FILTER = ['inversor', 'planta'] as const;
export type RespaldoFilter = (typeof RESPALDO_FILTER)[number];
export const RESPALDO_FILTER_LABELS: Record<RespaldoFilter, string> = { inversor: 'Inversor o planta', planta: 'Planta eléctrica full' };
/** The rank the filter compares (search table column `respaldo`): ninguno < inversor < planta. */
export const RESPALDO_RANK: Record<Respaldo, number> = { ninguno: 0, inversor: 1, planta: 2 };

/** New construction (proyectos): on plans, under construction, ready. */
export const CONSTRUCCIONES = ['planos', 'construccion', 'listo'] as const;
export type Construccion = (typeof CONSTRUCCIONES)[number];
export const CONSTRUCCION_LABELS: Record<Construccion, string> = { planos: 'En planos', construccion: 'En construcción', listo: 'Listo' };
/** The rank the search table holds (`construccion` column). */
export const CONSTRUCCION_RANK: Record<Construccion, number> = { planos: 1, construccion: 2, listo: 3 };
/** A delivery date (`entrega`, 'YYYY-MM') belongs only to a project not yet built. */
export const CONSTRUCCION_CON_ENTREGA: readonly Construccion[] = ['planos', 'construccion'];

/** The yes/no/unknown building amenities, in the order the screens list them. */
export const AMENIDADES = ['cisterna', 'gasComun', 'ascensor', 'seguridad24h', 'areaSocial'] as const;
export type Amenidad = (typeof AMENIDADES)[number];
export const AMENIDAD_LABELS: Record<Amenidad, string> = {
  cisterna: 'Cisterna',
  gasComun: 'Gas común',
  ascensor: 'Ascensor',
  seguridad24h: 'Seguridad 24 horas',
  areaSocial: 'Gimnasio o área social',
};

/** Limits of the new fields (the form's inputs and the API's checks). */
export const ATTR_LIMITS = {
  mediosBanosMax: 10,
  parqueosMax: 1000,
  mantenimientoMax: 1e9,
  anoMin: 1800,
  /** The year built may be up to this many years ahead of today (a project's planned year). */
  anoFuturo: 10,
  entregaMin: 2000,
  entregaMax: 2100,
  calleMax: 120,
} as const;

/** Labels of the new fields for forms, detail and the search panel. */
export const ATTR_FIELD_LABELS = {
  mediosBanos: 'Medios baños',
  parqueos: 'Parqueos',
  amueblado: 'Amueblado',
  respaldo: 'Respaldo eléctrico',
  piscina: 'Piscina',
  mantenimiento: 'Mantenimiento mensual',
  mantenimientoMoneda: 'Moneda del mantenimiento',
  anoConstruccion: 'Año de construcción',
  construccion: 'Estado de la obra',
  entrega: 'Entrega',
  calle: 'Calle y edificio',
  video: 'Video (YouTube)',
  tour: 'Recorrido virtual (Matterport o Kuula)',
  // search panel
  banosMin: 'Baños (mínimo)',
  parqueosMin: 'Parqueos (mínimo)',
  entregaHasta: 'Entrega hasta (año)',
  mantenimientoMax: 'Mantenimiento máximo',
  ...AMENIDAD_LABELS,
} as const;

/** The API's and the forms' messages for bad values of these fields. */
export const ATTR_MSG = {
  valorNoValido: (campo: string) => `${campo}: valor no válido`,
  numeroEntero: (campo: string) => `${campo} debe ser un número entero`,
  maximo: (campo: string, max: number) => `${campo}: máximo ${max}`,
  anoConstruccion: (max: number) => `El año de construcción debe estar entre ${ATTR_LIMITS.anoMin} y ${max}`,
  entregaFormato: 'La entrega debe ser un mes (AAAA-MM), por ejemplo 2027-06',
  entregaSinProyecto: 'La fecha de entrega solo aplica a proyectos en planos o en construcción',
  entregaHasta: `El año de entrega debe estar entre ${ATTR_LIMITS.entregaMin} y ${ATTR_LIMITS.entregaMax}`,
  videoNoValido: 'Video no válido: pega el enlace del video en YouTube (youtube.com o youtu.be)',
  tourNoValido: 'Recorrido virtual no válido: se aceptan enlaces de Matterport (my.matterport.com/show/?m=…) o Kuula (kuula.co/share/…)',
} as const;

/** The latest year built the API accepts today. */
export function anoConstruccionMax(now = new Date()): number {
  return now.getUTCFullYear() + ATTR_LIMITS.anoFuturo;
}

/**
 * Characters a short display line never needs and an attacker can use: control characters
 * (line breaks in an email header or a log), bidirectional overrides (text that reads other
 * than it is stored) and zero-width marks. Removed; spaces collapsed.
 */
const UNSAFE_LINE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
export function safeLine(value: string): string {
  return value.replace(UNSAFE_LINE_CHARS, ' ').replace(/\s+/g, ' ').trim();
}

/** 'YYYY-MM' -> the integer YYYYMM the search table holds (null for anything else). */
export function entregaMonth(entrega: string | null | undefined): number | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(entrega ?? '');
  return m ? Number(m[1]) * 100 + Number(m[2]) : null;
}

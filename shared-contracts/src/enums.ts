/** Domain enumerations of SPEC §3 "Enumerations", spelled as the SPEC spells them. */

export const PROPOSITO_FORM = ['venta', 'alquiler', 'construir'] as const;
/** The search filter offers only venta and alquiler. */
export const PROPOSITO_FILTER = ['venta', 'alquiler'] as const;
export type Proposito = (typeof PROPOSITO_FORM)[number];

export const PROPIEDAD_FORM = [
  'Casa',
  'Apartamento',
  'Villa',
  'Solar',
  'Terreno',
  'Penthouse',
  'Finca',
  'Lofts',
  'Estudios',
  'Oficina',
  'Hotel',
  'Townhouse',
  'Otro',
  'Naves',
  'Locales',
] as const;
/** The search filter list: the form list plus five types only partner feeds use. */
export const PROPIEDAD_FILTER = [
  ...PROPIEDAD_FORM,
  'Turistico',
  'Estacion de Combustible',
  'Proyecto',
  'Negocio',
  'Edificio',
] as const;
export type Propiedad = (typeof PROPIEDAD_FILTER)[number];

/**
 * The ways a visitor reaches a seller (issue 19): the answers list and detail name the ones a listing
 * has, and `POST /anuncio/{id}/contacto` gives the phone and email only when one is pressed.
 */
export const CONTACT_CANALES = ['telefono', 'email', 'whatsapp'] as const;
export type ContactCanal = (typeof CONTACT_CANALES)[number];

export const MONEDAS = ['RD', 'US'] as const;
export type Moneda = (typeof MONEDAS)[number];

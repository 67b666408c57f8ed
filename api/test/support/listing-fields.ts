/**
 * The text parts of a valid POST /anuncio (multipart, so every value is a string), for suites
 * that need a listing published but test something else (access control, crashes).
 */
export const LISTING_FIELDS: Readonly<Record<string, string>> = {
  proposito: 'venta',
  propiedad: 'Casa',
  title: 'Casa en Gazcue',
  moneda: 'RD',
  price: '5000000',
  description: 'Casa amplia.',
  name: 'Rosa',
  apellido: 'Mejía',
  movil: '8095550000',
  email: 'rosa@example.com',
  address: 'Calle Doctor Delgado 10, Gazcue',
  latitude: '18.4655',
  longitude: '-69.9004',
};

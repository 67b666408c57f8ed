/**
 * Every user-facing text the SPEC quotes, in one place. The API and the apps import these;
 * a SPEC string must not be typed anywhere else.
 */
export const MSG = {
  // Validation (SPEC §5)
  nameMin: 'Name must have at least 2 letters',
  apellidoMin: 'Apellido must have at least 2 letters',
  invalidEmail: 'Invalid email',
  minAge: 'You must be at least 18 to register',
  passwordsDidNotMatch: 'Passwords did not match',
  nombreRequerido: 'Nombre es requerido',
  apellidoRequerido: 'Apellido es requerido',
  precioRequerido: 'Precio es requerido',
  descripcionRequerido: 'Descripció es requerido',
  celularRequerido: 'Celular es requerido',
  direccionRequerido: 'Dirección es requerido',
  mustBeLoggedIn: 'You must be logged in',
  passwordTooLong: 'La contraseña no puede tener más de 128 caracteres',
  // Password checklist labels
  incluyeNumero: 'Incluye Numero',
  incluyeMinuscula: 'Incluye letra minuscula',
  incluyeMayuscula: 'Incluye letra mayuscula',
  incluyeSimbolo: 'Incluye simbolo',
  incluyeOchoCaracteres: 'Incluye por lo menos 8 caracteres',
  // Account screens
  confirmEmailFirst: 'Please confirm your email address first',
  noTienesLink: 'No tienes el link para confirmar tu Email?',
  registroExitoso: 'Registro Exitoso',
  revisarCorreo: 'Por favor, revisar su correo y dar click en el link enviado!',
  resetLinkSent: 'The reset link has been sent to your email address',
  passwordChanged: 'La contraseña ha sido cambiado con exito!!',
  pleaseClickToConfirm: 'Please click this to confirm your email address.',
  emailConfirmed: 'Your Email has been confirmed. Please login again.',
  confirmLinkLabel: 'Enviaremos un link de confrimación a su email',
  confirmLinkSent: 'The link has been sent to your email address',
  backToLogin: 'Back to Login',
  // Plans
  compraExitosa: 'Has comprado con exito!!',
  proximamente: 'Proximamente',
  eligeTuPlan: 'Elige tu plan',
  // Listings
  regresaPaginaPrincipal: 'Por Favor, regresa a la pagina principal',
  algoNoEstaBien: 'Algo no esta bien',
  buscaTuDireccion: 'Busca tu dirección en el mapa',
  geocoderError: 'There was an error reaching the server',
  noResults: 'No results found',
  masInformacion: 'Más Información',
  fallbackLocation: 'República Dominicana',
  unexpectedError: 'Unexpected Application Error!',
  /** The error screen's message for an address that is no page (served with status 404). */
  pageNotFound: '404 Not Found',
  /** The site server's page when the API does not answer (status 503). */
  servicioNoDisponible: 'El portal no está disponible en este momento. Intenta de nuevo en unos minutos.',
  // Server-side errors (API)
  emailTaken: 'Ya existe una cuenta con ese email',
  invalidCredentials: 'Email o contraseña incorrectos',
  invalidOrExpiredLink: 'El link no es válido o ha expirado',
  unauthorized: 'Unauthorized',
  quotaReached: 'Has alcanzado el límite de anuncios de tu plan. Elige un plan para publicar más.',
  paidPlanUnavailable: 'Este plan aún no está disponible. Próximamente.',
  invalidPlan: 'Plan no válido',
  notFound: 'Anuncio no encontrado',
  forbiddenDelete: 'Solo el dueño puede borrar este anuncio',
  tooManyRequests: 'Demasiados intentos. Intenta de nuevo más tarde.',
  serverError: 'Ocurrió un error en el servidor. Intenta de nuevo.',
  busy: 'Hay muchas búsquedas en este momento. Intenta de nuevo en unos segundos.',
  invalidInput: 'Datos no válidos',
  invalidImage: 'Solo se aceptan imágenes PNG o JPEG',
  tooManyImages: 'Máximo 30 imágenes por anuncio',
  addressOutsideDR: 'La dirección debe estar en la República Dominicana',
  imageTooLarge: 'La imagen es demasiado grande (máximo 40 megapíxeles y 10 MB)',
  photoNotFound: 'Foto no encontrada',
  // Owners manage their listings (issue 20)
  forbiddenEdit: 'Solo el dueño puede cambiar este anuncio',
  estadoNoPermitido: 'Este cambio de estado no es posible para este anuncio',
  renovacionNoPermitida: 'Solo se pueden renovar anuncios activos o vencidos',
  anuncioRenovado: 'Tu anuncio fue renovado y vuelve a estar activo.',
  renovandoAnuncio: 'Renovando tu anuncio…',
  bajoDePrecio: 'Bajó de precio',
  editarAnuncio: 'Editar anuncio',
  // Listing card, detail and home buttons (SPEC §2)
  informacion: 'Información',
  contacto: 'Contacto',
  emailBoton: 'Email',
  empresa: 'Empresa:',
  buscar: 'Buscar',
  verMapa: 'Ver Mapa',
  verLista: 'Ver Lista',
  // UI, remote failure
  remoteUnavailable: 'Esta sección no está disponible en este momento.',
  reintentar: 'Reintentar',
} as const;

export type MessageKey = keyof typeof MSG;

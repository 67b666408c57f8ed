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
  /** Issue 39: a price of 0 is no price (the card showed "RD$ 0"). */
  precioMayorQueCero: 'El precio debe ser mayor que 0',
  /** Issue 39: the SPEC quotes no message for the title; this follows its pattern. */
  tituloRequerido: 'Título es requerido',
  /** Issue 39: typed negatives are refused with this, never turned into 0. */
  noNegativos: 'No se permiten números negativos',
  descripcionRequerido: 'Descripció es requerido',
  celularRequerido: 'Celular es requerido',
  celularInvalido: 'Celular no válido',
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
  // A one-time link opened again (issue 39): said as done, not as an error
  emailYaConfirmado: 'Tu email ya estaba confirmado. Ya puedes iniciar sesión.',
  enlaceResetUsado: 'Ya usaste este enlace: tu contraseña fue cambiada con él. Si quieres cambiarla otra vez, pide un enlace nuevo.',
  anuncioYaRenovado: 'Ya usaste este enlace: tu anuncio fue renovado y está activo.',
  unauthorized: 'Unauthorized',
  quotaReached: 'Has alcanzado el límite de anuncios de tu plan. Elige un plan para publicar más.',
  paidPlanUnavailable: 'Este plan aún no está disponible. Próximamente.',
  invalidPlan: 'Plan no válido',
  notFound: 'Anuncio no encontrado',
  forbiddenDelete: 'Solo el dueño puede borrar este anuncio',
  tooManyRequests: 'Demasiados intentos. Intenta de nuevo más tarde.',
  serverError: 'Ocurrió un error en el servidor. Intenta de nuevo.',
  /** Issue 47: the user cancelled the upload of a listing; nothing was saved, the form is kept. */
  subidaCancelada: 'Cancelaste la subida: el anuncio no se guardó. El formulario y las fotos siguen aquí para intentarlo de nuevo.',
  busy: 'Hay muchas búsquedas en este momento. Intenta de nuevo en unos segundos.',
  invalidInput: 'Datos no válidos',
  invalidImage: 'Solo se aceptan imágenes PNG o JPEG',
  /** Issue 39: the photo picker read a file's first bytes and they are no PNG or JPEG, whatever its name says. */
  archivoNoEsImagen: 'El archivo no es una imagen PNG o JPEG',
  tooManyImages: 'Máximo 30 imágenes por anuncio',
  addressOutsideDR: 'La dirección debe estar en la República Dominicana',
  imageTooLarge: 'La imagen es demasiado grande (máximo 40 megapíxeles y 10 MB)',
  /** Issue 40: a second publish or edit while one of the same user is still uploading. */
  subidaEnCurso: 'Ya se está subiendo otro anuncio tuyo. Espera a que termine e intenta de nuevo.',
  /** Issue 39: My listings, above what an owner must fix before the listing can be saved again. */
  corregirAnuncio: 'Corrige este anuncio:',
  corregirAhora: 'Corregir ahora',
  photoNotFound: 'Foto no encontrada',
  // Owners manage their listings (issue 20)
  forbiddenEdit: 'Solo el dueño puede cambiar este anuncio',
  estadoNoPermitido: 'Este cambio de estado no es posible para este anuncio',
  renovacionNoPermitida: 'Solo se pueden renovar anuncios activos o vencidos',
  anuncioRenovado: 'Tu anuncio fue renovado y vuelve a estar activo.',
  renovandoAnuncio: 'Renovando tu anuncio…',
  bajoDePrecio: 'Bajó de precio',
  editarAnuncio: 'Editar anuncio',
  // Reports and moderation (issue 23)
  reportarAnuncio: 'Reportar anuncio',
  reporteGracias: 'Gracias, revisaremos este anuncio',
  reporteRepetido: 'Ya reportaste este anuncio hoy. Gracias, lo estamos revisando.',
  reportePropio: 'No puedes reportar tu propio anuncio',
  motivoRequerido: 'Elige un motivo',
  motivoModeracionRequerido: 'Escribe el motivo de la decisión',
  soloModeradores: 'Solo los moderadores pueden hacer esto',
  cuentaBloqueada: 'Tu cuenta fue bloqueada por incumplir las normas de InmueblesRD. Si crees que es un error, escríbenos a nuestro correo de contacto.',
  anuncioModerado: 'Este anuncio fue retirado por moderación y no se puede cambiar',
  accionNoPermitida: 'Esta acción no es posible para este anuncio',
  moderadorNoBloqueable: 'No se puede bloquear a un moderador',
  usuarioNoBloqueado: 'Este usuario no está bloqueado',
  // Abuse review (issue 40)
  busquedasPorCliente: 'Demasiadas búsquedas seguidas desde tu conexión. Espera un momento y vuelve a intentarlo.',
  contactoVendido: 'Este anuncio ya se vendió: los datos de contacto del anunciante ya no se muestran.',
  contactoAlquilado: 'Este anuncio ya se alquiló: los datos de contacto del anunciante ya no se muestran.',
  // Listing card, detail and home buttons (SPEC §2)
  informacion: 'Información',
  contacto: 'Contacto',
  emailBoton: 'Email',
  empresa: 'Empresa:',
  // WhatsApp, sharing and seller statistics (issue 21)
  whatsapp: 'WhatsApp',
  compartir: 'Compartir',
  compartirWhatsapp: 'Compartir por WhatsApp',
  enlaceCopiado: 'Enlace copiado',
  enlaceNoCopiado: 'No se pudo copiar el enlace',
  estadisticasTotal: 'Total de tus anuncios:',
  buscar: 'Buscar',
  verMapa: 'Ver Mapa',
  verLista: 'Ver Lista',
  // UI, remote failure
  remoteUnavailable: 'Esta sección no está disponible en este momento.',
  reintentar: 'Reintentar',
} as const;

export type MessageKey = keyof typeof MSG;

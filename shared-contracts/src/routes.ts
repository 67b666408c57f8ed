/** Route paths of SPEC §2, one place for the shell, the remotes and the API's email links. */
export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgotPassword',
  resetPassword: '/resetPassword/:id/:token',
  confirmEmail: '/confirmEmail/:id/:token',
  requestEmailConfirmation: '/requestEmailConfirmation',
  comprarPlan: '/comprarPlanPage',
  anuncioDetail: '/anuncioDetailedView/:anuncioId',
  misAnuncios: '/misAnuncios',
  agregarAnuncio: '/agregarAnuncio',
  editarAnuncio: '/editarAnuncio/:anuncioId',
  renovarAnuncio: '/renovarAnuncio/:anuncioId/:token',
  /** Issue 23: the moderators' queue (moderators only). */
  moderacion: '/moderacion',
  /** Landing pages (landing.ts): /venta, /venta/apartamento, /venta/apartamento/piantini. */
  landingVenta: '/venta/*',
  landingAlquiler: '/alquiler/*',
  /** Issue 22: favourites, saved searches and the alert emails' unsubscribe link. */
  favoritos: '/favoritos',
  misBusquedas: '/misBusquedas',
  bajaAlertas: '/bajaAlertas/:busquedaId/:token',
} as const;

export const anuncioPath = (anuncioId: string) => `/anuncioDetailedView/${encodeURIComponent(anuncioId)}`;
export const resetPasswordPath = (id: string, token: string) => `/resetPassword/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
export const confirmEmailPath = (id: string, token: string) => `/confirmEmail/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
export const editarAnuncioPath = (anuncioId: string) => `/editarAnuncio/${encodeURIComponent(anuncioId)}`;
export const renovarAnuncioPath = (anuncioId: string, token: string) => `/renovarAnuncio/${encodeURIComponent(anuncioId)}/${encodeURIComponent(token)}`;
/** The storage key at the end of a photo URL (`…/photos/{key}`), as `PUT /anuncio/{id}` names kept photos. */
export const photoKeyOfUrl = (url: string) => decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
export const bajaAlertasPath = (busquedaId: string, token: string) => `/bajaAlertas/${encodeURIComponent(busquedaId)}/${encodeURIComponent(token)}`;
/**
 * Where a login returns to: `?next=` when it is a path of this site ("/…", never "//host" or a
 * full URL), else home (issue 22: "Guardar búsqueda" sends a visitor to log in and back).
 */
export function nextAfterLogin(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : ROUTES.home;
}

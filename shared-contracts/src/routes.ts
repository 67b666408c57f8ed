import { PAGES, type PageId } from './page-manifest';

/**
 * Route paths of SPEC §2 by page id, one place for the shell, the remotes and the API's email
 * links: read from the page manifest (page-manifest.js), where each page's comments are.
 */
export const ROUTES = Object.fromEntries(PAGES.map((page) => [page.id, page.path])) as Readonly<Record<PageId, string>>;

export const anuncioPath = (anuncioId: string) => `/anuncioDetailedView/${encodeURIComponent(anuncioId)}`;
export const resetPasswordPath = (id: string, token: string) => `/resetPassword/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
export const confirmEmailPath = (id: string, token: string) => `/confirmEmail/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
export const editarAnuncioPath = (anuncioId: string) => `/editarAnuncio/${encodeURIComponent(anuncioId)}`;
export const renovarAnuncioPath = (anuncioId: string, token: string) => `/renovarAnuncio/${encodeURIComponent(anuncioId)}/${encodeURIComponent(token)}`;
/** Issue 46: the emailed link that makes an account an agent of an agency (mf-account's accept page). */
export const aceptarInvitacionPath = (token: string) => `/aceptarInvitacion/${encodeURIComponent(token)}`;
/** The storage key at the end of a photo URL (`…/photos/{key}`), as `PUT /anuncio/{id}` names kept photos. */
export const photoKeyOfUrl = (url: string) => decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
export const bajaAlertasPath = (busquedaId: string, token: string) => `/bajaAlertas/${encodeURIComponent(busquedaId)}/${encodeURIComponent(token)}`;
export const bajaAvisosPrecioPath = (userId: string, token: string) => `/bajaAvisosPrecio/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`;
/**
 * Where a login returns to: `?next=` when it is a path of this site ("/…", never "//host" or a
 * full URL), else home (issue 22: "Guardar búsqueda" sends a visitor to log in and back).
 */
export function nextAfterLogin(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : ROUTES.home;
}

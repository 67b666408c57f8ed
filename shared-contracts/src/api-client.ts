/**
 * Typed client for every call of SPEC §7. The base URL is injected (runtime config), the token is
 * passed per call. Failures throw ApiError carrying the status and the server's error text.
 */
import type { AllAnunciosRequest, AllAnunciosResponse, Anuncio, ContactoResponse, GeocodeResponse, MisAnunciosResponse, OwnAnuncio, User } from './types';
import type { OwnerEstado } from './listing-status';
import type { ContactCanal } from './enums';
import type { AccionModeracion, BloqueadosResponse, ModeracionResponse, MotivoReporte } from './moderation';
import type { SignupBody, LoginBody, BusquedaCreateBody, BusquedaPatchBody } from './schemas';
import type { BusquedasResponse, FavoritosResponse, SavedSearch } from './saved';
import { MSG } from './messages';
import type { LugarResponse } from './landing';
import type { AgenciaPerfil, AgenciasResponse, MiInmobiliariaResponse } from './agencias';
import type { MapaRequest, MapaResponse } from './search-area';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type FetchLike = typeof fetch;

/** Bytes of a request's body sent so far, of `total` (issue 47: the photos' upload progress). */
export type UploadProgressFn = (loaded: number, total: number) => void;

/** What a listing's upload may be given: its progress, and a signal that cancels it. */
export interface UploadOptions {
  onUploadProgress?: UploadProgressFn;
  signal?: AbortSignal;
}

// Statuses whose Response may not carry a body.
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * `fetch` with the request body's progress, through XMLHttpRequest: fetch reports no upload
 * progress (a streamed request body would, but Chrome sends one only over HTTP/2 and no other
 * browser does; docs/decisions/0044-upload-progress.md). Answers a Response like fetch, rejects
 * with an AbortError when the signal aborts and a TypeError when the network fails.
 */
function xhrFetch(url: string, init: { method: string; headers: Record<string, string>; body?: string | FormData; signal?: AbortSignal }, onProgress: UploadProgressFn): Promise<Response> {
  return new Promise((resolve, reject) => {
    const abortError = () => new DOMException('La subida se canceló', 'AbortError');
    if (init.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    const onAbort = () => xhr.abort();
    init.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => init.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      resolve(new Response(NULL_BODY.has(xhr.status) ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText }));
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.send(init.body ?? null);
  });
}

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: FetchLike;
}

export function createApiClient({ baseUrl, fetch: fetchImpl }: ApiClientOptions) {
  const base = baseUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = fetchImpl ?? ((...args) => globalThis.fetch(...args));

  async function request<T>(method: string, path: string, opts: { body?: unknown; token?: string; form?: FormData; signal?: AbortSignal; onUploadProgress?: UploadProgressFn } = {}): Promise<T> {
    const headers: Record<string, string> = {};
    let body: string | FormData | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let res: Response;
    try {
      const init = { method, headers, body, signal: opts.signal };
      res = opts.onUploadProgress && typeof XMLHttpRequest === 'function' ? await xhrFetch(`${base}${path}`, init, opts.onUploadProgress) : await doFetch(`${base}${path}`, init);
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw err;
      throw new ApiError(0, MSG.serverError);
    }
    const text = await res.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = null;
      }
    }
    if (!res.ok) {
      const d = (data ?? {}) as { error?: string; message?: string };
      throw new ApiError(res.status, d.error ?? d.message ?? (res.status === 401 ? MSG.unauthorized : MSG.serverError), data);
    }
    return data as T;
  }

  return {
    baseUrl: base,
    allAnuncios: (req: AllAnunciosRequest, signal?: AbortSignal) => request<AllAnunciosResponse>('POST', '/allAnuncios', { body: req, signal }),
    /** Issue 44: the clusters of a search's matches in the map's view. */
    mapa: (req: MapaRequest, signal?: AbortSignal) => request<MapaResponse>('POST', '/anuncios/mapa', { body: req, signal }),
    /** The place a landing page's slug names; ApiError 404 when none. */
    lugar: (slug: string, signal?: AbortSignal) => request<LugarResponse>('GET', `/lugares/${encodeURIComponent(slug)}`, { signal }),
    /** Issue 46: every agency's slug and name (a listing's advertiser); cached 30 s by the API and the browser. */
    agencias: (signal?: AbortSignal) => request<AgenciasResponse>('GET', '/agencias', { signal }),
    /** Issue 46: an agency's public profile (its page /inmobiliaria/{slug}); ApiError 404 when none. */
    agencia: (slug: string, signal?: AbortSignal) => request<AgenciaPerfil>('GET', `/agencias/${encodeURIComponent(slug)}`, { signal }),
    misAnuncios: (token: string, signal?: AbortSignal) => request<MisAnunciosResponse>('POST', '/misAnuncios', { body: {}, token, signal }),
    getAnuncio: (anuncioId: string, signal?: AbortSignal) => request<Anuncio>('GET', `/anuncio/${encodeURIComponent(anuncioId)}`, { signal }),
    /** The seller's phone and email when the visitor presses Contacto or Email (no login; throttled per IP). */
    contacto: (anuncioId: string, canal: ContactCanal) => request<ContactoResponse>('POST', `/anuncio/${encodeURIComponent(anuncioId)}/contacto`, { body: { canal } }),
    /** Issue 23: a visitor's or user's report (the token when signed in, so the account counts as the reporter). */
    reportar: (anuncioId: string, body: { motivo: MotivoReporte; comentario?: string }, token?: string) =>
      request<{ message: string }>('POST', `/anuncio/${encodeURIComponent(anuncioId)}/reportes`, { body, token }),
    /** A page (0-based) of the queue: held listings first (issue 40). */
    moderacion: (token: string, page = 0, signal?: AbortSignal) => request<ModeracionResponse>('GET', `/moderacion/anuncios?page=${page}`, { token, signal }),
    moderar: (anuncioId: string, body: { accion: AccionModeracion; motivo: string }, token: string) =>
      request<{ ok: true }>('POST', `/moderacion/anuncios/${encodeURIComponent(anuncioId)}`, { body, token }),
    bloquearUsuario: (userId: string, body: { motivo: string; anuncioId?: string }, token: string) =>
      request<{ ok: true }>('POST', `/moderacion/usuarios/${encodeURIComponent(userId)}/bloquear`, { body, token }),
    bloqueados: (token: string, page = 0, signal?: AbortSignal) => request<BloqueadosResponse>('GET', `/moderacion/usuarios/bloqueados?page=${page}`, { token, signal }),
    desbloquearUsuario: (userId: string, body: { motivo: string }, token: string) =>
      request<{ ok: true }>('POST', `/moderacion/usuarios/${encodeURIComponent(userId)}/desbloquear`, { body, token }),
    /** The detail page on the visitor's screen (issue 21): counted once per visitor and day for the seller's figures. */
    vista: (anuncioId: string) => request<null>('POST', `/anuncio/${encodeURIComponent(anuncioId)}/vista`),
    createAnuncio: (form: FormData, token: string, upload: UploadOptions = {}) => request<Anuncio>('POST', '/anuncio', { form, token, ...upload }),
    getOwnAnuncio: (id: string, token: string, signal?: AbortSignal) => request<OwnAnuncio>('GET', `/anuncio/${encodeURIComponent(id)}/editar`, { token, signal }),
    updateAnuncio: (id: string, form: FormData, token: string, upload: UploadOptions = {}) =>
      request<Anuncio>('PUT', `/anuncio/${encodeURIComponent(id)}`, { form, token, ...upload }),
    setEstado: (id: string, estado: OwnerEstado, token: string) => request<Anuncio>('POST', `/anuncio/${encodeURIComponent(id)}/estado`, { body: { estado }, token }),
    /** With a session (my listings) or with the emailed token (no session needed). */
    // `yaRenovado`: the emailed link was used before and renewed then; nothing changed now (issue 39)
    renovarAnuncio: (id: string, auth: { token: string } | { linkToken: string }) =>
      'linkToken' in auth
        ? request<Anuncio & { yaRenovado?: true }>('POST', `/anuncio/${encodeURIComponent(id)}/renovar`, { body: { token: auth.linkToken } })
        : request<Anuncio & { yaRenovado?: true }>('POST', `/anuncio/${encodeURIComponent(id)}/renovar`, { body: {}, token: auth.token }),
    deleteAnuncio: (id: string, token: string) => request<{ ok: true }>('DELETE', `/${encodeURIComponent(id)}`, { token }),
    comprarPlan: (canitdadDeAnuncios: number, token: string) => request<{ miPlan: number; message?: string }>('POST', '/comprarPlan', { body: { canitdadDeAnuncios }, token }),
    signup: (body: SignupBody) => request<{ message: string }>('POST', '/api/user/signup', { body }),
    login: (body: LoginBody) => request<User>('POST', '/api/user/login', { body }),
    /** Revokes the session's token on the server (issue 19); the store forgets it either way. */
    logout: (token: string) => request<{ ok: true }>('POST', '/logout', { body: {}, token }),
    forgotPassword: (email: string) => request<{ message: string }>('POST', '/forgot-password', { body: { email } }),
    resetPassword: (body: { id: string; token: string; newPassword: string }) => request<{ message: string }>('POST', '/reset-password', { body }),
    requestEmailConfirmation: (email: string) => request<{ message: string }>('POST', '/get-email-confirmation-link', { body: { email } }),
    confirmEmail: (body: { id: string; token: string }) => request<{ message: string }>('POST', '/confirmEmail', { body }),
    // Issue 22: favourites and saved searches.
    favoritos: (token: string, signal?: AbortSignal) => request<FavoritosResponse>('GET', '/favoritos', { token, signal }),
    putFavorito: (anuncioId: string, token: string) => request<{ ok: true }>('PUT', `/favoritos/${encodeURIComponent(anuncioId)}`, { token }),
    deleteFavorito: (anuncioId: string, token: string) => request<{ ok: true }>('DELETE', `/favoritos/${encodeURIComponent(anuncioId)}`, { token }),
    /** Issue 39: the price-drop emails of the account's favourites on or off. */
    setAvisosPrecio: (avisosPrecio: boolean, token: string) => request<{ avisosPrecio: boolean }>('PATCH', '/favoritos', { body: { avisosPrecio }, token }),
    /** The price-drop email's unsubscribe link (no session: the signed token is the proof). */
    bajaAvisosPrecio: (userId: string, token: string) => request<{ ok: true }>('POST', `/favoritos/baja/${encodeURIComponent(userId)}?token=${encodeURIComponent(token)}`, { body: {} }),
    busquedas: (token: string, signal?: AbortSignal) => request<BusquedasResponse>('GET', '/busquedas', { token, signal }),
    createBusqueda: (body: BusquedaCreateBody, token: string) => request<SavedSearch>('POST', '/busquedas', { body, token }),
    updateBusqueda: (id: string, body: BusquedaPatchBody, token: string) => request<SavedSearch>('PATCH', `/busquedas/${encodeURIComponent(id)}`, { body, token }),
    deleteBusqueda: (id: string, token: string) => request<{ ok: true }>('DELETE', `/busquedas/${encodeURIComponent(id)}`, { token }),
    /** The alert email's unsubscribe link (no session: the signed token is the proof). */
    bajaAlertas: (id: string, token: string) => request<{ ok: true; nombre: string }>('POST', `/busquedas/${encodeURIComponent(id)}/baja?token=${encodeURIComponent(token)}`, { body: {} }),
    // Issue 46: the account's agency (decision 0042).
    miInmobiliaria: (token: string, signal?: AbortSignal) => request<MiInmobiliariaResponse>('GET', '/miInmobiliaria', { token, signal }),
    crearInmobiliaria: (body: Omit<AgenciaPerfil, 'slug'>, token: string) => request<MiInmobiliariaResponse>('POST', '/miInmobiliaria', { body, token }),
    editarInmobiliaria: (body: Omit<AgenciaPerfil, 'slug'>, token: string) => request<MiInmobiliariaResponse>('PUT', '/miInmobiliaria', { body, token }),
    invitarAgente: (email: string, token: string) => request<{ message: string }>('POST', '/miInmobiliaria/invitaciones', { body: { email }, token }),
    aceptarInvitacion: (invitacion: string, token: string) => request<MiInmobiliariaResponse & { message: string }>('POST', '/miInmobiliaria/aceptar', { body: { token: invitacion }, token }),
    quitarAgente: (userId: string, token: string) => request<{ message: string }>('DELETE', `/miInmobiliaria/miembros/${encodeURIComponent(userId)}`, { token }),
    anunciosInmobiliaria: (token: string, signal?: AbortSignal) => request<{ anuncios: (Anuncio & { agente: string; estadisticas: { vistas: number; contactos: number; whatsapp: number } })[] }>('GET', '/miInmobiliaria/anuncios', { token, signal }),
    geocodeSearch: (q: string, signal?: AbortSignal) => request<GeocodeResponse>('GET', `/geocode/search?q=${encodeURIComponent(q)}`, { signal }),
    geocodeReverse: (lng: number, lat: number, signal?: AbortSignal) => request<GeocodeResponse>('GET', `/geocode/reverse?lng=${lng}&lat=${lat}`, { signal }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The portal's one client store (SPEC §3 "Shared client state" + view mode and colour scheme).
 * The search (filters, page, page count) is not here: it lives in the address since server rendering
 * (decision 0008), and the store's copy, written and never read, went with issue 41 (decision 0023).
 *
 * Why here: a store exposed by the shell through federation reaches each remote as a second
 * instance; this workspace module (`web-runtime/store`) is declared as a shared singleton instead,
 * so shell and remotes get ONE instance at run time (docs/decisions/0001-shared-store.md; the
 * package split: 0013). The shell creates the session
 * (restore + expiry check); remotes read it and call its actions.
 */
import { useMemo } from 'react';
import { createStore, useStore, type StoreApi, type UseBoundStore } from 'zustand';
import { jwtDecode } from 'jwt-decode';
// Self-references by package name, so that the shared singleton 'shared-contracts' is used
// (one ApiError class at run time, for instanceof checks in every app).
import {
  createApiClient,
  COLOR_SCHEMES,
  COLOR_SCHEME_STORAGE_KEY,
  DEFAULT_ANUNCIOS_DISPONIBLES,
  USER_STORAGE_KEY,
  type ApiClient,
  type Anuncio,
  type MiAnuncio,
  type ColorScheme,
  type RuntimeConfig,
  type User,
} from 'shared-contracts';

export type ViewMode = 'list' | 'map';

export interface PortalState {
  config: RuntimeConfig | null;
  user: User | null;
  isLoggedIn: boolean;
  chosenAnuncio: Anuncio | null;
  miPlan: number | null;
  anunciosDisponibles: number;
  misAnuncios: MiAnuncio[];
  /** Bumped after a publish, delete or purchase: lists that depend on own listings reload. */
  listingsVersion: number;
  viewMode: ViewMode;
  colorScheme: ColorScheme;
  /**
   * Loads `remote/expose` through the HOST's federation instance (set by the shell, or by the
   * standalone harness). Remotes render each other's exposes with it (e.g. mf_listing/AnuncioCard).
   */
  loadRemote: ((id: string) => Promise<unknown>) | null;
  /**
   * The module of `remote/expose` if the host already loaded it, else undefined: a component
   * rendered once its code is here is drawn at once instead of through a Suspense fallback (the
   * shell loads a server-rendered page's modules before hydrating, so nothing suspends then).
   */
  peekRemote: ((id: string) => unknown) | null;

  setConfig(config: RuntimeConfig): void;
  login(user: User): void;
  logout(): void;
  /** The saved user and colour scheme (local storage). */
  restoreSession(): void;
  /** Logs out when the token's exp (seconds) has passed; an undecodable token changes nothing. */
  checkTokenExpiry(nowMs?: number): boolean;
  setChosenAnuncio(anuncio: Anuncio | null): void;
  setMisAnuncios(data: { listaDeTodos: Anuncio[]; canitdadDeAnunciosDisponibles: number; miPlan?: number }): void;
  setMiPlan(miPlan: number | null): void;
  refreshListings(): void;
  setViewMode(mode: ViewMode): void;
  setColorScheme(scheme: ColorScheme): void;
  setRemoteLoader(loader: (id: string) => Promise<unknown>, peek?: (id: string) => unknown): void;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function readUser(): User | null {
  const raw = storage()?.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as User;
    return user && typeof user.token === 'string' ? user : null;
  } catch {
    return null;
  }
}

function readColorScheme(): ColorScheme {
  const raw = storage()?.getItem(COLOR_SCHEME_STORAGE_KEY);
  return (COLOR_SCHEMES as readonly string[]).includes(raw ?? '') ? (raw as ColorScheme) : 'auto';
}

const store = createStore<PortalState>()((set, get) => ({
  config: null,
  user: null,
  isLoggedIn: false,
  chosenAnuncio: null,
  miPlan: null,
  anunciosDisponibles: DEFAULT_ANUNCIOS_DISPONIBLES,
  misAnuncios: [],
  listingsVersion: 0,
  viewMode: 'list',
  // read by restoreSession, not here: the server and the hydrating browser both render with the
  // store's initial state (zustand's server snapshot), so it must not depend on the browser
  colorScheme: 'auto',
  loadRemote: null,
  peekRemote: null,

  setConfig: (config) => set({ config }),
  login: (user) => {
    storage()?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    set({ user, isLoggedIn: true, miPlan: user.miPlan ?? null });
  },
  logout: () => {
    storage()?.removeItem(USER_STORAGE_KEY);
    set({ user: null, isLoggedIn: false, misAnuncios: [], miPlan: null, anunciosDisponibles: DEFAULT_ANUNCIOS_DISPONIBLES });
  },
  restoreSession: () => {
    const user = readUser();
    set({ colorScheme: readColorScheme() });
    if (user) set({ user, isLoggedIn: true, miPlan: user.miPlan ?? null });
  },
  checkTokenExpiry: (nowMs = Date.now()) => {
    const { user } = get();
    if (!user) return false;
    let exp: number | undefined;
    try {
      exp = jwtDecode<{ exp?: number }>(user.token).exp;
    } catch {
      return false;
    }
    if (typeof exp === 'number' && exp * 1000 < nowMs) {
      get().logout();
      return true;
    }
    return false;
  },
  setChosenAnuncio: (chosenAnuncio) => set({ chosenAnuncio }),
  setMisAnuncios: ({ listaDeTodos, canitdadDeAnunciosDisponibles, miPlan }) =>
    set((s) => ({ misAnuncios: listaDeTodos, anunciosDisponibles: canitdadDeAnunciosDisponibles, miPlan: miPlan ?? s.miPlan })),
  setMiPlan: (miPlan) => set({ miPlan }),
  refreshListings: () => set((s) => ({ listingsVersion: s.listingsVersion + 1 })),
  setViewMode: (viewMode) => set({ viewMode }),
  setColorScheme: (colorScheme) => {
    storage()?.setItem(COLOR_SCHEME_STORAGE_KEY, colorScheme);
    set({ colorScheme });
  },
  setRemoteLoader: (loadRemote, peek) => set({ loadRemote, peekRemote: peek ?? null }),
}));

/**
 * What a server render draws with, and so what hydration must draw with: React renders
 * useSyncExternalStore's *server snapshot* on the server and while hydrating, then re-renders,
 * synchronously, every component whose slice differs in the live state. zustand's server snapshot
 * is the store's initial state, where `config` is null: the server drew the page without the
 * runtime config (the footer without its e-mail), and right after hydration every component that
 * reads it (each useApi) re-rendered in one task (a third of a second on a slow phone) and ran its
 * effects with the new client. Both sides now declare the same fields (the process's config on the
 * server, the embedded copy in the browser) with setRenderedState; the rest (the session, the
 * saved colour scheme) stays at the initial state, as the server has no session.
 */
let renderedState: PortalState | null = null;
const rendering: StoreApi<PortalState> = { ...store, getInitialState: () => renderedState ?? store.getInitialState() };

/** The server snapshot: the initial state with `fields` (null: the initial state alone). */
export function setRenderedState(fields: Partial<Pick<PortalState, 'config'>> | null): void {
  renderedState = fields ? { ...store.getInitialState(), ...fields } : null;
}

function usePortalStoreHook(): PortalState;
function usePortalStoreHook<T>(selector: (state: PortalState) => T): T;
function usePortalStoreHook<T>(selector?: (state: PortalState) => T) {
  return useStore(rendering, selector ?? ((state: PortalState) => state as unknown as T));
}

export const usePortalStore: UseBoundStore<StoreApi<PortalState>> = Object.assign(usePortalStoreHook, store);

/** The API client for the runtime config's base URL. */
export function useApi(): ApiClient {
  const baseUrl = usePortalStore((s) => s.config?.apiBaseUrl ?? '');
  return useMemo(() => createApiClient({ baseUrl }), [baseUrl]);
}

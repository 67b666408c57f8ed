/**
 * THE data-loading hook of the web apps (issue 41; docs/decisions/0026-one-way-to-load-data.md):
 * every screen that shows what the API answers reads it with `useQuery(key, fetcher)`, the
 * fetcher being the one of its request module (`features/<f>/api/get-x.ts`), which the page's
 * `serverData` calls too. In place of a hand-written loading/error state machine per hook:
 *
 * - one request per key however many components show it (the shell and /misAnuncios ask for
 *   the own listings at once: one request);
 * - a key nobody shows any more has its request aborted (a newer search aborts the stale one);
 * - `version`: a new value asks again for the same key, keeping the data on screen meanwhile
 *   (the store's listingsVersion after a publish);
 * - `refetch()` (Reintentar, a reload after a change): aborts a request under way and asks
 *   again, so an answer sent before the change never lands after it;
 * - hydration: the key is also the page data's (`usePageData`, embedded by the server renderer
 *   from the same fetcher): a server-rendered page starts from it and is not fetched again;
 * - no automatic retries, no refetch on focus, nothing kept once no component shows it: the
 *   screens have their own Reintentar buttons, and coming back to a page shows fresh data.
 *
 * Part of the shared `web-runtime/store` module, so shell and remotes share one cache.
 * Measured against TanStack Query 5 (decision 0026): about 1 KB gzip against 11–15 KB.
 */
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { usePageData } from './page-data';

export type QueryStatus = 'loading' | 'success' | 'error';

export interface QueryState<T> {
  /** loading: no answer yet for this key; success: `data` is its answer; error: its last request failed. */
  status: QueryStatus;
  data: T | undefined;
  error: unknown;
  /** A request for this key is under way (the first, a refetch, a new version). */
  fetching: boolean;
}

export interface QueryResult<T> extends QueryState<T> {
  /** Asks again now (a request under way is aborted first); resolves once answered. */
  refetch(): Promise<void>;
  /** Changes the data on screen (after a change the API confirmed), no request. */
  setData(update: (data: T) => T): void;
}

export interface QueryOptions {
  /** A new value asks again for the same key (the data stays on screen meanwhile). */
  version?: unknown;
  /** While the key has no answer (loading, or failed), `data` is the last answer shown. */
  keepPrevious?: boolean;
  /**
   * A component that mounts asks again unless a request is under way (which it joins): for data
   * that others change while it is not shown (the own listings' figures).
   */
  fresh?: boolean;
}

type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

interface Entry {
  state: QueryState<unknown>;
  version: unknown;
  /** Its data was given, not asked for (the server's embedded answer, primeQuery). */
  given: boolean;
  listeners: Set<() => void>;
  controller: AbortController | null;
  done: Promise<void>;
}

const entries = new Map<string, Entry>();
const LOADING: QueryState<never> = Object.freeze({ status: 'loading', data: undefined, error: undefined, fetching: true });

function setState(entry: Entry, state: QueryState<unknown>) {
  entry.state = state;
  entry.listeners.forEach((l) => l());
}

/** Starts a request for the entry, aborting the one under way. */
function run(key: string, entry: Entry, fetcher: Fetcher<unknown>): Promise<void> {
  entry.controller?.abort();
  const controller = new AbortController();
  entry.controller = controller;
  entry.given = false;
  if (!entry.state.fetching) setState(entry, { ...entry.state, status: entry.state.status === 'error' ? 'loading' : entry.state.status, fetching: true });
  entry.done = fetcher(controller.signal).then(
    (data) => {
      if (controller.signal.aborted || entries.get(key) !== entry) return;
      entry.controller = null;
      setState(entry, { status: 'success', data, error: undefined, fetching: false });
    },
    (error: unknown) => {
      if (controller.signal.aborted || entries.get(key) !== entry) return;
      entry.controller = null;
      setState(entry, { ...entry.state, status: 'error', error, fetching: false });
    },
  );
  return entry.done;
}

/**
 * Subscribes to `key`: the first subscriber creates its entry (from the embedded data, else with a
 * request); a subscriber with another version asks again. The last one to leave aborts the request
 * and forgets the key, a microtask later: React's StrictMode leaves and comes back at once (and
 * joins the request it started). A key shown again within that microtask after its answer came
 * (a page removed and drawn again at once) is asked again, unless its data was given.
 */
function subscribe(key: string, listener: () => void, fetcher: () => Fetcher<unknown>, first: QueryState<unknown>, version: unknown, fresh: boolean): () => void {
  let entry = entries.get(key);
  if (!entry) {
    entry = { state: first, version, given: first.status === 'success', listeners: new Set(), controller: null, done: Promise.resolve() };
    entries.set(key, entry);
    if (first.status === 'loading') void run(key, entry, fetcher());
  } else if (entry.version !== version || (!entry.state.fetching && (fresh || (!entry.listeners.size && !entry.given)))) {
    entry.version = version;
    void run(key, entry, fetcher());
  }
  const subscribed = entry;
  subscribed.listeners.add(listener);
  return () => {
    subscribed.listeners.delete(listener);
    queueMicrotask(() => {
      if (subscribed.listeners.size || entries.get(key) !== subscribed) return;
      subscribed.controller?.abort();
      entries.delete(key);
    });
  };
}

/**
 * `key` null: nothing to load (no session yet). The key is also where the server renderer embeds
 * the page's data (`ServerDataResult.key`).
 */
export function useQuery<T>(key: string | null, fetcher: Fetcher<T>, { version, keepPrevious = false, fresh = false }: QueryOptions = {}): QueryResult<T> {
  const embedded = usePageData<T>(key ?? '');
  // What the key shows before it has an entry: the server's answer, else loading. Also the
  // server's snapshot, so the server and the hydrating browser draw the same.
  const first = useMemo<QueryState<T>>(
    () => (key !== null && embedded !== undefined ? { status: 'success', data: embedded, error: undefined, fetching: false } : LOADING),
    [key, embedded],
  );
  const latest = useRef(fetcher);
  latest.current = fetcher;
  const subscribeKey = useCallback(
    (listener: () => void) => (key === null ? () => undefined : subscribe(key, listener, () => latest.current as Fetcher<unknown>, first, version, fresh)),
    [key, first, version, fresh],
  );
  const snapshot = () => ((key !== null && (entries.get(key)?.state as QueryState<T> | undefined)) || first);
  const state = useSyncExternalStore(subscribeKey, snapshot, () => first);
  const shown = useRef<T | undefined>(undefined);
  if (state.status === 'success') shown.current = state.data;
  const refetch = useCallback(() => {
    const entry = key === null ? undefined : entries.get(key);
    return entry ? run(key!, entry, latest.current as Fetcher<unknown>) : Promise.resolve();
  }, [key]);
  const setData = useCallback(
    (update: (data: T) => T) => {
      const entry = key === null ? undefined : entries.get(key);
      if (entry?.state.status === 'success') setState(entry, { ...entry.state, data: update(entry.state.data as T) });
    },
    [key],
  );
  const data = state.status !== 'success' && keepPrevious ? (state.data ?? shown.current) : state.data;
  return { ...state, data, refetch, setData };
}

/**
 * Gives `key` its answer without a request: the data on screen is also this other key's (the
 * home page that rewrites `?page=9999` as the last page it shows). Taken by the next subscriber.
 */
export function primeQuery<T>(key: string, data: T, version?: unknown): void {
  if (entries.has(key)) return;
  entries.set(key, { state: { status: 'success', data, error: undefined, fetching: false }, version, given: true, listeners: new Set(), controller: null, done: Promise.resolve() });
}

/** Forgets every key and aborts every request (tests: jest/setup-dom.ts, before each test). */
export function resetQueries(): void {
  for (const entry of entries.values()) entry.controller?.abort();
  entries.clear();
}

/**
 * The one way to render a remote's expose: the shell's pages (shell/src/remotes/remote-page.tsx)
 * and one remote inside another (one card for the whole portal: mf_search and mf_publish render
 * mf_listing/AnuncioCard). The module is loaded through the host's loader kept in the shared
 * store; a failure shows `fallback` (with a retry when it asks for one), never breaks the page.
 */
import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { usePortalStore } from 'web-runtime/store';

/*
 * Per loader: the server renderer installs a new loader when the registry changes (a remote
 * published or rolled back while the site runs), and components loaded through the old one must
 * not be served again.
 */
const caches = new WeakMap<object, { components: Map<string, ComponentType<any>>; started: Map<string, Promise<unknown>> }>();
const NO_LOADER = {};
function cacheFor() {
  const key = usePortalStore.getState().loadRemote ?? NO_LOADER;
  let entry = caches.get(key);
  if (!entry) caches.set(key, (entry = { components: new Map(), started: new Map() }));
  return entry;
}

function loadExpose(id: string): Promise<unknown> {
  const early = cacheFor().started.get(id);
  if (early) return early;
  const loader = usePortalStore.getState().loadRemote;
  if (!loader) return Promise.reject(new Error(`No remote loader to load ${id}`));
  return loader(id);
}

/**
 * Starts loading `remote/expose` now, for a page that knows it will render it once its data
 * arrives (the home page's cards while the list is fetched): the remote's entry and chunk come
 * alongside the API call instead of after it. Errors are left to the render that needs it.
 */
export function preloadRemote(id: string): void {
  const { components: cache, started } = cacheFor();
  if (cache.has(id) || started.has(id) || !usePortalStore.getState().loadRemote) return;
  const promise = loadExpose(id);
  started.set(id, promise);
  promise.catch(() => started.delete(id));
}

function forget(id: string): void {
  const { components, started } = cacheFor();
  components.delete(id);
  started.delete(id);
}

/**
 * A lazy component for `remote/expose` (e.g. 'mf_listing/AnuncioCard'), cached per id; a load
 * that failed is forgotten, so the next render (or a retry) loads again.
 */
export function lazyRemote<P extends object>(id: string): ComponentType<P> {
  const cache = cacheFor().components;
  let comp = cache.get(id);
  if (!comp) {
    const created = lazy(async () => {
      try {
        const mod = (await loadExpose(id)) as { default?: ComponentType<P> } | null;
        if (!mod?.default) throw new Error(`${id} has no default export`);
        return { default: mod.default };
      } catch (err) {
        if (cache.get(id) === created) cache.delete(id);
        throw err;
      }
    });
    cache.set(id, (comp = created));
  }
  return comp as ComponentType<P>;
}

class Boundary extends Component<{ id: string; fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error) {
    console.warn(`[remote] ${this.props.id} failed:`, error.message);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface RemoteComponentProps<P> {
  /** 'remote/expose', e.g. 'mf_listing/AnuncioCard'. */
  id: string;
  props: P;
  /** Shown while the code loads. */
  loading?: ReactNode;
  /** Shown when it fails to load or throws; a function gets `retry`, which loads it again. */
  fallback?: ReactNode | ((retry: () => void) => ReactNode);
  /** Before a retry loads again (the shell re-registers the remote: resetRemote). */
  beforeRetry?(): void;
}

/** <RemoteComponent id="mf_listing/AnuncioCard" props={{ anuncio }} /> */
export function RemoteComponent<P extends object>({ id, props, loading = null, fallback = null, beforeRetry }: RemoteComponentProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const Comp = useMemo(() => {
    // code the host has loaded already (before hydrating, or for an earlier card) is drawn at
    // once: no Suspense fallback, which during hydration would replace the server's HTML
    const ready = attempt === 0 ? (usePortalStore.getState().peekRemote?.(id) as { default?: ComponentType<P> } | undefined) : undefined;
    if (ready?.default) return ready.default;
    // a retry loads the code again, even if the last load succeeded and the component then threw
    if (attempt > 0) forget(id);
    return lazyRemote<P>(id);
  }, [id, attempt]);
  const retry = () => {
    beforeRetry?.();
    setAttempt((a) => a + 1);
  };
  return (
    <Boundary key={attempt} id={id} fallback={typeof fallback === 'function' ? fallback(retry) : fallback}>
      <Suspense fallback={loading}>
        <Comp {...props} />
      </Suspense>
    </Boundary>
  );
}
export { StatusPanel, type StatusPanelProps } from './status-panel';

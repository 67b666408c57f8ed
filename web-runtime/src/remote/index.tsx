/**
 * Rendering another remote's expose from inside a remote (one card for the whole portal:
 * mf_search and mf_publish render mf_listing/AnuncioCard). The module is loaded through the
 * host's loader kept in the shared store; failures fall back to `fallback`, never break the page.
 */
import { Component, Suspense, lazy, useMemo, type ComponentType, type ReactNode } from 'react';
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

/** A lazy component for `remote/expose` (e.g. 'mf_listing/AnuncioCard'), cached per id. */
export function lazyRemote<P extends object>(id: string): ComponentType<P> {
  const cache = cacheFor().components;
  let comp = cache.get(id);
  if (!comp) {
    comp = lazy(async () => {
      const mod = (await loadExpose(id)) as { default?: ComponentType<P> } | null;
      if (!mod?.default) throw new Error(`${id} has no default export`);
      return { default: mod.default };
    });
    cache.set(id, comp);
  }
  return comp as ComponentType<P>;
}

class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error) {
    console.warn('[remote]', error.message);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** <RemoteComponent id="mf_listing/AnuncioCard" props={{ anuncio }} /> */
export function RemoteComponent<P extends object>({ id, props, loading = null, fallback = null }: { id: string; props: P; loading?: ReactNode; fallback?: ReactNode }) {
  const Comp = useMemo(() => {
    // code the host has loaded already (before hydrating, or for an earlier card) is drawn at
    // once: no Suspense fallback, which during hydration would replace the server's HTML
    const ready = usePortalStore.getState().peekRemote?.(id) as { default?: ComponentType<P> } | undefined;
    return ready?.default ?? lazyRemote<P>(id);
  }, [id]);
  return (
    <Boundary fallback={fallback}>
      <Suspense fallback={loading}>
        <Comp {...props} />
      </Suspense>
    </Boundary>
  );
}
export { StatusPanel, type StatusPanelProps } from './status-panel';

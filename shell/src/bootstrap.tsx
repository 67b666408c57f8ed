/**
 * Shell start-up: read the runtime config and the remote registry (embedded by the server in a
 * server-rendered page, else fetched from beside the shell), register the remotes with the
 * federation runtime, restore the session, then hydrate the server's HTML or render.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { parseRuntimeConfig, parseRemoteRegistry, type SsrPayload } from 'shared-contracts';
import { setRenderedState, usePortalStore } from 'web-runtime/store';
import { registerRemoteRegistry, loadRemoteById, peekRemoteById, preloadRemotes } from './remotes/registry';
import { App } from './app/app';
import './app/global.css';
import './antd-provide';
import './shell-provides';

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.json();
}

declare global {
  interface Window {
    __PORTAL_SSR__?: SsrPayload;
  }
}

/** At most this long the code of a server-rendered page is awaited before hydrating. */
const HYDRATION_WAIT_MS = 5000;

async function start() {
  const container = document.getElementById('root')!;
  const ssr = window.__PORTAL_SSR__;
  try {
    const [config, registry] = ssr ? [ssr.config, ssr.registry] : await Promise.all([fetchJson('/config.json'), fetchJson('/registry.json')]);
    usePortalStore.getState().setConfig(parseRuntimeConfig(config));
    registerRemoteRegistry(parseRemoteRegistry(registry));
    usePortalStore.getState().setRemoteLoader(loadRemoteById, peekRemoteById);
  } catch (err) {
    console.warn('No se pudo leer la configuración', err);
    createRoot(container).render(
      <p role="alert" style={{ padding: 24 }}>
        No pudimos cargar el portal. Revisa tu conexión y recarga la página.
      </p>,
    );
    return;
  }
  const store = usePortalStore.getState();
  // Hydration draws with what the server drew with: the initial state and the config
  // (setRenderedState); the session and the saved colour scheme apply right after it.
  if (ssr) setRenderedState({ config: store.config });
  store.restoreSession();
  store.checkTokenExpiry();
  if (ssr) {
    // the server's HTML stays on screen meanwhile; the wait is capped so a slow remote leaves
    // only its own area to the browser
    await preloadRemotes(ssr.modules ?? [], HYDRATION_WAIT_MS);
    // In a transition React hydrates in slices of a few milliseconds, yielding to the browser
    // between them, instead of one task of the whole page (on a slow phone ~300 ms in which a tap
    // waits: most of the home page's Total Blocking Time). What the user touches first is
    // hydrated first.
    startTransition(() => {
      hydrateRoot(container, <App pageData={ssr.pageData} />);
    });
  } else createRoot(container).render(<App />);
}

void start();

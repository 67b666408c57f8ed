/**
 * Shell start-up: read the runtime config and the remote registry served beside the shell,
 * register the remotes with the federation runtime, restore the session, render.
 */
import { createRoot } from 'react-dom/client';
import { parseRuntimeConfig, parseRemoteRegistry } from 'shared-contracts';
import { usePortalStore } from 'shared-contracts/store';
import { registerRemoteRegistry, loadRemoteById } from './remotes/registry';
import { App } from './app/app';
import './app/global.css';
import './antd-provide';

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.json();
}

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const [config, registry] = await Promise.all([fetchJson('/config.json'), fetchJson('/registry.json')]);
    usePortalStore.getState().setConfig(parseRuntimeConfig(config));
    registerRemoteRegistry(parseRemoteRegistry(registry));
    usePortalStore.getState().setRemoteLoader(loadRemoteById);
  } catch (err) {
    console.warn('No se pudo leer la configuración', err);
    root.render(
      <p role="alert" style={{ padding: 24 }}>
        No pudimos cargar el portal. Revisa tu conexión y recarga la página.
      </p>,
    );
    return;
  }
  const store = usePortalStore.getState();
  store.restoreSession();
  store.checkTokenExpiry();
  root.render(<App />);
}

void start();

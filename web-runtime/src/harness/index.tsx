/**
 * Standalone QA harness shared by the four remotes: each remote's bootstrap renders its own pages
 * (its entries of the page manifest, at their paths) inside this minimal frame (router, store,
 * runtime config, theme, a small header with a login box and links to the remote's pages),
 * against the real API named in its config.json.
 */
import { useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { BrowserRouter, Link, Route, Routes } from 'web-runtime/router';
import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import { ANTD_THEME_TOKENS, ApiError, PAGES, parseRuntimeConfig, type RemoteName } from 'shared-contracts';
import { usePortalStore, useApi } from 'web-runtime/store';

/**
 * A remote's page modules, by file name ('./login-page.tsx'): its bootstrap passes
 * `import.meta.webpackContext('./pages', { regExp: /-page\.tsx$/ })`.
 */
export interface PageModules {
  keys(): string[];
  (key: string): unknown;
}

/** The remote's pages of the page manifest, each rendered by its file in `pages`. */
function standaloneRoutes(remote: RemoteName, pages: PageModules) {
  return PAGES.filter((page) => page.remote === remote).map((page) => {
    const key = `./${page.module.slice(page.module.lastIndexOf('/') + 1)}`;
    if (!pages.keys().includes(key)) throw new Error(`${page.module} (page manifest) is not in this remote's pages/`);
    const Page = (pages(key) as { default: ComponentType }).default;
    return { path: page.path, label: page.label, element: <Page /> };
  });
}

function HarnessLogin() {
  const api = useApi();
  const user = usePortalStore((s) => s.user);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  if (user) {
    return (
      <span>
        {user.name} <button type="button" onClick={() => usePortalStore.getState().logout()}>Salir</button>
      </span>
    );
  }
  return (
    <form
      onSubmit={async (e) => {
        e.preventDefault();
        setError('');
        try {
          usePortalStore.getState().login(await api.login({ email: email.trim().toLowerCase(), password }));
        } catch (err) {
          setError(err instanceof ApiError ? err.message : String(err));
        }
      }}
      style={{ display: 'inline-flex', gap: 4 }}
    >
      <input aria-label="Email" placeholder="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <input aria-label="Contraseña" placeholder="contraseña" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <button type="submit">Entrar</button>
      {error && <span role="alert" style={{ color: '#b91c1c' }}>{error}</span>}
    </form>
  );
}

export async function startStandalone({ title, remote, pages }: { title: string; remote: RemoteName; pages: PageModules }) {
  const routes = standaloneRoutes(remote, pages);
  const res = await fetch('/config.json', { cache: 'no-cache' });
  const config = parseRuntimeConfig(await res.json());
  // QA can point the harness at another API: ?api=http://host:port (remembered in sessionStorage).
  const apiOverride = new URLSearchParams(location.search).get('api') ?? sessionStorage.getItem('qa-api');
  if (apiOverride) {
    sessionStorage.setItem('qa-api', apiOverride);
    config.apiBaseUrl = apiOverride;
  }
  usePortalStore.getState().setConfig(config);
  // Other remotes this one renders (e.g. the listing card) come from their own dev servers.
  registerRemotes(Object.entries(config.remotes ?? {}).map(([name, entry]) => ({ name, entry })));
  usePortalStore.getState().setRemoteLoader((id) => loadRemote(id));
  usePortalStore.getState().restoreSession();
  createRoot(document.getElementById('root')!).render(
    <ConfigProvider theme={{ algorithm: theme.defaultAlgorithm, token: ANTD_THEME_TOKENS }}>
      <BrowserRouter>
        <header style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', padding: 8, background: '#fff7ed', borderBottom: '2px solid #c2410c' }}>
          <strong>{title} (QA)</strong>
          {routes.filter((r) => r.label).map((r) => (
            <Link key={r.path} to={r.path}>{r.label}</Link>
          ))}
          <span style={{ marginLeft: 'auto' }}>
            <HarnessLogin />
          </span>
        </header>
        <main style={{ padding: 16 }}>
          <Routes>
            {routes.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
          </Routes>
        </main>
      </BrowserRouter>
    </ConfigProvider>,
  );
}

import { useRef, type ReactNode } from 'react';
import { BrowserRouter, useLocation } from 'web-runtime/router';
import { PageDataContext, usePortalStore } from 'web-runtime/store';
import { ThemeProvider } from './theme-provider';
import { AppRoutes } from './routes';

const NO_DATA = {};

/**
 * The data the server rendered the first page with, for that page only: once the user has moved
 * to another address it is never offered again (coming back to that page fetches fresh data).
 */
export function FirstPageData({ data, children }: { data: Record<string, unknown>; children: ReactNode }) {
  const { key } = useLocation();
  const first = useRef(key);
  const left = useRef(false);
  if (key !== first.current) left.current = true;
  return <PageDataContext.Provider value={left.current ? NO_DATA : data}>{children}</PageDataContext.Provider>;
}

/** `pageData`: what the server rendered the page with (window.__PORTAL_SSR__), when it did. */
export function App({ pageData = NO_DATA }: { pageData?: Record<string, unknown> }) {
  const testRoutes = usePortalStore((s) => s.config?.testRoutes ?? false);
  return (
    <ThemeProvider>
      <BrowserRouter>
        <FirstPageData data={pageData}>
          <AppRoutes testRoutes={testRoutes} />
        </FirstPageData>
      </BrowserRouter>
    </ThemeProvider>
  );
}

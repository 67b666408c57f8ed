import type { ReactNode } from 'react';
import { BrowserRouter } from 'shared-contracts/router';
import { PageDataContext, usePortalStore } from 'shared-contracts/store';
import { ThemeProvider } from './theme-provider';
import { AppRoutes } from './routes';

/** What both the browser and the server render around the router. */
export function AppFrame({ pageData, children }: { pageData: Record<string, unknown>; children: ReactNode }) {
  return (
    <PageDataContext.Provider value={pageData}>
      <ThemeProvider>{children}</ThemeProvider>
    </PageDataContext.Provider>
  );
}

const NO_DATA = {};

/** `pageData`: what the server rendered the page with (window.__PORTAL_SSR__), when it did. */
export function App({ pageData = NO_DATA }: { pageData?: Record<string, unknown> }) {
  const testRoutes = usePortalStore((s) => s.config?.testRoutes ?? false);
  return (
    <AppFrame pageData={pageData}>
      <BrowserRouter>
        <AppRoutes testRoutes={testRoutes} />
      </BrowserRouter>
    </AppFrame>
  );
}

/**
 * Renders a page the way the shell does: real router, real shared store pointed at the test's
 * API. The current location is printed so tests can assert navigation.
 */
import { StrictMode, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'web-runtime/router';
import { parseRuntimeConfig } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The store (reset before each test by jest/setup-dom.ts) pointed at the test's API. */
export function pointStoreAt(apiBaseUrl: string) {
  usePortalStore.getState().setConfig(parseRuntimeConfig({ apiBaseUrl }));
}

/**
 * These tests talk to a real HTTP server, so the page updates when answers arrive, outside any
 * act() scope; every assertion waits (findBy / waitFor). Declaring a non-act environment after
 * the initial render is React's documented switch for such tests; it stops the act() warnings
 * that setup-dom would otherwise turn into failures.
 */
export function renderPage(page: ReactElement, { path, url }: { path: string; url: string }) {
  const result = render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </StrictMode>,
  );
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  return result;
}

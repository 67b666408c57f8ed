import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { usePortalStore } from 'shared-contracts/store';
import { ThemeProvider } from './theme-provider';
import { buildRoutes } from './routes';

export function App() {
  const testRoutes = usePortalStore((s) => s.config?.testRoutes ?? false);
  const router = useMemo(() => createBrowserRouter(buildRoutes({ testRoutes })), [testRoutes]);
  return (
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}

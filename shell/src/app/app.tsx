import { BrowserRouter } from 'shared-contracts/router';
import { usePortalStore } from 'shared-contracts/store';
import { ThemeProvider } from './theme-provider';
import { AppRoutes } from './routes';

export function App() {
  const testRoutes = usePortalStore((s) => s.config?.testRoutes ?? false);
  return (
    <ThemeProvider>
      <BrowserRouter>
        <AppRoutes testRoutes={testRoutes} />
      </BrowserRouter>
    </ThemeProvider>
  );
}

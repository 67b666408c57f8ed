/** Page frame: header (with drawer on phones), the routed page, footer; session upkeep. */
import { Outlet } from 'web-runtime/router';
import { Header } from '../components/header';
import { Footer } from '../components/footer';
import { useSessionUpkeep } from '../hooks/use-session-upkeep';

export function Layout() {
  useSessionUpkeep();
  return (
    <div className="app">
      <Header />
      <main className="app-main" id="contenido">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** Standalone QA mode: this remote's pages in the shared harness, against the real API. */
import { startStandalone } from 'web-runtime/harness';
import HomePage from './pages/home-page';

void startStandalone({
  title: 'Búsqueda',
  routes: [
    { path: '/', element: <HomePage />, label: 'Inicio' },
  ],
});

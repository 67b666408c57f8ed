/** Standalone QA mode: this remote's pages in the shared harness, against the real API. */
import { startStandalone } from 'web-runtime/harness';
import AnuncioDetailPage from './pages/anuncio-detail-page';
import FavoritosPage from './pages/favoritos-page';

void startStandalone({
  title: 'Anuncio',
  routes: [
    { path: '/anuncioDetailedView/:anuncioId', element: <AnuncioDetailPage /> },
    { path: '/favoritos', element: <FavoritosPage /> },
  ],
});

/** Standalone QA mode: this remote's pages in the shared harness, against the real API. */
import { startStandalone } from 'web-runtime/harness';
import MisAnunciosPage from './pages/mis-anuncios-page';
import AgregarAnuncioPage from './pages/agregar-anuncio-page';
import EditarAnuncioPage from './pages/editar-anuncio-page';
import RenovarAnuncioPage from './pages/renovar-anuncio-page';

void startStandalone({
  title: 'Publicar',
  routes: [
    { path: '/misAnuncios', element: <MisAnunciosPage />, label: 'Mis anuncios' },
    { path: '/agregarAnuncio', element: <AgregarAnuncioPage />, label: 'Agregar anuncio' },
    { path: '/editarAnuncio/:anuncioId', element: <EditarAnuncioPage /> },
    { path: '/renovarAnuncio/:anuncioId/:token', element: <RenovarAnuncioPage /> },
  ],
});

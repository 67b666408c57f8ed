/** / — the home page (SPEC §2 Home): search panel, results as a grid or a map, the view toggle. */
import { lazy, Suspense, useEffect, useRef } from 'react';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { MAP, MSG } from 'shared-contracts';
import { usePortalStore } from 'shared-contracts/store';
import { StatusPanel, preloadRemote } from 'shared-contracts/remote';
import { SearchPanel } from '../features/search-panel/search-panel';
import { CARD_EXPOSE, ResultsGrid } from '../features/results/results-grid';
import { useAnuncios } from '../features/results/use-anuncios';
import './home-page.css';

// leaflet and its CSS are fetched only when the map is shown; the error and empty states only
// when they happen (decision 0004: the first page carries what it shows)
const MapView = lazy(() => import('../features/map-view/map-view'));
const Empty = lazy(() => import('antd/es/empty'));

export const SIN_RESULTADOS = 'No encontramos anuncios con esos filtros';
export const ERROR_LISTA = 'No pudimos cargar los anuncios.';
const NO_OPTIONS = { placeOptions: [], regionOptions: [], localityOptions: [] };

export default function HomePage() {
  const { state, retry } = useAnuncios();
  const currentPage = usePortalStore((s) => s.currentPage);
  const viewMode = usePortalStore((s) => s.viewMode);
  const resultsTop = useRef<HTMLDivElement>(null);
  const data = state.data;
  // the cards' remote loads while the list is fetched, not after it
  useEffect(() => {
    if (viewMode === 'list') preloadRemote(CARD_EXPOSE);
  }, [viewMode]);

  const changePage = (page: number) => {
    usePortalStore.getState().setCurrentPage(page);
    resultsTop.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  let body;
  if (state.status === 'error') {
    body = (
      <StatusPanel
        status="warning"
        title={ERROR_LISTA}
        subTitle={state.message}
        actions={
          <Button type="primary" onClick={retry}>
            {MSG.reintentar}
          </Button>
        }
      />
    );
  } else if (!data) {
    body = (
      <div className="home-loading">
        <Spin size="large" aria-label="Cargando anuncios" />
      </div>
    );
  } else if (data.anuncios.length === 0 && state.status === 'ok') {
    body = (
      <Suspense fallback={<p>{SIN_RESULTADOS}</p>}>
        <Empty description={SIN_RESULTADOS} />
      </Suspense>
    );
  } else if (viewMode === 'map') {
    body = (
      <Suspense fallback={<div aria-busy="true" style={{ height: MAP.heightPx, background: '#f3f4f6', borderRadius: 8 }} />}>
        <MapView anuncios={data.anuncios} />
      </Suspense>
    );
  } else {
    body = <ResultsGrid anuncios={data.anuncios} count={data.count} countEstimated={data.countEstimated} currentPage={currentPage} onPageChange={changePage} />;
  }

  return (
    <div className="home-page">
      <SearchPanel options={data ?? NO_OPTIONS} />
      <div ref={resultsTop} className="home-results" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && data && <Spin className="home-refreshing" aria-label="Cargando anuncios" />}
        {body}
      </div>
      {data && data.anuncios.length > 0 && (
        <Button
          type="primary"
          shape="round"
          size="large"
          className="home-view-toggle"
          onClick={() => usePortalStore.getState().setViewMode(viewMode === 'map' ? 'list' : 'map')}
        >
          {viewMode === 'map' ? MSG.verLista : MSG.verMapa}
        </Button>
      )}
    </div>
  );
}

/**
 * / and the landing pages (/venta/apartamento/piantini) — the home page (SPEC §2 Home): search
 * panel, results as a grid or a map, the view toggle. The search lives in the address: the panel's
 * Buscar and the pager go to a new URL, and this page shows what the URL says.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { LANDING_MSG, MAP, MSG, ORDEN_DEFAULT, pageHref, parseSearch, searchHref, type Filters } from 'shared-contracts';
import { useLocation, useNavigate } from 'web-runtime/router';
import { usePortalStore } from 'web-runtime/store';
import { StatusPanel, preloadRemote } from 'web-runtime/remote';
import { SearchPanel } from '../features/search-panel/components/search-panel';
import { OrdenSelect } from '../features/search-panel/components/orden-select';
import { ordenHref } from '../features/search-panel/lib/orden-href';
import { CARD_EXPOSE, ResultsGrid } from '../features/results/components/results-grid';
import { useAnuncios } from '../features/results/hooks/use-anuncios';
import { landingHeading } from '../features/results/lib/landing-heading';
import { SaveSearchButton } from '../features/save-search/components/save-search-button';
import type { MapArea } from '../features/map-view/components/map-view';
import { useWideScreen } from '../features/map-view/hooks/use-wide-screen';
import './home-page.css';

/** The server renderer's data for this page (page manifest: ssr). */
export { serverData } from './home-server-data';

// leaflet and its CSS are fetched only when the map is shown; the error and empty states only
// when they happen (decision 0004: the first page carries what it shows)
const MapView = lazy(() => import('../features/map-view/components/map-view'));
const Empty = lazy(() => import('antd/es/empty'));

export const SIN_RESULTADOS = 'No encontramos anuncios con esos filtros';
export const ERROR_LISTA = 'No pudimos cargar los anuncios.';
const NO_OPTIONS = { placeOptions: [], regionOptions: [], localityOptions: [] };

export default function HomePage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { status, data, error, fetching, refetch } = useAnuncios(pathname, search);
  const viewMode = usePortalStore((s) => s.viewMode);
  // issue 44: on a desktop the map shows beside the list, a card and its pin marking each other
  const wide = useWideScreen();
  const [hovered, setHovered] = useState<string | null>(null);
  const resultsTop = useRef<HTMLDivElement>(null);
  const page = data?.page ?? 1;
  const orden = data?.orden ?? ORDEN_DEFAULT;
  // the cards' remote loads while the list is fetched, not after it
  useEffect(() => {
    if (viewMode === 'list') preloadRemote(CARD_EXPOSE);
  }, [viewMode]);
  // another page of the same search: back to the top of the results
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current !== page) resultsTop.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    shownPage.current = page;
  }, [page]);

  const hrefFor = (p: number) => pageHref(pathname, search, p);
  const setViewMode = (mode: 'map' | 'list') => usePortalStore.getState().setViewMode(mode);
  // Issue 44: the map's area (box or drawn) belongs to the search in the address: the map sets or
  // clears it, the panel's searches keep it
  const area = (f: Filters | undefined): Filters => ({ ...(f?.zona ? { zona: f.zona } : {}), ...(f?.poligono ? { poligono: f.poligono } : {}) });
  const hasArea = Boolean(data?.filters.zona || data?.filters.poligono);
  const onArea = (next: MapArea) => {
    const { zona: _z, poligono: _p, ...rest } = parseSearch(search).filters;
    navigate(searchHref({ filters: { ...rest, ...next }, page: 1, orden }, pathname));
  };

  let body;
  if (status === 'success' && !data) {
    body = (
      <StatusPanel
        status="404"
        title={MSG.regresaPaginaPrincipal}
        actions={
          <Button type="primary" href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>
            Ir al inicio
          </Button>
        }
      />
    );
  } else if (status === 'error') {
    body = (
      <StatusPanel
        status="warning"
        title={ERROR_LISTA}
        subTitle={error instanceof Error ? error.message : String(error)}
        actions={
          <Button type="primary" onClick={() => void refetch()}>
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
  } else if (data.response.anuncios.length === 0 && status === 'success' && !(hasArea && viewMode === 'map')) {
    // a landing page of a known place with nothing yet (issue 39): say so, "Guardar búsqueda" is above
    const empty = data.landing ? `${LANDING_MSG.sinAnuncios(landingHeading(data))} ${LANDING_MSG.avisame}` : SIN_RESULTADOS;
    body = (
      <Suspense fallback={<p>{empty}</p>}>
        <Empty description={empty} />
      </Suspense>
    );
  } else {
    const beside = viewMode === 'map' && wide;
    const marked = beside ? data.response.anuncios.find((a) => a._id === hovered) : undefined;
    const grid = (
      <ResultsGrid
        anuncios={data.response.anuncios}
        count={data.response.count}
        countEstimated={data.response.countEstimated}
        currentPage={page}
        hrefFor={hrefFor}
        toolbar={<OrdenSelect orden={orden} onChange={(o) => navigate(ordenHref(pathname, search, o))} />}
        {...(beside ? { highlighted: hovered, onHover: setHovered } : {})}
      />
    );
    const mapView = viewMode === 'map' && (
      <Suspense fallback={<div aria-busy="true" style={{ height: MAP.heightPx, background: '#f3f4f6', borderRadius: 8 }} />}>
        <MapView
          filters={data.filters}
          onArea={onArea}
          onShowList={() => setViewMode('list')}
          {...(beside
            ? { onHover: setHovered, highlighted: marked?.latitude != null && marked.longitude != null ? { id: marked._id, lat: marked.latitude, lng: marked.longitude } : null }
            : {})}
        />
      </Suspense>
    );
    body = beside ? (
      <div className="home-split">
        <div className="home-split-list">{grid}</div>
        <div className="home-split-map">{mapView}</div>
      </div>
    ) : (
      mapView || grid
    );
  }

  return (
    <div className="home-page">
      {data?.landing && <h1 className="home-landing-title">{landingHeading(data)}</h1>}
      <SearchPanel options={data?.response ?? NO_OPTIONS} filters={data?.filters ?? {}} onSearch={(filters) => navigate(searchHref({ filters: { ...filters, ...area(data?.filters) }, page: 1, orden }))} />
      {data && Object.keys(data.filters).length > 0 && <SaveSearchButton filters={data.filters} />}
      <div ref={resultsTop} className="home-results" aria-busy={fetching}>
        {fetching && data && <Spin className="home-refreshing" aria-label="Cargando anuncios" />}
        {body}
      </div>
      {data && (data.response.anuncios.length > 0 || hasArea) && (
        <Button
          type="primary"
          shape="round"
          size="large"
          className="home-view-toggle"
          onClick={() => setViewMode(viewMode === 'map' ? 'list' : 'map')}
        >
          {viewMode === 'map' ? MSG.verLista : MSG.verMapa}
        </Button>
      )}
    </div>
  );
}

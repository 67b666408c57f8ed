/** /anuncioDetailedView/:anuncioId — a listing in detail (SPEC §2 "Listing detail"). */
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'web-runtime/router';
import Button from 'antd/es/button';
import { agenciasAlso, MSG, ROUTES, type ServerDataLoader } from 'shared-contracts';
import { StatusPanel } from 'web-runtime/remote';
import { AnuncioDetail } from '../features/anuncio-detail/components/anuncio-detail';
import { Breadcrumb } from '../features/anuncio-detail/components/breadcrumb';
import { listingHead } from '../features/anuncio-detail/lib/listing-head';
import { anuncioKey, getAnuncio, useAnuncio } from '../features/anuncio-detail/api/get-anuncio';
import { useCountView } from '../features/anuncio-detail/hooks/use-count-view';
import { useDocumentMeta } from '../features/anuncio-detail/hooks/use-document-meta';
import { ReportListing } from '../features/report-listing/components/report-listing';

// the spinner shows only while a listing loads in the browser, never on a server-rendered detail (issue 43)
const Spin = lazy(() => import('antd/es/spin'));

export const IR_AL_INICIO = 'Ir al inicio';
export const ERROR_CARGA = 'No pudimos cargar este anuncio.';

export default function AnuncioDetailPage() {
  const { anuncioId = '' } = useParams();
  const navigate = useNavigate();
  const state = useAnuncio(anuncioId);
  const goHome = () => navigate(ROUTES.home);
  useDocumentMeta(state.status === 'ok' ? state.anuncio : null);
  useCountView(state.status === 'ok' ? anuncioId : null);

  if (state.status === 'ok') {
    return (
      <>
        <Breadcrumb anuncio={state.anuncio} />
        <AnuncioDetail anuncio={state.anuncio} />
        {/* Issue 23: anyone may report the listing. */}
        <ReportListing anuncioId={state.anuncio._id} />
      </>
    );
  }
  if (state.status === 'loading') {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
        <Suspense fallback={null}>
          <Spin size="large" aria-label="Cargando anuncio" />
        </Suspense>
      </div>
    );
  }
  if (state.status === 'not-found') {
    return (
      <StatusPanel
        status="404"
        title={MSG.regresaPaginaPrincipal}
        actions={
          <Button type="primary" href={ROUTES.home} onClick={(e) => (e.preventDefault(), goHome())}>
            {IR_AL_INICIO}
          </Button>
        }
      />
    );
  }
  return (
    <StatusPanel
      status="warning"
      title={ERROR_CARGA}
      subTitle={state.message}
      actions={
        <>
          <Button type="primary" onClick={state.retry}>
            {MSG.reintentar}
          </Button>
          <Button onClick={goHome}>{IR_AL_INICIO}</Button>
        </>
      }
    />
  );
}

/**
 * On the server (shell's renderer): the listing, embedded for hydration, with its metadata; a
 * listing that does not exist answers 404 with the SPEC's message. Other API failures throw
 * (the renderer answers 503).
 */
export const serverData: ServerDataLoader = async ({ params, api, siteUrl }) => {
  const anuncioId = params.anuncioId ?? '';
  // the browser's query of this listing starts from this answer (same key, same fetcher)
  const key = anuncioKey(anuncioId);
  const signal = AbortSignal.timeout(5000);
  const [anuncio, also] = await Promise.all([getAnuncio(api, anuncioId, signal), agenciasAlso(api, signal)]);
  if (!anuncio) return { status: 404, key, data: null };
  return { status: 200, key, data: anuncio, head: listingHead(anuncio, siteUrl), also };
};

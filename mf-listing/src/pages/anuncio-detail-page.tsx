/** /anuncioDetailedView/:anuncioId — a listing in detail (SPEC §2 "Listing detail"). */
import { useNavigate, useParams } from 'shared-contracts/router';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { MSG, ROUTES } from 'shared-contracts';
import { StatusPanel } from 'shared-contracts/remote';
import { AnuncioDetail } from '../features/anuncio-detail/anuncio-detail';
import { useAnuncio } from '../features/anuncio-detail/use-anuncio';
import { useDocumentMeta } from '../features/anuncio-detail/use-document-meta';

export const IR_AL_INICIO = 'Ir al inicio';
export const ERROR_CARGA = 'No pudimos cargar este anuncio.';

export default function AnuncioDetailPage() {
  const { anuncioId = '' } = useParams();
  const navigate = useNavigate();
  const { state, retry } = useAnuncio(anuncioId);
  const goHome = () => navigate(ROUTES.home);
  useDocumentMeta(state.anuncio);

  if (state.status === 'ok') return <AnuncioDetail anuncio={state.anuncio} />;
  if (state.status === 'loading') {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
        <Spin size="large" aria-label="Cargando anuncio" />
      </div>
    );
  }
  if (state.status === 'not-found') {
    return (
      <StatusPanel
        status="404"
        title={MSG.regresaPaginaPrincipal}
        actions={
          <Button type="primary" onClick={goHome}>
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
          <Button type="primary" onClick={retry}>
            {MSG.reintentar}
          </Button>
          <Button onClick={goHome}>{IR_AL_INICIO}</Button>
        </>
      }
    />
  );
}

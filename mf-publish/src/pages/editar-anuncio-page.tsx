/** /editarAnuncio/:anuncioId — the owner edits a listing (issue 20): the add form, prefilled. */
import { useParams } from 'web-runtime/router';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { ESTADO_LABELS, MSG } from 'shared-contracts';
import { AnuncioForm } from '../features/anuncio-form/components/anuncio-form';
import { useOwnAnuncio } from '../features/editar-anuncio/api/get-own-anuncio';

export default function EditarAnuncioPage() {
  const { anuncioId = '' } = useParams();
  const { anuncio, error } = useOwnAnuncio(anuncioId);
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: '16px 12px' }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {MSG.editarAnuncio}
      </Typography.Title>
      {error && (
        <Typography.Paragraph type="danger" role="alert">
          {error}
        </Typography.Paragraph>
      )}
      {anuncio ? (
        <>
          {anuncio.estado && anuncio.estado !== 'activo' && (
            <Typography.Paragraph type="secondary">Estado: {ESTADO_LABELS[anuncio.estado]}. Guardar los cambios no lo cambia.</Typography.Paragraph>
          )}
          <AnuncioForm key={anuncio._id} editing={anuncio} />
        </>
      ) : (
        !error && <Spin size="large" aria-label="Cargando anuncio" style={{ display: 'block', margin: '48px auto' }} />
      )}
    </div>
  );
}

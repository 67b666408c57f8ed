/** /renovarAnuncio/:anuncioId/:token — the reminder email's one-click renewal, no session needed (issue 20). */
import { useNavigate, useParams } from 'web-runtime/router';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { MSG, ROUTES, anuncioPath } from 'shared-contracts';
import { useRenovarLink } from '../features/renovar-anuncio/hooks/use-renovar-link';

export default function RenovarAnuncioPage() {
  const { anuncioId = '', token = '' } = useParams();
  const navigate = useNavigate();
  const state = useRenovarLink(anuncioId, token);

  if (state.status === 'loading') {
    return (
      <div role="status" style={{ display: 'grid', placeItems: 'center', gap: 12, minHeight: 320 }}>
        <Spin size="large" />
        <Typography.Text>{MSG.renovandoAnuncio}</Typography.Text>
      </div>
    );
  }
  if (state.status === 'ok') {
    const expires = state.anuncio.expiresAt ? new Date(state.anuncio.expiresAt).toLocaleDateString('es-DO', { day: 'numeric', month: 'long', year: 'numeric' }) : null;
    return (
      <Result
        status="success"
        title={<span role="status">{state.yaRenovado ? MSG.anuncioYaRenovado : MSG.anuncioRenovado}</span>}
        subTitle={[state.anuncio.title, expires && `Vence el ${expires}.`].filter(Boolean).join(' · ')}
        extra={
          <Button type="primary" onClick={() => navigate(anuncioPath(state.anuncio._id))}>
            Ver anuncio
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="warning"
      title={<span role="alert">{state.message}</span>}
      subTitle="Puedes renovar el anuncio desde Mis anuncios después de iniciar sesión."
      extra={
        <Button type="primary" onClick={() => navigate(ROUTES.misAnuncios)}>
          Ir a Mis anuncios
        </Button>
      }
    />
  );
}

/** Every listing of the agency, for its administrator (issue 46): who published it, its status, a link to edit it. */
import Spin from 'antd/es/spin';
import { Link } from 'web-runtime/router';
import { anuncioPath, editarAnuncioPath } from 'shared-contracts';
import { useApi, usePortalStore, useQuery } from 'web-runtime/store';
import { errorText } from 'web-runtime/request';
import { FormError } from '../../../components/form-error';

export function AnunciosInmobiliaria() {
  const api = useApi();
  const token = usePortalStore((s) => s.user?.token ?? '');
  const { status, data, error } = useQuery(token ? `anunciosInmobiliaria:${token}` : null, (signal) => api.anunciosInmobiliaria(token, signal));
  return (
    <section aria-labelledby="anuncios-inmobiliaria-titulo" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h2 id="anuncios-inmobiliaria-titulo" style={{ margin: 0, fontSize: 20 }}>
        Anuncios de la inmobiliaria
      </h2>
      {status === 'loading' && <Spin aria-label="Cargando anuncios" />}
      {status === 'error' && <FormError error={errorText(error)} />}
      {status === 'success' && data && data.anuncios.length === 0 && <p style={{ margin: 0 }}>La inmobiliaria aún no tiene anuncios.</p>}
      {status === 'success' && data && data.anuncios.length > 0 && (
        <ul aria-label="Anuncios de la inmobiliaria" style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
          {data.anuncios.map((a) => (
            <li key={a._id} style={{ listStyle: 'none', display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              <Link to={anuncioPath(a._id)}>{a.title || 'Sin título'}</Link>
              <span>· {a.agente || 'Sin agente'} · {a.estado}</span>
              <Link to={editarAnuncioPath(a._id)} aria-label={`Editar ${a.title || 'anuncio'}`}>
                Editar
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

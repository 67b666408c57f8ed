/**
 * Every listing of the agency, for its administrator (issue 46): who published it, its status and
 * figures, a link to edit it, and Borrar.
 */
import { useState, type MouseEvent, type ReactNode } from 'react';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useNavigate } from 'web-runtime/router';
import { anuncioPath, editarAnuncioPath } from 'shared-contracts';
import { useApi, usePortalStore, useQuery } from 'web-runtime/store';
import { errorText } from 'web-runtime/request';
import { FormError } from '../../../components/form-error';

/** A real link (new tab, no JavaScript) in the theme's link colour (readable in the dark scheme); a plain click stays in the app. */
function AppLink({ to, label, children }: { to: string; label?: string; children: ReactNode }) {
  const navigate = useNavigate();
  const open = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <Typography.Link href={to} onClick={open} aria-label={label}>
      {children}
    </Typography.Link>
  );
}

export function AnunciosInmobiliaria() {
  const api = useApi();
  const token = usePortalStore((s) => s.user?.token ?? '');
  const { status, data, error, setData } = useQuery(token ? `anunciosInmobiliaria:${token}` : null, (signal) => api.anunciosInmobiliaria(token, signal));
  const [actionError, setActionError] = useState<string | null>(null);

  async function remove(id: string) {
    setActionError(null);
    try {
      await api.deleteAnuncio(id, token);
      setData((r) => ({ ...r, anuncios: r.anuncios.filter((a) => a._id !== id) }));
    } catch (err) {
      setActionError(errorText(err));
    }
  }

  return (
    <section aria-labelledby="anuncios-inmobiliaria-titulo" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h2 id="anuncios-inmobiliaria-titulo" style={{ margin: 0, fontSize: 20 }}>
        Anuncios de la inmobiliaria
      </h2>
      {status === 'loading' && <Spin aria-label="Cargando anuncios" />}
      {status === 'error' && <FormError error={errorText(error)} />}
      {status === 'success' && data && data.anuncios.length === 0 && <p style={{ margin: 0 }}>La inmobiliaria aún no tiene anuncios.</p>}
      {status === 'success' && data && data.anuncios.length > 0 && (
        <ul aria-label="Anuncios de la inmobiliaria" style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          {data.anuncios.map((a) => {
            const title = a.title || 'Sin título';
            return (
              <li key={a._id} style={{ listStyle: 'none', display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
                <AppLink to={anuncioPath(a._id)}>{title}</AppLink>
                <span>
                  · {a.agente || 'Sin agente'} · {a.estado} · {a.estadisticas.vistas} vistas · {a.estadisticas.contactos + a.estadisticas.whatsapp} contactos
                </span>
                <AppLink to={editarAnuncioPath(a._id)} label={`Editar ${title}`}>
                  Editar
                </AppLink>
                <Popconfirm title={`¿Borrar "${title}"?`} okText="Borrar" cancelText="Cancelar" onConfirm={() => remove(a._id)}>
                  <Button danger size="small" aria-label={`Borrar ${title}`}>
                    Borrar
                  </Button>
                </Popconfirm>
              </li>
            );
          })}
        </ul>
      )}
      <FormError error={actionError} />
    </section>
  );
}

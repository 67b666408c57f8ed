/**
 * /miInmobiliaria (issue 46, decision 0042): an account without an agency creates one (and is its
 * administrator); the administrator edits its profile, invites and removes agents and sees every
 * listing of the agency; an agent sees which agency they belong to.
 */
import Spin from 'antd/es/spin';
import { AGENCIA_ROL_LABELS, MI_INMOBILIARIA_MSG } from 'shared-contracts';
import { FormError } from '../components/form-error';
import { useMiInmobiliaria } from '../features/mi-inmobiliaria/api/use-mi-inmobiliaria';
import { PerfilForm } from '../features/mi-inmobiliaria/components/perfil-form';
import { Equipo } from '../features/mi-inmobiliaria/components/equipo';
import { AnunciosInmobiliaria } from '../features/mi-inmobiliaria/components/anuncios-inmobiliaria';

export default function MiInmobiliariaPage() {
  const { status, data, error, crear, editar, invitar, quitar } = useMiInmobiliaria();
  const agencia = data?.agencia ?? null;
  return (
    <section aria-labelledby="mi-inmobiliaria-titulo" style={{ maxWidth: 760, margin: '0 auto', padding: '16px 0', display: 'flex', flexDirection: 'column', gap: 20 }}>
      <h1 id="mi-inmobiliaria-titulo" style={{ margin: 0 }}>
        Mi inmobiliaria
      </h1>
      {status === 'loading' && <Spin size="large" aria-label="Cargando tu inmobiliaria" />}
      {status === 'error' && <FormError error={error} />}
      {status === 'success' && data && !agencia && (
        <>
          <p style={{ margin: 0 }}>
            Crea la inmobiliaria de tu equipo: serás su administrador, podrás invitar a tus agentes y todos sus anuncios se publicarán a nombre de la inmobiliaria, con el plan de tu cuenta.
          </p>
          <PerfilForm submitLabel="Crear inmobiliaria" savedText={MI_INMOBILIARIA_MSG.creada} onSubmit={crear} />
        </>
      )}
      {status === 'success' && data && agencia && data.rol === 'agente' && (
        <p style={{ margin: 0 }}>
          Eres <strong>{AGENCIA_ROL_LABELS.agente.toLowerCase()}</strong> de <strong>{agencia.nombre}</strong>: tus anuncios se publican a nombre de la inmobiliaria y usan su plan.
        </p>
      )}
      {status === 'success' && data && agencia && data.rol === 'admin' && (
        <>
          <p style={{ margin: 0 }}>
            Administras <strong>{agencia.nombre}</strong>.
          </p>
          <section aria-labelledby="perfil-titulo" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <h2 id="perfil-titulo" style={{ margin: 0, fontSize: 20 }}>
              Perfil
            </h2>
            <PerfilForm key={agencia.slug} initial={agencia} submitLabel="Guardar perfil" savedText={MI_INMOBILIARIA_MSG.guardada} onSubmit={editar} />
          </section>
          <Equipo data={data} onInvite={invitar} onRemove={quitar} />
          <AnunciosInmobiliaria />
        </>
      )}
    </section>
  );
}

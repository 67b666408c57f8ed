/** The administrator's team (issue 46): invite an agent by email, the pending invitations, the members and "Quitar". */
import { useState, type FormEvent } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import { AGENCIA_ROL_LABELS, MI_INMOBILIARIA_MSG, type MiInmobiliariaResponse } from 'shared-contracts';
import { FormError } from '../../../components/form-error';

interface Props {
  data: MiInmobiliariaResponse;
  onInvite(email: string): Promise<string | null>;
  onRemove(userId: string): Promise<string | null>;
}

export function Equipo({ data, onInvite, onRemove }: Props) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function invite(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setSent(null);
    const to = email.trim();
    const err = await onInvite(to);
    setError(err);
    if (!err) {
      setSent(MI_INMOBILIARIA_MSG.invitacionEnviada(to.toLowerCase()));
      setEmail('');
    }
    setBusy(false);
  }

  async function remove(userId: string) {
    setSent(null);
    const err = await onRemove(userId);
    setError(err);
    if (!err) setSent(MI_INMOBILIARIA_MSG.agenteQuitado);
  }

  return (
    <section aria-labelledby="equipo-titulo" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <h2 id="equipo-titulo" style={{ margin: 0, fontSize: 20 }}>
        Agentes
      </h2>
      <form onSubmit={invite} aria-label="Invitar agente" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        <label htmlFor="invitar-email">Email del agente a invitar</label>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Input id="invitar-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} style={{ flex: '1 1 240px' }} />
          <Button type="primary" htmlType="submit" loading={busy}>
            Enviar invitación
          </Button>
        </div>
      </form>
      {sent && (
        <p role="status" style={{ margin: 0, color: '#166534' }}>
          {sent}
        </p>
      )}
      <FormError error={error} />
      {data.invitaciones.length > 0 && (
        <>
          <h3 style={{ margin: 0, fontSize: 16 }}>Invitaciones pendientes</h3>
          <ul aria-label="Invitaciones pendientes" style={{ margin: 0, paddingLeft: 20 }}>
            {data.invitaciones.map((i) => (
              <li key={i.email}>
                {i.email} (vence el {new Date(i.vence).toLocaleDateString('es-DO')})
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 style={{ margin: 0, fontSize: 16 }}>Miembros</h3>
      <ul aria-label="Miembros" style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {data.miembros.map((m) => (
          <li key={m._id} style={{ listStyle: 'none', display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <span style={{ flex: '1 1 200px' }}>
              <strong>{m.nombre || m.email}</strong> · {m.email} · {AGENCIA_ROL_LABELS[m.rol]}
            </span>
            {m.rol === 'agente' && (
              <Popconfirm title={`¿Quitar a ${m.nombre || m.email}? Sus anuncios seguirán con la inmobiliaria.`} okText="Quitar" cancelText="Cancelar" onConfirm={() => remove(m._id)}>
                <Button danger aria-label={`Quitar a ${m.nombre || m.email}`}>
                  Quitar
                </Button>
              </Popconfirm>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

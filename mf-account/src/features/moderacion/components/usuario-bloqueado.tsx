/**
 * One blocked account in the moderators' list (issue 40): who, since when and why, what the block
 * covers (its phone numbers and how many photos: a listing using one is held for review), and
 * Desbloquear with a required reason and a confirmation.
 */
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import { MSG, formatPhone, type UsuarioBloqueado as Usuario } from 'shared-contracts';
import { when } from './when';

export interface UsuarioBloqueadoProps {
  usuario: Usuario;
  busy: boolean;
  error: string | null;
  onDesbloquear(motivo: string): void;
}

export function UsuarioBloqueado({ usuario, busy, error, onDesbloquear }: UsuarioBloqueadoProps) {
  const [motivo, setMotivo] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonId = `desbloqueo-${usuario._id}`;
  const fotos = `${usuario.fotos} ${usuario.fotos === 1 ? 'foto' : 'fotos'}`;
  return (
    <Card aria-label={`Usuario bloqueado: ${usuario.email}`} title={<span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{`${usuario.name} ${usuario.apellido} (${usuario.email})`}</span>} style={{ marginBottom: 16 }}>
      <p style={{ margin: '0 0 8px' }}>Bloqueado el {when(usuario.bloqueadoAt)}</p>
      {usuario.motivo && <p style={{ margin: '0 0 8px', overflowWrap: 'anywhere' }}>Motivo: {usuario.motivo}</p>}
      <p style={{ margin: '0 0 8px' }}>
        Se retienen los anuncios nuevos con{' '}
        {usuario.telefonos.length ? `los teléfonos ${usuario.telefonos.map(formatPhone).join(', ')}` : 'ningún teléfono'} o con sus {fotos}.
      </p>
      <label htmlFor={reasonId} style={{ display: 'block', fontWeight: 600, margin: '8px 0 4px' }}>
        Motivo del desbloqueo
      </label>
      <Input.TextArea id={reasonId} value={motivo} maxLength={500} rows={2} onChange={(e) => setMotivo(e.target.value)} />
      {missing && (
        <div role="alert" style={{ color: '#cf1322', marginTop: 4 }}>
          {MSG.motivoModeracionRequerido}
        </div>
      )}
      <div style={{ marginTop: 12 }}>
        <Popconfirm
          title="¿Desbloquear a este usuario?"
          description="Podrá iniciar sesión, sus anuncios vuelven y sus teléfonos y fotos dejan de retener anuncios."
          okText="Sí, desbloquear"
          cancelText="Cancelar"
          disabled={busy || !motivo.trim()}
          onConfirm={() => onDesbloquear(motivo.trim())}
        >
          <Button disabled={busy} onClick={() => setMissing(!motivo.trim())}>
            Desbloquear
          </Button>
        </Popconfirm>
      </div>
      {error && <Alert type="error" role="alert" showIcon title={error} style={{ marginTop: 12 }} />}
    </Card>
  );
}

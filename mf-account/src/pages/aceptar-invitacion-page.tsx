/**
 * /aceptarInvitacion/:token — the link of an agency's invitation email (issue 46). Signed in with
 * the invited email's account, one press accepts; otherwise the page says to log in (or sign up)
 * and comes back here after the login.
 */
import { useState } from 'react';
import Button from 'antd/es/button';
import { Link, useLocation, useParams } from 'web-runtime/router';
import { ROUTES } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';
import { errorText } from 'web-runtime/request';
import { AccountCard } from '../components/account-card';
import { FormError } from '../components/form-error';

export default function AceptarInvitacionPage() {
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const api = useApi();
  const user = usePortalStore((s) => s.user);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function accept() {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api.aceptarInvitacion(token, user.token);
      setDone(res.message);
    } catch (err) {
      setError(errorText(err));
    }
    setBusy(false);
  }

  return (
    <AccountCard title="Invitación a una inmobiliaria">
      {!user && (
        <p>
          Para aceptar la invitación, <Link to={`${ROUTES.login}?next=${encodeURIComponent(pathname)}`}>inicia sesión</Link> con la cuenta del email que recibió la invitación. Si aún no tienes cuenta,{' '}
          <Link to={ROUTES.signup}>regístrate</Link> con ese email, confírmalo y vuelve a abrir este enlace.
        </p>
      )}
      {user && !done && (
        <>
          <p>Al aceptar, tus anuncios nuevos se publicarán a nombre de la inmobiliaria y su administrador podrá gestionarlos.</p>
          <Button type="primary" loading={busy} onClick={accept}>
            Aceptar invitación
          </Button>
        </>
      )}
      {done && (
        <p role="status">
          {done}. <Link to={ROUTES.miInmobiliaria}>Ver mi inmobiliaria</Link>
        </p>
      )}
      <FormError error={error} />
    </AccountCard>
  );
}

/**
 * /bajaAlertas/:busquedaId/:token — the alert email's unsubscribe link (issue 22): opening it is
 * the one click; the page posts the signed token (no session needed) and says it is done.
 */
import Spin from 'antd/es/spin';
import { useParams } from 'web-runtime/router';
import { ROUTES, SAVED_MSG } from 'shared-contracts';
import { AccountCard } from '../components/account-card';
import { FormError } from '../components/form-error';
import { SuccessPanel } from '../components/success-panel';
import { useBajaAlertas } from '../features/unsubscribe/hooks/use-unsubscribe';

export default function BajaAlertasPage() {
  const { busquedaId = '', token = '' } = useParams();
  const { status, error } = useBajaAlertas(busquedaId, token);
  return (
    <AccountCard title="Alertas por email">
      {status === 'success' && <SuccessPanel title={SAVED_MSG.bajaHecha} buttonLabel="Ir al inicio" to={ROUTES.home} />}
      {(status === 'loading' || status === 'idle') && <Spin aria-label="Procesando" />}
      <FormError error={error} />
    </AccountCard>
  );
}

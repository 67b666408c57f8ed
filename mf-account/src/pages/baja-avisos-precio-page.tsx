/**
 * /bajaAvisosPrecio/:userId/:token — the price-drop email's unsubscribe link (issue 39): opening it
 * is the one click; the page posts the signed token (no session needed) and says what stopped (the
 * account's price-drop emails; its saved searches keep their own alerts) and where to undo it.
 */
import Spin from 'antd/es/spin';
import { useParams } from 'web-runtime/router';
import { ROUTES, SAVED_MSG } from 'shared-contracts';
import { AccountCard } from '../components/account-card';
import { FormError } from '../components/form-error';
import { SuccessPanel } from '../components/success-panel';
import { useBajaAvisosPrecio } from '../features/unsubscribe/hooks/use-unsubscribe';

export default function BajaAvisosPrecioPage() {
  const { userId = '', token = '' } = useParams();
  const { status, error } = useBajaAvisosPrecio(userId, token);
  return (
    <AccountCard title="Avisos de bajadas de precio">
      {status === 'success' && <SuccessPanel title={SAVED_MSG.bajaAvisosPrecioHecha} buttonLabel="Ir a Favoritos" to={ROUTES.favoritos} />}
      {(status === 'loading' || status === 'idle') && <Spin aria-label="Procesando" />}
      <FormError error={error} />
    </AccountCard>
  );
}

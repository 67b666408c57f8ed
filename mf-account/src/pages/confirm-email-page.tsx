/** /confirmEmail/:id/:token — the link from the confirmation email. */
import { useParams } from 'web-runtime/router';
import { AccountCard } from '../components/account-card';
import { ConfirmEmailPanel } from '../features/confirm-email/components/confirm-email-panel';

export default function ConfirmEmailPage() {
  const { id = '', token = '' } = useParams();
  return (
    <AccountCard title="Confirma tu Email">
      <ConfirmEmailPanel id={id} token={token} />
    </AccountCard>
  );
}

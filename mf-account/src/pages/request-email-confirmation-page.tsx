/** /requestEmailConfirmation — ask for a new confirmation link. */
import { AccountCard } from '../components/account-card';
import { RequestConfirmationForm } from '../features/request-confirmation/components/request-confirmation-form';

export default function RequestEmailConfirmationPage() {
  return (
    <AccountCard title="Confirma tu Email">
      <RequestConfirmationForm />
    </AccountCard>
  );
}

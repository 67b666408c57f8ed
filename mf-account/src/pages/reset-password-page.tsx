/** /resetPassword/:id/:token — the link from the reset email. */
import { useParams } from 'web-runtime/router';
import { AccountCard } from '../components/account-card';
import { ResetPasswordForm } from '../features/reset-password/components/reset-password-form';

export default function ResetPasswordPage() {
  const { id = '', token = '' } = useParams();
  return (
    <AccountCard title="Nueva contraseña">
      <ResetPasswordForm id={id} token={token} />
    </AccountCard>
  );
}

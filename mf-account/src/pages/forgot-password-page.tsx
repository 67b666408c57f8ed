/** /forgotPassword — request a reset link. */
import { AccountCard } from '../components/account-card';
import { ForgotPasswordForm } from '../features/forgot-password/components/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <AccountCard title="Cambiar Contraseña">
      <ForgotPasswordForm />
    </AccountCard>
  );
}

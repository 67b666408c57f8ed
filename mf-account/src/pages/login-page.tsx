/** /login — only reachable logged out (the shell redirects otherwise). */
import { AccountCard } from '../components/account-card';
import { LoginForm } from '../features/login/components/login-form';

export default function LoginPage() {
  return (
    <AccountCard title="Inicia Sesión">
      <LoginForm />
    </AccountCard>
  );
}

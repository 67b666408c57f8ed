/** /signup — only reachable logged out (the shell redirects otherwise). */
import { AccountCard } from '../components/account-card';
import { SignupForm } from '../features/signup/components/signup-form';

export default function SignupPage() {
  return (
    <AccountCard title="Registrate">
      <SignupForm />
    </AccountCard>
  );
}

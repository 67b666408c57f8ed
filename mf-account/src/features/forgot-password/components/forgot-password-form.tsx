/** Forgot password (SPEC §2): email and Enviar; once sent, the SPEC's text and Back to Login. */
import { MSG } from 'shared-contracts';
import { forgotPasswordSchema } from 'shared-contracts/schemas';
import { EmailRequestForm } from '../../../components/email-request-form';
import { useForgotPassword } from '../hooks/use-forgot-password';

export function ForgotPasswordForm() {
  const request = useForgotPassword();
  return <EmailRequestForm request={request} schema={forgotPasswordSchema} label="Email" sentTitle={MSG.resetLinkSent} />;
}

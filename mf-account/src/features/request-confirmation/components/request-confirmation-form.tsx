/** Request a confirmation link (SPEC §2): one email field, Enviar, then the sent text and Back to Login. */
import { MSG } from 'shared-contracts';
import { requestConfirmationSchema } from 'shared-contracts/schemas';
import { EmailRequestForm } from '../../../components/email-request-form';
import { useRequestConfirmation } from '../hooks/use-request-confirmation';

export function RequestConfirmationForm() {
  const request = useRequestConfirmation();
  return <EmailRequestForm request={request} schema={requestConfirmationSchema} label={MSG.confirmLinkLabel} sentTitle={MSG.confirmLinkSent} />;
}

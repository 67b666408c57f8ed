/** Email confirmation (SPEC §2, §4): unconfirmed, then confirmed (or confirmed before), or the server's error text. */
import Button from 'antd/es/button';
import { MSG } from 'shared-contracts';
import { FormError } from '../../../components/form-error';
import { SuccessPanel } from '../../../components/success-panel';
import { useConfirmEmail } from '../hooks/use-confirm-email';

export function ConfirmEmailPanel({ id, token }: { id: string; token: string }) {
  const { run, status, error, loading, message } = useConfirmEmail(id, token);
  // the link opened again (issue 39): done before, said so, not an error
  if (status === 'success' && message === MSG.emailYaConfirmado) return <SuccessPanel status="info" title={MSG.emailYaConfirmado} />;
  if (status === 'success') return <SuccessPanel title={MSG.emailConfirmed} />;
  return (
    <>
      <p>{MSG.pleaseClickToConfirm}</p>
      <Button type="primary" loading={loading} onClick={() => void run()} block>
        Confirm Email
      </Button>
      <FormError error={error} />
    </>
  );
}

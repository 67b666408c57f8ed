/** Email confirmation (SPEC §2, §4): unconfirmed, then confirmed, or the server's error text. */
import Button from 'antd/es/button';
import { MSG } from 'shared-contracts';
import { FormError } from '../../../components/form-error';
import { SuccessPanel } from '../../../components/success-panel';
import { useConfirmEmail } from '../hooks/use-confirm-email';

export function ConfirmEmailPanel({ id, token }: { id: string; token: string }) {
  const { run, status, error, loading } = useConfirmEmail(id, token);
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

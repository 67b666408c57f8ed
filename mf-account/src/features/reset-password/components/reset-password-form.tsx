/**
 * Reset password (SPEC §2, §4): new password with the strength popover and its confirmation;
 * Enviar stays disabled once submitted; success or the server's error text, or (the link was
 * used before, issue 39) that it was already used.
 */
import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { MSG, ROUTES } from 'shared-contracts';
import { resetPasswordFormSchema } from 'shared-contracts/schemas';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { FormError } from '../../../components/form-error';
import { SuccessPanel } from '../../../components/success-panel';
import { useResetPassword } from '../hooks/use-reset-password';

interface ResetValues {
  newPassword: string;
  repeatPassword: string;
}

export function ResetPasswordForm({ id, token }: { id: string; token: string }) {
  const { run, status, error, loading, alreadyUsed } = useResetPassword(id, token);
  const [submitted, setSubmitted] = useState(false);

  if (status === 'success' && alreadyUsed) {
    return <SuccessPanel status="info" title={MSG.enlaceResetUsado} secondary={{ label: 'Pedir un enlace nuevo', to: ROUTES.forgotPassword }} />;
  }
  if (status === 'success') return <SuccessPanel title={MSG.passwordChanged} />;

  return (
    <>
      <Form
        layout="vertical"
        initialValues={{ newPassword: '', repeatPassword: '' }}
        requiredMark={false}
        onFinish={(values: ResetValues) => {
          setSubmitted(true);
          void run(resetPasswordFormSchema.parse(values).newPassword);
        }}
      >
        <NewPasswordFields schema={resetPasswordFormSchema} name="newPassword" label="Nueva contraseña" />
        <Button type="primary" htmlType="submit" loading={loading} disabled={submitted} block>
          Enviar
        </Button>
      </Form>
      <FormError error={error} />
    </>
  );
}

/**
 * Reset password (SPEC §2, §4): new password with the strength popover and its confirmation;
 * Enviar stays disabled once submitted; success or the server's error text.
 */
import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { MSG, resetPasswordFormSchema } from 'shared-contracts';
import { zodRule } from '../../../lib/zod-rule';
import { PasswordField } from '../../../components/password-field';
import { FormError } from '../../../components/form-error';
import { SuccessPanel } from '../../../components/success-panel';
import { useResetPassword } from '../hooks/use-reset-password';

interface ResetValues {
  newPassword: string;
  repeatPassword: string;
}

export function ResetPasswordForm({ id, token }: { id: string; token: string }) {
  const { run, status, error, loading } = useResetPassword(id, token);
  const [submitted, setSubmitted] = useState(false);

  if (status === 'success') return <SuccessPanel title={MSG.passwordChanged} />;

  const rule = (field: keyof ResetValues) => [zodRule(resetPasswordFormSchema, field)];
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
        <Form.Item label="Nueva contraseña" name="newPassword" rules={rule('newPassword')}>
          <PasswordField autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirmar Contraseña" name="repeatPassword" dependencies={['newPassword']} rules={rule('repeatPassword')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={loading} disabled={submitted} block>
          Enviar
        </Button>
      </Form>
      <FormError error={error} />
    </>
  );
}

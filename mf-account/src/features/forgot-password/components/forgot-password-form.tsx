/** Forgot password (SPEC §2): email and Enviar; once sent, the SPEC's text and Back to Login. */
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { forgotPasswordSchema, MSG } from 'shared-contracts';
import { zodRule } from '../../../lib/zod-rule';
import { SuccessPanel } from '../../../components/success-panel';
import { useForgotPassword } from '../hooks/use-forgot-password';

export function ForgotPasswordForm() {
  const { run, status, loading } = useForgotPassword();
  if (status === 'success') return <SuccessPanel title={MSG.resetLinkSent} />;
  return (
    <Form
      layout="vertical"
      initialValues={{ email: '' }}
      requiredMark={false}
      onFinish={(values: { email: string }) => run(forgotPasswordSchema.parse(values).email)}
    >
      <Form.Item label="Email" name="email" rules={[zodRule(forgotPasswordSchema, 'email')]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={loading} block>
        Enviar
      </Button>
    </Form>
  );
}

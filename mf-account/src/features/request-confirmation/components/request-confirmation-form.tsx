/** Request a confirmation link (SPEC §2): one email field, Enviar, then the sent text and Back to Login. */
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { MSG, requestConfirmationSchema } from 'shared-contracts';
import { zodRule } from '../../../lib/zod-rule';
import { SuccessPanel } from '../../../components/success-panel';
import { useRequestConfirmation } from '../hooks/use-request-confirmation';

export function RequestConfirmationForm() {
  const { run, status, loading } = useRequestConfirmation();
  if (status === 'success') return <SuccessPanel title={MSG.confirmLinkSent} />;
  return (
    <Form
      layout="vertical"
      initialValues={{ email: '' }}
      requiredMark={false}
      onFinish={(values: { email: string }) => run(requestConfirmationSchema.parse(values).email)}
    >
      <Form.Item label={MSG.confirmLinkLabel} name="email" rules={[zodRule(requestConfirmationSchema, 'email')]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={loading} block>
        Enviar
      </Button>
    </Form>
  );
}

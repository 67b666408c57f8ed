/**
 * One email field and Enviar; once sent, the screen's text and Back to Login (SPEC §2). Forgot
 * password and the confirmation-link request are this form with their own schema, label and text.
 */
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { ZodType } from 'zod';
import { zodRule } from 'web-runtime/form-rule';
import type { useEmailRequest } from '../hooks/use-email-request';
import { SuccessPanel } from './success-panel';

interface EmailRequestFormProps {
  request: ReturnType<typeof useEmailRequest>;
  /** The screen's email rule: it also trims and lowercases what is sent. */
  schema: ZodType<{ email: string }>;
  label: string;
  sentTitle: string;
}

export function EmailRequestForm({ request: { run, status, loading }, schema, label, sentTitle }: EmailRequestFormProps) {
  if (status === 'success') return <SuccessPanel title={sentTitle} />;
  return (
    <Form
      layout="vertical"
      initialValues={{ email: '' }}
      requiredMark={false}
      onFinish={(values: { email: string }) => run(schema.parse(values).email)}
    >
      <Form.Item label={label} name="email" rules={[zodRule(schema, 'email')]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={loading} block>
        Enviar
      </Button>
    </Form>
  );
}

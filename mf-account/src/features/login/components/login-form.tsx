/**
 * Login (SPEC §2): email (lowercased by the schema) and password. The server's error text goes on
 * the password field; exactly 'Please confirm your email address first' adds the prompt that
 * leads to /requestEmailConfirmation.
 */
import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { Link, useNavigate } from 'web-runtime/router';
import { MSG, ROUTES } from 'shared-contracts';
import { loginSchema } from 'shared-contracts/schemas';
import { zodRule } from 'web-runtime/form-rule';
import { useLogin } from '../hooks/use-login';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginForm() {
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const { run, loading } = useLogin();
  const [needsConfirmation, setNeedsConfirmation] = useState(false);

  async function onFinish(values: LoginValues) {
    setNeedsConfirmation(false);
    const result = await run(loginSchema.parse(values));
    if (result && !result.ok) {
      form.setFields([{ name: 'password', errors: [result.error] }]);
      setNeedsConfirmation(result.error === MSG.confirmEmailFirst);
    }
  }

  return (
    <>
      <Form form={form} layout="vertical" initialValues={{ email: '', password: '' }} onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={[zodRule(loginSchema, 'email')]}>
          <Input type="email" autoComplete="username" />
        </Form.Item>
        <Form.Item label="Contraseña" name="password" rules={[zodRule(loginSchema, 'password')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={loading} block>
          Inicia Sesión
        </Button>
      </Form>
      {needsConfirmation && (
        <div role="status" style={{ marginTop: 16 }}>
          <p>{MSG.noTienesLink}</p>
          <Button onClick={() => navigate(ROUTES.requestEmailConfirmation)}>Confirma Email</Button>
        </div>
      )}
      <p style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
        <Link to={ROUTES.signup}>Registrate</Link>
        <Link to={ROUTES.forgotPassword}>Cambiar Contraseña</Link>
      </p>
    </>
  );
}

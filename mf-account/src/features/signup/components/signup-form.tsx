/**
 * Sign-up (SPEC §2, §5): every message comes from signupFormSchema; the password field carries
 * the strength popover. Success replaces the form with the confirmation view.
 */
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { Link } from 'web-runtime/router';
import { MSG, ROUTES } from 'shared-contracts';
import { signupFormSchema, signupSchema } from 'shared-contracts/schemas';
import { zodRule } from 'web-runtime/form-rule';
import { readChosenPlan } from '../../../lib/chosen-plan';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { FormError } from '../../../components/form-error';
import { SuccessPanel } from '../../../components/success-panel';
import { useSignup } from '../hooks/use-signup';

interface SignupValues {
  name: string;
  apellido: string;
  email: string;
  password: string;
  repeatPassword: string;
}

const EMPTY: SignupValues = { name: '', apellido: '', email: '', password: '', repeatPassword: '' };

export function SignupForm() {
  const [form] = Form.useForm<SignupValues>();
  const { run, status, error, loading } = useSignup();
  const chosenPlan = readChosenPlan();

  if (status === 'success') {
    return <SuccessPanel title={MSG.registroExitoso} subTitle={MSG.revisarCorreo} buttonLabel="Inicia Sesión" />;
  }

  const rule = (field: keyof SignupValues) => [zodRule(signupFormSchema, field)];
  return (
    <>
      {chosenPlan && <p data-testid="chosen-plan">Plan elegido: {chosenPlan.name}</p>}
      <Form
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        requiredMark={false}
        onFinish={(values) => run(signupSchema.parse(values))}
      >
        <Form.Item label="Nombre" name="name" rules={rule('name')}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Apellido" name="apellido" rules={rule('apellido')}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={rule('email')}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <NewPasswordFields schema={signupFormSchema} name="password" label="Contraseña" />
        <Button type="primary" htmlType="submit" loading={loading} block>
          Enviar
        </Button>
      </Form>
      <FormError error={error} />
      <p style={{ marginTop: 16 }}>
        <Link to={ROUTES.login}>Ya tengo una cuenta</Link>
      </p>
    </>
  );
}

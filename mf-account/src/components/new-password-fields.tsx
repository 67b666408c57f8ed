/**
 * A new password with the strength popover, then 'Confirmar Contraseña' (always the form's
 * `repeatPassword`), re-checked when the password changes. Sign-up and reset password use the
 * same pair; their schema carries the rules and the mismatch message (SPEC §5).
 */
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { ZodType } from 'zod';
import { zodRule } from 'web-runtime/form-rule';
import { PasswordField } from './password-field';

export function NewPasswordFields({ schema, name, label }: { schema: ZodType; name: string; label: string }) {
  return (
    <>
      <Form.Item label={label} name={name} rules={[zodRule(schema, name)]}>
        <PasswordField autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="Confirmar Contraseña" name="repeatPassword" dependencies={[name]} rules={[zodRule(schema, 'repeatPassword')]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

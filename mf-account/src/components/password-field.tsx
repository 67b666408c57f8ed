/**
 * Password input with the show/hide toggle and the live strength popover, open exactly while the
 * field has focus (SPEC §2 Sign-up, §4). Used as a Form.Item child: value/onChange come from the form.
 * The popover lets clicks through (pointer-events: none): it is information only, and it sits over
 * the next field, which the user must still be able to click (found by the browser tests).
 */
import { useState, type FocusEvent } from 'react';
import Input from 'antd/es/input';
import Popover from 'antd/es/popover';
import type { PasswordProps } from 'antd/es/input/Password';
import { PasswordStrength } from './password-strength';

export function PasswordField({ value, onFocus, onBlur, ...rest }: PasswordProps) {
  const [open, setOpen] = useState(false);
  const password = typeof value === 'string' ? value : '';
  return (
    <Popover
      open={open}
      placement="bottomLeft"
      content={<PasswordStrength password={password} />}
      destroyOnHidden
      styles={{ root: { pointerEvents: 'none' } }}
    >
      <Input.Password
        {...rest}
        value={password}
        onFocus={(e: FocusEvent<HTMLInputElement>) => {
          setOpen(true);
          onFocus?.(e);
        }}
        onBlur={(e: FocusEvent<HTMLInputElement>) => {
          setOpen(false);
          onBlur?.(e);
        }}
      />
    </Popover>
  );
}

/**
 * The strength popover's content (SPEC §5): the checklist (the 8-character line is display-only)
 * and the bar. The SPEC's teal / yellow / red are darkened so the bar keeps 3:1 contrast on light
 * and dark backgrounds, and the value is also written out so colour is never the only signal.
 */
import Progress from 'antd/es/progress';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import { passwordChecklist, passwordStrength, strengthColor, type StrengthColor } from 'shared-contracts';

export const STRENGTH_HEX: Record<StrengthColor, string> = { teal: '#08979c', yellow: '#ad8b00', red: '#cf1322' };
const STRENGTH_WORD: Record<StrengthColor, string> = { teal: 'fuerte', yellow: 'media', red: 'débil' };

export function PasswordStrength({ password }: { password: string }) {
  const strength = passwordStrength(password);
  const color = strengthColor(strength);
  return (
    <div style={{ width: 260 }} data-testid="password-strength" data-color={color}>
      <Progress
        percent={strength}
        showInfo={false}
        strokeColor={STRENGTH_HEX[color]}
        size="small"
        aria-label="Fuerza de la contraseña"
      />
      <div aria-live="polite" style={{ marginBottom: 8 }}>
        Fuerza: {strength}% ({STRENGTH_WORD[color]})
      </div>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {passwordChecklist(password).map((item) => (
          <li key={item.label} data-met={item.met} style={{ color: item.met ? '#237804' : '#cf1322' }}>
            {item.met ? <CheckOutlined aria-label="cumple" /> : <CloseOutlined aria-label="no cumple" />} {item.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

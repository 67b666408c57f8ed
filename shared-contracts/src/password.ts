/** Password complexity (SPEC §5) and the strength bar arithmetic. */
import { MSG } from './messages';
import { PASSWORD_CHECKLIST_LENGTH, STRENGTH_FLOOR } from './constants';

export const PASSWORD_SYMBOLS = "$&+,:;=?@#|'<>.^*()%!-";
const SYMBOL_RE = /[$&+,:;=?@#|'<>.^*()%!-]/;

/** The four enforced classes, in the order their first failure is reported. */
export const PASSWORD_RULES = [
  { label: MSG.incluyeNumero, test: (p: string) => /[0-9]/.test(p) },
  { label: MSG.incluyeMinuscula, test: (p: string) => /[a-z]/.test(p) },
  { label: MSG.incluyeMayuscula, test: (p: string) => /[A-Z]/.test(p) },
  { label: MSG.incluyeSimbolo, test: (p: string) => SYMBOL_RE.test(p) },
] as const;

/**
 * The length rule (issue 19): enforced by the forms and the API alike, reported after the four
 * classes so the SPEC's messages keep their order; not part of the strength arithmetic.
 */
export const PASSWORD_LENGTH_RULE = { label: MSG.incluyeOchoCaracteres, test: (p: string) => p.length >= PASSWORD_CHECKLIST_LENGTH } as const;

/** The popover checklist, the length line first as the SPEC draws it. */
export function passwordChecklist(password: string): { label: string; met: boolean }[] {
  return [PASSWORD_LENGTH_RULE, ...PASSWORD_RULES].map((r) => ({ label: r.label, met: r.test(password) }));
}

/** 'No ' + the label of the first unmet rule, or null when all five are met. */
export function passwordError(password: string): string | null {
  const missing = [...PASSWORD_RULES, PASSWORD_LENGTH_RULE].find((r) => !r.test(password));
  return missing ? `No ${missing.label}` : null;
}

/** Starts at 100, loses 20 per unmet class and once more when length <= 5; floor 10. */
export function passwordStrength(password: string): number {
  const unmet = PASSWORD_RULES.filter((r) => !r.test(password)).length + (password.length <= 5 ? 1 : 0);
  return Math.max(STRENGTH_FLOOR, 100 - unmet * (100 / 5));
}

export type StrengthColor = 'teal' | 'yellow' | 'red';
export function strengthColor(strength: number): StrengthColor {
  if (strength === 100) return 'teal';
  if (strength > 50) return 'yellow';
  return 'red';
}

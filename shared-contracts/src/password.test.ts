import { passwordError, passwordStrength, strengthColor, passwordChecklist } from './password';

describe('password rules (SPEC §5)', () => {
  it('reports the first missing class in order: number, lowercase, uppercase, symbol', () => {
    expect(passwordError('abcDEF!')).toBe('No Incluye Numero');
    expect(passwordError('ABC123!')).toBe('No Incluye letra minuscula');
    expect(passwordError('abc123!')).toBe('No Incluye letra mayuscula');
    expect(passwordError('abcD123')).toBe('No Incluye simbolo');
    expect(passwordError('abcD12-x')).toBeNull();
  });
  it('accepts every symbol of the SPEC list', () => {
    for (const s of "$&+,:;=?@#|'<>.^*()%!-") expect(passwordError(`aB1${s}wxyz`)).toBeNull();
    expect(passwordError('aB1_wxyz')).toBe('No Incluye simbolo');
  });
  it('the 8-character line is enforced (issue 19), after the four classes', () => {
    expect(passwordError('aB1!')).toBe('No Incluye por lo menos 8 caracteres');
    expect(passwordError('aB1!xyz')).toBe('No Incluye por lo menos 8 caracteres');
    expect(passwordError('aB1!xyzw')).toBeNull();
    expect(passwordError('ab1!')).toBe('No Incluye letra mayuscula');
    expect(passwordChecklist('aB1!')[0]).toEqual({ label: 'Incluye por lo menos 8 caracteres', met: false });
    expect(passwordChecklist('aB1!aB1!')[0].met).toBe(true);
  });
});

describe('strength bar', () => {
  it('starts at 100 and loses 20 per unmet criterion, floor 10', () => {
    expect(passwordStrength('Abcdef1!')).toBe(100);
    expect(passwordStrength('abcdef1!')).toBe(80);
    expect(passwordStrength('Ab1!')).toBe(80); // short: length <= 5
    expect(passwordStrength('abcdef')).toBe(40);
    expect(passwordStrength('')).toBe(10);
  });
  it('is teal at 100, yellow above 50, red otherwise', () => {
    expect(strengthColor(100)).toBe('teal');
    expect(strengthColor(80)).toBe('yellow');
    expect(strengthColor(60)).toBe('yellow');
    expect(strengthColor(40)).toBe('red');
  });
});

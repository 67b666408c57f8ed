/** Strength bar arithmetic and colours (SPEC §5) and the popover's focus/blur behaviour (SPEC §4). */
import { render, screen, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from 'shared-contracts';
import { PasswordStrength, STRENGTH_HEX } from './password-strength';
import { PasswordField } from './password-field';
import { useState } from 'react';

function strengthOf(password: string) {
  const { unmount } = render(<PasswordStrength password={password} />);
  const box = screen.getByTestId('password-strength');
  const out = { color: box.getAttribute('data-color'), text: within(box).getByText(/^Fuerza:/).textContent };
  unmount();
  return out;
}

describe('strength bar', () => {
  test.each([
    // [password, strength, colour]: 100 minus 20 per unmet class, minus 20 more when length <= 5, floor 10
    ['Abcdef1!', 100, 'teal'],
    ['Ab1!x', 80, 'yellow'], // all classes, but length 5
    ['Abcdef1x', 80, 'yellow'], // no symbol
    ['abcdef1x', 60, 'yellow'], // no uppercase, no symbol
    ['abcdefgh', 40, 'red'], // only lowercase
    ['abc', 20, 'red'], // only lowercase, short
    ['', 10, 'red'], // nothing met: 100 - 5*20 = 0, floored at 10
  ])('%j -> %d%% %s', (password, strength, color) => {
    const result = strengthOf(password);
    expect(result.color).toBe(color);
    expect(result.text).toContain(`${strength}%`);
  });

  test('the bar is drawn with the accessible shade of its colour and its width is the strength', () => {
    render(<PasswordStrength password="abcdef1x" />);
    expect(screen.getByRole('progressbar', { name: 'Fuerza de la contraseña' })).toHaveAttribute('aria-valuenow', '60');
    const bar = document.querySelector('.ant-progress-track') as HTMLElement;
    expect(bar.getAttribute('style')).toContain('width: 60%');
    expect(bar.getAttribute('style')?.toLowerCase()).toMatch(/#ad8b00|rgb\(173, 139, 0\)/);
    expect(STRENGTH_HEX).toEqual({ teal: '#08979c', yellow: '#ad8b00', red: '#cf1322' });
  });

  test('checklist shows the 8-character line and the four classes, each met or not', () => {
    render(<PasswordStrength password="abcdefgh1" />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.trim())).toEqual([
      MSG.incluyeOchoCaracteres,
      MSG.incluyeNumero,
      MSG.incluyeMinuscula,
      MSG.incluyeMayuscula,
      MSG.incluyeSimbolo,
    ]);
    expect(items.map((li) => li.getAttribute('data-met'))).toEqual(['true', 'true', 'true', 'false', 'false']);
  });
});

function Controlled() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="pw">Contraseña</label>
      <PasswordField id="pw" value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="button">otro</button>
    </>
  );
}

describe('strength popover', () => {
  test('opens while the field has focus, follows typing, closes on blur', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    expect(screen.queryByTestId('password-strength')).toBeNull();

    await user.click(screen.getByLabelText('Contraseña'));
    expect(await screen.findByTestId('password-strength')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Contraseña'), 'Abcdef1!');
    expect(screen.getByText(/^Fuerza:/).textContent).toContain('100%');
    expect(screen.getByTestId('password-strength').getAttribute('data-color')).toBe('teal');

    fireEvent.blur(screen.getByLabelText('Contraseña'));
    await waitFor(() => expect(screen.queryByTestId('password-strength')).toBeNull());
  });

  test('has a show/hide toggle', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByLabelText('Contraseña');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(document.querySelector('.ant-input-password-icon') as HTMLElement);
    expect(input).toHaveAttribute('type', 'text');
  });
});

/**
 * Issue 39: a press on a searchable field, then typing at once, while antd's Select is still on
 * its way: the keys become its search text. A file of its own: the module remembers once the
 * Select has arrived, and here it must not have.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { LazySelect } from './lazy-select';

const PLACES = ['Santiago de los Caballeros', 'San Cristóbal', 'La Vega'].map((p) => ({ value: p, label: p }));

function Field() {
  const [value, setValue] = useState<string | undefined>();
  return <LazySelect id="lugar" aria-label="Lugar" options={PLACES} value={value} onChange={setValue} showSearch optionFilterProp="label" />;
}

test('keys typed right after a press, before the Select arrives, are its search text', async () => {
  jest.useFakeTimers();
  const { container } = render(<Field />);
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Lugar' }));
  // the press is taken once its event is over; the Select's code is then on its way
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
  for (const key of ['S', 'a', 'x', 'Backspace', 'n']) fireEvent.keyDown(document.body, { key });
  expect(container.querySelector('.ant-select')).toBeNull();

  await waitFor(() => expect(container.querySelector('.ant-select')).not.toBeNull());
  expect(screen.getByRole('combobox', { name: 'Lugar' })).toHaveValue('San');
  expect(await screen.findByTitle('San Cristóbal')).toBeInTheDocument();
  expect(screen.queryByTitle('La Vega')).toBeNull();
});

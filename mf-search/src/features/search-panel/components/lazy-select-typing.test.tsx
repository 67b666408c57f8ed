/**
 * Issue 39: what is typed into a searchable field while antd's Select is still loading is kept.
 * A file of its own: the module remembers once the Select has arrived, and here it must not have.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { LazySelect } from './lazy-select';

const PLACES = ['Santiago de los Caballeros', 'San Cristóbal', 'La Vega', 'Punta Cana'].map((p) => ({ value: p, label: p }));

function Field() {
  const [value, setValue] = useState<string | undefined>();
  return (
    <>
      <LazySelect id="lugar" aria-label="Lugar" options={PLACES} value={value} onChange={setValue} showSearch allowClear optionFilterProp="label" />
      <output>{value ?? 'vacío'}</output>
    </>
  );
}

test('keys typed before the Select arrives become its search text, with the list open on the matches', async () => {
  const { container } = render(<Field />);
  const box = screen.getByRole('combobox', { name: 'Lugar' });
  // keyboard focus, then "San" typed at once, while the Select's code is still on its way
  fireEvent.focus(box);
  fireEvent.keyDown(box, { key: 'S' });
  expect(container.querySelector('.ant-select')).toBeNull();
  fireEvent.change(box, { target: { value: 'Sa' } });
  fireEvent.change(box, { target: { value: 'San' } });
  expect(box).toHaveValue('San');

  await waitFor(() => expect(container.querySelector('.ant-select')).not.toBeNull());
  const select = screen.getByRole('combobox', { name: 'Lugar' });
  expect(select).toHaveValue('San');
  expect(await screen.findByTitle('San Cristóbal')).toBeInTheDocument();
  expect(screen.getByTitle('Santiago de los Caballeros')).toBeInTheDocument();
  expect(screen.queryByTitle('La Vega')).toBeNull();
  // the user goes on typing in the Select, then chooses
  fireEvent.change(select, { target: { value: 'San C' } });
  await waitFor(() => expect(screen.queryByTitle('Santiago de los Caballeros')).toBeNull());
  fireEvent.click(screen.getByTitle('San Cristóbal'));
  expect(screen.getByRole('status')).toHaveTextContent('San Cristóbal');
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { LazySelect } from './lazy-select';

const OPTIONS = [
  { value: 'venta', label: 'Venta' },
  { value: 'alquiler', label: 'Alquiler' },
];

function Field({ initial }: { initial?: string }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <>
      <LazySelect id="f" aria-label="Propósito" options={OPTIONS} value={value} onChange={setValue} allowClear />
      <output>{value ?? 'vacío'}</output>
    </>
  );
}

// One module-level flag remembers that antd's Select arrived: the tests run in this order.
test('before it is pressed the field is a read-only box that shows the chosen label', () => {
  const { container } = render(<Field initial="alquiler" />);
  const box = screen.getByRole('combobox', { name: 'Propósito' });
  expect(box).toHaveValue('Alquiler');
  expect(box).toHaveAttribute('readonly');
  expect(container.querySelector('.ant-select')).toBeNull();
});

test('a press loads the real Select open where the box was, and a choice reaches the page', async () => {
  const { container } = render(<Field />);
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Propósito' }));
  fireEvent.click(await screen.findByTitle('Venta'));
  expect(screen.getByRole('status')).toHaveTextContent('venta');
  expect(container.querySelector('.ant-select')).not.toBeNull();
  expect(screen.getByRole('combobox', { name: 'Propósito' }).closest('.ant-select')).not.toBeNull();
});

test('once loaded, a field mounted later is the real Select from the start, closed', async () => {
  const { container } = render(<Field initial="venta" />);
  await waitFor(() => expect(container.querySelector('.ant-select')).not.toBeNull());
  expect(container.querySelector('.ant-select')).toHaveTextContent('Venta');
  expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeNull();
});

/**
 * Issue 43: Buscar on a panel the visitor has not changed searches at once, without waiting for
 * the submit rules' download (72 KB gzip) that a first tap starts; a changed panel still goes
 * through the rules (an empty field dropped, the page back to 1).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Filters } from 'shared-contracts';
import { SearchPanel } from './search-panel';

const OPTIONS = { placeOptions: ['Piantini'], regionOptions: [], localityOptions: [] };

test('an untouched panel searches in the same event; a changed one after its rules', async () => {
  const onSearch = jest.fn<void, [Filters]>();
  const filters: Filters = { proposito: 'alquiler', place: 'Piantini' };
  render(<SearchPanel options={OPTIONS} filters={filters} onSearch={onSearch} />);
  fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  // no await between the press and the search
  expect(onSearch).toHaveBeenCalledTimes(1);
  expect(onSearch).toHaveBeenCalledWith(filters);

  fireEvent.click(screen.getByRole('button', { name: 'Más filtros' }));
  const habitaciones = await screen.findByRole('spinbutton', { name: /Habitaciones/ });
  fireEvent.change(habitaciones, { target: { value: '3' } });
  fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  expect(onSearch).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));
  expect(onSearch.mock.calls[1]![0]).toMatchObject({ proposito: 'alquiler', place: 'Piantini', habitaciones: 3 });
});

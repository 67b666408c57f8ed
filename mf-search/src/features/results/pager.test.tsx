import { fireEvent, render, screen, within } from '@testing-library/react';
import { Pager, pageItems } from './pager';

test('one boundary page and one sibling each side, with gaps only where pages are left out', () => {
  expect(pageItems(5, 20)).toEqual([1, 'start-gap', 4, 5, 6, 'end-gap', 20]);
  // near an end the row keeps its width instead of shrinking
  expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'end-gap', 20]);
  expect(pageItems(20, 20)).toEqual([1, 'start-gap', 16, 17, 18, 19, 20]);
  // a gap of one page shows the page
  expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'end-gap', 20]);
  expect(pageItems(17, 20)).toEqual([1, 'start-gap', 16, 17, 18, 19, 20]);
  expect(pageItems(1, 1)).toEqual([1]);
  expect(pageItems(2, 3)).toEqual([1, 2, 3]);
  expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
});

test('a page button asks for its page; previous and next stop at the ends', () => {
  const asked: number[] = [];
  const { rerender } = render(<Pager current={1} pages={3} onChange={(p) => asked.push(p)} />);
  expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
  fireEvent.click(screen.getByRole('button', { name: 'Página 1' })); // the current page: nothing
  fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
  fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
  rerender(<Pager current={3} pages={3} onChange={(p) => asked.push(p)} />);
  expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
  expect(asked).toEqual([2, 3, 2]);
  expect(within(screen.getByRole('list')).getAllByRole('button', { current: 'page' })).toHaveLength(1);
});

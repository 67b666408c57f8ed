import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'web-runtime/router';
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

test('pages are links to their address; previous and next stop at the ends', () => {
  const hrefFor = (p: number) => `/?region=Santiago${p > 1 ? `&page=${p}` : ''}`;
  const { rerender } = render(
    <MemoryRouter>
      <Pager current={1} pages={3} hrefFor={hrefFor} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Página anterior' })).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByRole('link', { name: 'Página anterior' })).not.toHaveAttribute('href');
  expect(screen.getByRole('link', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Página siguiente' })).toHaveAttribute('href', '/?region=Santiago&page=2');
  expect(screen.getByRole('link', { name: 'Página 3' })).toHaveAttribute('href', '/?region=Santiago&page=3');
  rerender(
    <MemoryRouter>
      <Pager current={3} pages={3} hrefFor={hrefFor} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Página siguiente' })).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByRole('link', { name: 'Página anterior' })).toHaveAttribute('href', '/?region=Santiago&page=2');
  expect(within(screen.getByRole('list')).getAllByRole('link', { current: 'page' })).toHaveLength(1);
});

import { renderToString } from 'react-dom/server';
import { fireEvent, render, screen } from '@testing-library/react';
import { FAVORITOS_STORAGE_KEY, SAVED_MSG } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { FavoriteHeart } from './favorite-heart';

test('the server renders it as not saved, whatever the browser keeps', () => {
  localStorage.setItem(FAVORITOS_STORAGE_KEY, JSON.stringify(['a1']));
  const html = renderToString(<FavoriteHeart anuncioId="a1" />);
  expect(html).toContain(`aria-label="${SAVED_MSG.guardarFavorito}"`);
});

test("a visitor's heart is kept in this browser, newest first, and every heart of the listing follows", () => {
  localStorage.setItem(FAVORITOS_STORAGE_KEY, JSON.stringify(['old']));
  render(
    <>
      <FavoriteHeart anuncioId="a1" />
      <FavoriteHeart anuncioId="a1" />
    </>,
  );
  fireEvent.click(screen.getAllByRole('button', { name: SAVED_MSG.guardarFavorito })[0]);
  return screen.findAllByRole('button', { name: SAVED_MSG.quitarFavorito }).then((hearts) => {
    expect(hearts).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem(FAVORITOS_STORAGE_KEY) ?? '[]')).toEqual(['a1', 'old']);
    fireEvent.click(hearts[1]);
    return screen.findAllByRole('button', { name: SAVED_MSG.guardarFavorito }).then(() => {
      expect(JSON.parse(localStorage.getItem(FAVORITOS_STORAGE_KEY) ?? '[]')).toEqual(['old']);
    });
  });
});

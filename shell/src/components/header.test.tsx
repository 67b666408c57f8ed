import { render, screen, fireEvent, within } from '@testing-library/react';
import { MemoryRouter, Routes, Route, useLocation } from 'web-runtime/router';
import { usePortalStore } from 'web-runtime/store';
import { Header } from './header';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderHeader(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Header (SPEC §2)', () => {
  it('logged out: ANUNCIATE and REGISTRATE go to /signup, INICIA SESSIÓN to /login', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'ANUNCIATE' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'REGISTRATE' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'INICIA SESSIÓN' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('SALIR')).toBeNull();
  });

  it('issue 39: a visitor has FAVORITOS too (their favourites are kept in the browser), before the session links', () => {
    renderHeader();
    const bar = screen.getByRole('navigation', { name: 'Principal' });
    expect(within(bar).getByRole('link', { name: 'FAVORITOS' })).toHaveAttribute('href', '/favoritos');
    expect(within(bar).getAllByRole('link').map((a) => a.textContent)).toEqual(['ANUNCIATE', 'FAVORITOS', 'INICIA SESSIÓN', 'REGISTRATE']);
  });

  it('logged in: the name, MIS ANUNCIOS, AGREGAR ANUNCIO while the available count is above 0, SALIR', () => {
    usePortalStore.getState().login({ name: 'Ana', apellido: 'Díaz', email: 'a@b.do', token: 't' });
    renderHeader();
    expect(screen.getByText('Ana')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'MIS ANUNCIOS' })).toHaveAttribute('href', '/misAnuncios');
    expect(screen.getByRole('link', { name: 'AGREGAR ANUNCIO' })).toHaveAttribute('href', '/agregarAnuncio');
  });

  it('hides AGREGAR ANUNCIO when no listings are available', () => {
    usePortalStore.getState().login({ name: 'Ana', apellido: 'Díaz', email: 'a@b.do', token: 't' });
    usePortalStore.getState().setMisAnuncios({ listaDeTodos: [], canitdadDeAnunciosDisponibles: 0 });
    renderHeader();
    expect(screen.queryByRole('link', { name: 'AGREGAR ANUNCIO' })).toBeNull();
  });

  it('SALIR logs out and goes home', () => {
    usePortalStore.getState().login({ name: 'Ana', apellido: 'Díaz', email: 'a@b.do', token: 't' });
    renderHeader('/misAnuncios');
    fireEvent.click(screen.getByRole('button', { name: 'SALIR' }));
    expect(usePortalStore.getState().isLoggedIn).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('the logo goes home, back to page 1 and clears the filters: the address of the search loses its query', () => {
    renderHeader('/?region=Santiago&page=3');
    fireEvent.click(screen.getByRole('link', { name: /ir al inicio/ }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

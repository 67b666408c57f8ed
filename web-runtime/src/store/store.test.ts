import { usePortalStore } from './index';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (exp: number) => `${b64({ alg: 'HS256' })}.${b64({ exp })}.sig`;
const user = (t: string) => ({ name: 'Ana', apellido: 'Díaz', email: 'ana@example.com', token: t });

describe('session (SPEC §4 Authentication)', () => {
  it('login stores the user under the localStorage key "user" and restore brings it back', () => {
    usePortalStore.getState().login(user(token(2e9)));
    expect(JSON.parse(localStorage.getItem('user')!).email).toBe('ana@example.com');
    usePortalStore.setState({ user: null, isLoggedIn: false });
    usePortalStore.getState().restoreSession();
    expect(usePortalStore.getState()).toMatchObject({ isLoggedIn: true, user: { name: 'Ana' } });
  });

  it('an expired token (exp in seconds, compared in ms) logs out and removes the stored user', () => {
    const now = 1_700_000_000_000;
    usePortalStore.getState().login(user(token(now / 1000 - 1)));
    expect(usePortalStore.getState().checkTokenExpiry(now)).toBe(true);
    expect(usePortalStore.getState().isLoggedIn).toBe(false);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('a valid token is kept', () => {
    const now = 1_700_000_000_000;
    usePortalStore.getState().login(user(token(now / 1000 + 60)));
    expect(usePortalStore.getState().checkTokenExpiry(now)).toBe(false);
    expect(usePortalStore.getState().isLoggedIn).toBe(true);
  });

  it('a token that cannot be decoded changes nothing', () => {
    usePortalStore.getState().login(user('not-a-jwt'));
    expect(usePortalStore.getState().checkTokenExpiry()).toBe(false);
    expect(usePortalStore.getState().isLoggedIn).toBe(true);
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('logout resets own listings and the available count to the default 5', () => {
    usePortalStore.getState().login(user(token(2e9)));
    usePortalStore.getState().setMisAnuncios({ listaDeTodos: [], canitdadDeAnunciosDisponibles: 0, miPlan: 5 });
    expect(usePortalStore.getState().anunciosDisponibles).toBe(0);
    usePortalStore.getState().logout();
    expect(usePortalStore.getState().anunciosDisponibles).toBe(5);
  });
});

describe('colour scheme', () => {
  it('keeps the colour scheme in localStorage', () => {
    usePortalStore.getState().setColorScheme('dark');
    expect(localStorage.getItem('antd-color-scheme')).toBe('dark');
  });
});

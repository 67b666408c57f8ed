/**
 * POST /api/user/login; success stores the user (store + localStorage `user`) and goes home, or
 * back to `?next=` (issue 22: a visitor sent to log in from "Guardar búsqueda" returns to the same
 * search). The visitor's favourites kept in this browser go with the login and join the account.
 */
import { useLocation, useNavigate } from 'web-runtime/router';
import { FAVORITOS_STORAGE_KEY, nextAfterLogin, readLocalFavoritos, type LoginBody } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';
import { useRequest } from 'web-runtime/request';

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function useLogin() {
  const api = useApi();
  const navigate = useNavigate();
  const { search } = useLocation();
  return useRequest(async (body: LoginBody) => {
    const favoritos = readLocalFavoritos(localStore());
    const user = await api.login(favoritos.length ? { ...body, favoritos } : body);
    localStore()?.removeItem(FAVORITOS_STORAGE_KEY);
    usePortalStore.getState().login(user);
    navigate(nextAfterLogin(search));
    return user;
  });
}

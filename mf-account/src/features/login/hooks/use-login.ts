/** POST /api/user/login; success stores the user (store + localStorage `user`) and goes home. */
import { useNavigate } from 'shared-contracts/router';
import { ROUTES, type LoginBody } from 'shared-contracts';
import { useApi, usePortalStore } from 'shared-contracts/store';
import { useRequest } from '../../../lib/use-request';

export function useLogin() {
  const api = useApi();
  const navigate = useNavigate();
  return useRequest(async (body: LoginBody) => {
    const user = await api.login(body);
    usePortalStore.getState().login(user);
    navigate(ROUTES.home);
    return user;
  });
}

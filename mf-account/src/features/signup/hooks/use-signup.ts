/** POST /api/user/signup with the wire body of SPEC §7 (the repeated password is not sent). */
import type { SignupBody } from 'shared-contracts';
import { useApi } from 'web-runtime/store';
import { useRequest } from 'web-runtime/request';

export function useSignup() {
  const api = useApi();
  return useRequest((body: SignupBody) => api.signup(body));
}

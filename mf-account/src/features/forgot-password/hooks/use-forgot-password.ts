/** POST /forgot-password: success flips the view to sent; failure is only logged (SPEC §7, §8). */
import { useApi } from 'shared-contracts/store';
import { useRequest } from '../../../lib/use-request';

export function useForgotPassword() {
  const api = useApi();
  return useRequest(async (email: string) => {
    try {
      return await api.forgotPassword(email);
    } catch (err) {
      console.warn('forgot-password failed', err);
      throw err;
    }
  });
}

/** POST /get-email-confirmation-link: any success shows the confirmation; errors only logged (SPEC §7). */
import { useApi } from 'shared-contracts/store';
import { useRequest } from '../../../lib/use-request';

export function useRequestConfirmation() {
  const api = useApi();
  return useRequest(async (email: string) => {
    try {
      return await api.requestEmailConfirmation(email);
    } catch (err) {
      console.warn('get-email-confirmation-link failed', err);
      throw err;
    }
  });
}

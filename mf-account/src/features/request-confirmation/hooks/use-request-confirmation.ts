/** POST /get-email-confirmation-link: any success shows the confirmation; errors only logged (SPEC §7). */
import { useEmailRequest } from '../../../hooks/use-email-request';

export function useRequestConfirmation() {
  return useEmailRequest('get-email-confirmation-link', (api, email) => api.requestEmailConfirmation(email));
}

/** POST /forgot-password: success flips the view to sent; failure is only logged (SPEC §7, §8). */
import { useEmailRequest } from '../../../hooks/use-email-request';

export function useForgotPassword() {
  return useEmailRequest('forgot-password', (api, email) => api.forgotPassword(email));
}

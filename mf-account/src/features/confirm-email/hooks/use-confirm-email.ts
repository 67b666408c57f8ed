/**
 * POST /confirmEmail {id, token}, sent automatically once on load and again from the button.
 * Confirmation tokens work once (a second request is answered "already confirmed", issue 39, but
 * the first answer is the one to show): useRequestOnLoad sends it once, StrictMode or not.
 * `message`: the server's answer, the SPEC's success or that this link had confirmed the email before.
 */
import { useApi } from 'web-runtime/store';
import { useRequestOnLoad } from 'web-runtime/request';

export function useConfirmEmail(id: string, token: string) {
  const api = useApi();
  const request = useRequestOnLoad(id && token ? `${id}/${token}` : null, () => api.confirmEmail({ id, token }));
  return { ...request, message: request.data?.message ?? null };
}

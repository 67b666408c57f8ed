/**
 * The unsubscribe links of the alert emails: opening one is the one click; the page posts the
 * signed token (no session needed). A saved search's alerts (issue 22), or the account's
 * price-drop emails (issue 39).
 */
import { useApi } from 'web-runtime/store';
import { useRequestOnLoad } from 'web-runtime/request';

export function useBajaAlertas(busquedaId: string, token: string) {
  const api = useApi();
  return useRequestOnLoad(`${busquedaId}/${token}`, () => api.bajaAlertas(busquedaId, token));
}

export function useBajaAvisosPrecio(userId: string, token: string) {
  const api = useApi();
  return useRequestOnLoad(`${userId}/${token}`, () => api.bajaAvisosPrecio(userId, token));
}

/**
 * Plan purchase (SPEC §4): idle -> loading (clicks ignored) -> success (miPlan updated, own listings
 * reloaded by bumping the store's listingsVersion, which the shell watches) or the server's error.
 */
import { useApi, usePortalStore } from 'web-runtime/store';
import { useRequest } from 'web-runtime/request';

export function useComprarPlan() {
  const api = useApi();
  return useRequest(async (count: number) => {
    const { user } = usePortalStore.getState();
    if (!user) throw new Error('no user');
    const result = await api.comprarPlan(count, user.token);
    const store = usePortalStore.getState();
    store.setMiPlan(typeof result?.miPlan === 'number' ? result.miPlan : count);
    store.refreshListings();
    return result;
  });
}

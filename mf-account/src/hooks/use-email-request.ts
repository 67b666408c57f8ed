/**
 * A request that sends one email address (a reset link, a confirmation link): success shows the
 * sent view; a failure is silent for the visitor and only logged (SPEC §7, §8), so `endpoint`
 * names the call in that log line.
 */
import { useApi } from 'web-runtime/store';
import type { ApiClient } from 'shared-contracts';
import { useRequest } from 'web-runtime/request';

export function useEmailRequest(endpoint: string, send: (api: ApiClient, email: string) => Promise<unknown>) {
  const api = useApi();
  return useRequest(async (email: string) => {
    try {
      return await send(api, email);
    } catch (err) {
      console.warn(`${endpoint} failed`, err);
      throw err;
    }
  });
}

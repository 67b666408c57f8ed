/**
 * A page of one of the moderators' lists (the queue, the blocked accounts) and the actions on its
 * items, each followed by a reload of the page shown. One action at a time per item; a refusal
 * (401, 403: the account is not, or no longer, a moderator) sends the user home (useRefusal).
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from 'shared-contracts';
import { useApi, usePortalStore, useQuery } from 'web-runtime/store';
import { errorText } from 'web-runtime/request';
import { isRefusal, useRefusal } from './use-refusal';

export type ListState<R> = { status: 'loading' } | ({ status: 'ok' } & R) | { status: 'error'; message: string };

export function useModeratorList<R extends object>(name: string, fetcher: (api: ApiClient, token: string, page: number, signal: AbortSignal) => Promise<R>) {
  const api = useApi();
  const refused = useRefusal();
  const token = usePortalStore((s) => s.user?.token ?? '');
  const [page, setPage] = useState(0);
  const { status, data, error, refetch } = useQuery(token ? `${name}:${token}:${page}` : null, (signal) => fetcher(api, token, page, signal));
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<{ id: string; message: string } | null>(null);
  const refusal = status === 'error' && isRefusal(error);

  useEffect(() => {
    if (refusal) refused(error);
  }, [refusal, error, refused]);

  const act = useCallback(
    async (id: string, run: (api: ApiClient, token: string) => Promise<unknown>) => {
      setBusy(id);
      setActionError(null);
      try {
        await run(api, token);
        await refetch();
      } catch (err) {
        if (!refused(err)) setActionError({ id, message: errorText(err) });
      } finally {
        setBusy(null);
      }
    },
    [api, token, refetch, refused],
  );

  let state: ListState<R> = { status: 'loading' };
  if (status === 'success' && data) state = { status: 'ok', ...data };
  else if (status === 'error' && !refusal) state = { status: 'error', message: errorText(error) };
  return { state, page, busy, actionError, reload: refetch, goToPage: setPage, act };
}

/**
 * The signed-in account's agency (issue 46, decision 0042): GET /miInmobiliaria, and each change
 * (create, edit the profile, invite, remove an agent) applied on screen once the API confirms it.
 * Every change answers an error text, or null when done; a 401 ends the session.
 */
import { useCallback, useEffect } from 'react';
import { ApiError, type AgenciaPerfil, type MiInmobiliariaResponse } from 'shared-contracts';
import { useApi, usePortalStore, useQuery } from 'web-runtime/store';
import { errorText } from 'web-runtime/request';

export const miInmobiliariaKey = (token: string) => `miInmobiliaria:${token}`;
export type PerfilInput = Omit<AgenciaPerfil, 'slug'>;

function fail(err: unknown): string {
  if (err instanceof ApiError && err.status === 401) usePortalStore.getState().logout();
  return errorText(err);
}

export function useMiInmobiliaria() {
  const api = useApi();
  const token = usePortalStore((s) => s.user?.token ?? '');
  const { status, data, error, setData, refetch } = useQuery(token ? miInmobiliariaKey(token) : null, (signal) => api.miInmobiliaria(token, signal));

  const unauthorized = status === 'error' && error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (unauthorized) usePortalStore.getState().logout();
  }, [unauthorized]);

  const run = useCallback(
    async (work: () => Promise<MiInmobiliariaResponse | null>): Promise<string | null> => {
      try {
        const next = await work();
        if (next) setData(() => next);
        return null;
      } catch (err) {
        return fail(err);
      }
    },
    [setData],
  );

  const crear = useCallback((perfil: PerfilInput) => run(() => api.crearInmobiliaria(perfil, token)), [api, token, run]);
  const editar = useCallback((perfil: PerfilInput) => run(() => api.editarInmobiliaria(perfil, token)), [api, token, run]);
  const invitar = useCallback(
    async (email: string) => {
      const err = await run(async () => {
        await api.invitarAgente(email, token);
        return api.miInmobiliaria(token);
      });
      return err;
    },
    [api, token, run],
  );
  const quitar = useCallback(
    (userId: string) =>
      run(async () => {
        await api.quitarAgente(userId, token);
        return api.miInmobiliaria(token);
      }),
    [api, token, run],
  );

  return { status, data, error: status === 'error' ? errorText(error) : null, refetch, crear, editar, invitar, quitar, token };
}

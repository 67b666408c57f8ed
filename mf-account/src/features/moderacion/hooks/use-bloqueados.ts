/**
 * Blocked accounts (issue 40): a page of them, the most recently blocked first, and Desbloquear,
 * which reloads the page after it.
 */
import { getBloqueados } from '../api/get-bloqueados';
import { useModeratorList } from './use-moderator-list';

export function useBloqueados() {
  const { act, ...list } = useModeratorList('bloqueados', getBloqueados);
  return {
    ...list,
    desbloquear: (userId: string, motivo: string) => act(userId, (api, token) => api.desbloquearUsuario(userId, { motivo }, token)),
  };
}

/**
 * The moderation queue (issues 23 and 40): a page of held and reported listings (held first) and
 * the moderators' actions, each reloading the page after it. A 403 (the account is not, or no
 * longer, a moderator) sends the user home, as the route guard does; the server decides.
 */
import type { AccionModeracion } from 'shared-contracts';
import { getCola } from '../api/get-cola';
import { useModeratorList } from './use-moderator-list';

export function useModeracion() {
  const { act, ...list } = useModeratorList('moderacion', getCola);
  return {
    ...list,
    moderar: (anuncioId: string, accion: AccionModeracion, motivo: string) => act(anuncioId, (api, token) => api.moderar(anuncioId, { accion, motivo }, token)),
    bloquear: (anuncioId: string, userId: string, motivo: string) => act(anuncioId, (api, token) => api.bloquearUsuario(userId, { motivo, anuncioId }, token)),
  };
}

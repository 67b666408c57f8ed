/** A page (0-based) of the blocked accounts, `GET /moderacion/usuarios/bloqueados`: the most recently blocked first (issue 40). */
import type { ApiClient, BloqueadosResponse } from 'shared-contracts';

export const getBloqueados = (api: ApiClient, token: string, page: number, signal?: AbortSignal): Promise<BloqueadosResponse> => api.bloqueados(token, page, signal);

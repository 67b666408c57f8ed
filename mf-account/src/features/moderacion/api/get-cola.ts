/** A page (0-based) of the moderation queue, `GET /moderacion/anuncios`: held listings first (issues 23 and 40). */
import type { ApiClient, ModeracionResponse } from 'shared-contracts';

export const getCola = (api: ApiClient, token: string, page: number, signal?: AbortSignal): Promise<ModeracionResponse> => api.moderacion(token, page, signal);

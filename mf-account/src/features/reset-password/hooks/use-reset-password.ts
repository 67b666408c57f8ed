/**
 * POST /reset-password with {id, token, newPassword}. The ENTERED new password is sent: SPEC §5
 * describes the original reading a differently-cased field (so it could send nothing).
 */
import { useApi } from 'web-runtime/store';
import { useRequest } from '../../../hooks/use-request';

export function useResetPassword(id: string, token: string) {
  const api = useApi();
  return useRequest((newPassword: string) => api.resetPassword({ id, token, newPassword }));
}

/**
 * POST /reset-password with {id, token, newPassword}. The ENTERED new password is sent: SPEC §5
 * describes the original reading a differently-cased field (so it could send nothing).
 * A link already used (409, issue 39) ends the step as `alreadyUsed`: the page says so instead of
 * showing an error; the password is not changed by it.
 */
import { useState } from 'react';
import { ApiError } from 'shared-contracts';
import { useApi } from 'web-runtime/store';
import { useRequest } from 'web-runtime/request';

export function useResetPassword(id: string, token: string) {
  const api = useApi();
  const [alreadyUsed, setAlreadyUsed] = useState(false);
  const request = useRequest(async (newPassword: string) => {
    try {
      return await api.resetPassword({ id, token, newPassword });
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409)) throw err;
      setAlreadyUsed(true);
      return { message: err.message };
    }
  });
  return { ...request, alreadyUsed };
}

/**
 * PATCH /favoritos: the account's price-drop emails on or off (issue 39). The switch moves at
 * once and goes back, with the reason, if the API refuses; a 401 ends the session.
 */
import { useState } from 'react';
import { ApiError, MSG } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';

export function useAvisosPrecio(initial: boolean) {
  const api = useApi();
  const [on, setOn] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (next: boolean) => {
    const token = usePortalStore.getState().user?.token;
    if (!token) return;
    setOn(next);
    setSaving(true);
    setError(null);
    try {
      setOn((await api.setAvisosPrecio(next, token)).avisosPrecio);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) usePortalStore.getState().logout();
      setOn(!next);
      setError(err instanceof ApiError ? err.message : MSG.serverError);
    } finally {
      setSaving(false);
    }
  };
  return { on, saving, error, change };
}

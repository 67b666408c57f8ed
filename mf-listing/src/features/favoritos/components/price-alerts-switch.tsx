/**
 * "Avisarme por email cuando un favorito baje de precio" on the favourites page (issue 39): the
 * account's price-drop emails on or off (PATCH /favoritos), which the email's own unsubscribe
 * link turns off. The switch moves at once and goes back, with the reason, if the API refuses.
 */
import { useState } from 'react';
import Switch from 'antd/es/switch';
import { ApiError, MSG, SAVED_MSG } from 'shared-contracts';
import { useApi, usePortalStore } from 'web-runtime/store';

export function PriceAlertsSwitch({ initial }: { initial: boolean }) {
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
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <Switch id="avisos-precio" checked={on} loading={saving} onChange={(next) => void change(next)} />
      <label htmlFor="avisos-precio">{SAVED_MSG.avisosPrecio}</label>
      {error && (
        <span role="alert" style={{ color: '#cf1322' }}>
          {error}
        </span>
      )}
    </div>
  );
}

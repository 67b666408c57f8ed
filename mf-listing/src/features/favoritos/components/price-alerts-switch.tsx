/**
 * "Avisarme por email cuando un favorito baje de precio" on the favourites page (issue 39): the
 * account's price-drop emails on or off, which the email's own unsubscribe link turns off.
 */
import Switch from 'antd/es/switch';
import { SAVED_MSG } from 'shared-contracts';
import { useAvisosPrecio } from '../api/set-avisos-precio';

export function PriceAlertsSwitch({ initial }: { initial: boolean }) {
  const { on, saving, error, change } = useAvisosPrecio(initial);
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

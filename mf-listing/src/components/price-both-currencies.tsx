/**
 * A price with the other currency beside it (issue 21): 'US$ 193,000 · ≈ RD$ 11,580,000', at
 * USD_DOP_RATE from the runtime config, the rate the price filter converts with. The config is
 * the same on the server and in the browser, so the figure hydrates unchanged.
 */
import type { CSSProperties } from 'react';
import theme from 'antd/es/theme';
import { formatPrice, otherCurrencyPrice, type Anuncio } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

export interface PriceBothCurrenciesProps {
  anuncio: Pick<Anuncio, 'price' | 'moneda'>;
  style?: CSSProperties;
}

export function PriceBothCurrencies({ anuncio, style }: PriceBothCurrenciesProps) {
  const rate = usePortalStore((s) => s.config?.usdDopRate ?? 0);
  const { token } = theme.useToken();
  const other = otherCurrencyPrice(anuncio.price, anuncio.moneda, rate);
  return (
    <span className="precio" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 6, ...style }}>
      <span>{formatPrice(anuncio.price, anuncio.moneda)}</span>
      {other && ' '}
      {other && (
        <span className="precio-otra-moneda" style={{ fontSize: '0.7em', fontWeight: 400, color: token.colorTextSecondary }}>
          · {other}
        </span>
      )}
    </span>
  );
}

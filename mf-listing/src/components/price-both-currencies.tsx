/**
 * A price with the other currency beside it (issue 21): 'US$ 193,000 · ≈ RD$ 11,580,000', at
 * USD_DOP_RATE from the runtime config, the rate the price filter converts with. The config is
 * the same on the server and in the browser, so the figure hydrates unchanged. What the figure is
 * (the rate and its day, USD_DOP_RATE_DATE: issue 39) is its title here, and a line of its own
 * under the detail's price (ExchangeRateNote).
 */
import type { CSSProperties } from 'react';
import theme from 'antd/es/theme';
import { exchangeRateNote, formatPrice, otherCurrencyPrice, type Anuncio } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

export interface PriceBothCurrenciesProps {
  anuncio: Pick<Anuncio, 'price' | 'moneda'>;
  style?: CSSProperties;
}

/** The runtime config's rate and its day ('' when not given). */
function useRate() {
  const rate = usePortalStore((s) => s.config?.usdDopRate ?? 0);
  const day = usePortalStore((s) => s.config?.usdDopRateDate ?? '');
  return { rate, day };
}

export function PriceBothCurrencies({ anuncio, style }: PriceBothCurrenciesProps) {
  const { rate, day } = useRate();
  const { token } = theme.useToken();
  const other = otherCurrencyPrice(anuncio.price, anuncio.moneda, rate);
  return (
    <span className="precio" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 6, ...style }}>
      <span>{formatPrice(anuncio.price, anuncio.moneda)}</span>
      {other && ' '}
      {other && (
        <span className="precio-otra-moneda" title={exchangeRateNote(rate, day)} style={{ fontSize: '0.7em', fontWeight: 400, color: token.colorTextSecondary }}>
          · {other}
        </span>
      )}
    </span>
  );
}

/** 'Equivalencia aproximada a RD$ 60 por US$ 1, tasa del 27 de noviembre de 2026.' — only where a figure is shown. */
export function ExchangeRateNote({ anuncio }: Pick<PriceBothCurrenciesProps, 'anuncio'>) {
  const { rate, day } = useRate();
  const { token } = theme.useToken();
  if (!otherCurrencyPrice(anuncio.price, anuncio.moneda, rate)) return null;
  return (
    <p className="precio-tasa" style={{ margin: '0 0 8px', fontSize: 13, color: token.colorTextSecondary }}>
      {exchangeRateNote(rate, day)}
    </p>
  );
}

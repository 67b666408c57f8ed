/**
 * A price with the other currency beside it (issue 21): 'US$ 193,000 · ≈ RD$ 11,580,000', at
 * USD_DOP_RATE from the runtime config, the rate the price filter converts with. The config is
 * the same on the server and in the browser, so the figure hydrates unchanged. What the figure is
 * (the rate and its day, USD_DOP_RATE_DATE: issue 39) is its title here, and a line of its own
 * under the detail's price (ExchangeRateNote).
 */
import type { CSSProperties } from 'react';
import theme from 'antd/es/theme';
import { exchangeRateNote, formatListingPrice, formatPricePerM2, otherCurrencyPrice, otherCurrencyPricePerM2, type Anuncio } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

export interface PriceBothCurrenciesProps {
  /** `proposito`: a rent shows its period, 'RD$ 50,000/mes' (issue 42). */
  anuncio: Pick<Anuncio, 'price' | 'moneda'> & Partial<Pick<Anuncio, 'proposito'>>;
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
  const converted = otherCurrencyPrice(anuncio.price, anuncio.moneda, rate);
  const other = converted && anuncio.proposito === 'alquiler' ? `${converted}/mes` : converted;
  return (
    <span className="precio" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 6, ...style }}>
      <span>{formatListingPrice(anuncio.price, anuncio.moneda, anuncio.proposito)}</span>
      {other && ' '}
      {other && (
        <span className="precio-otra-moneda" title={exchangeRateNote(rate, day)} style={{ fontSize: '0.7em', fontWeight: 400, color: token.colorTextSecondary }}>
          · {other}
        </span>
      )}
    </span>
  );
}

/**
 * Issue 42: the price per m² when the area is known, 'RD$ 120,000/m² · ≈ US$ 2,000/m²', the other
 * currency beside it as the price has; nothing without an area.
 */
export function PricePerM2({ anuncio, style }: { anuncio: Pick<Anuncio, 'price' | 'moneda' | 'metros'>; style?: CSSProperties }) {
  const { rate, day } = useRate();
  const { token } = theme.useToken();
  const own = formatPricePerM2(anuncio.price, anuncio.moneda, anuncio.metros);
  if (!own) return null;
  const other = otherCurrencyPricePerM2(anuncio.price, anuncio.moneda, anuncio.metros, rate);
  return (
    <span className="precio-m2" style={{ fontSize: 13, color: token.colorTextSecondary, ...style }}>
      {own}
      {other && <span title={exchangeRateNote(rate, day)}> · {other}</span>}
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

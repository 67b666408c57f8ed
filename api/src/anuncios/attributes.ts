/**
 * Issue 42's listing attributes as the row stores them (docs/decisions/0028-listing-attributes.md):
 * unknown is NULL; on an edit, a field the request does not carry keeps its stored value (a
 * client that does not know the field never erases it; '' clears it); the fee in both currencies
 * at the write's USD_DOP_RATE, as price_rd; a delivery date only for a project not yet built.
 */
import { CONSTRUCCION_CON_ENTREGA, type AnuncioInput, type Moneda } from 'shared-contracts';
import type { AnuncioRow } from '../db/schema';

const KEPT = [
  'mediosBanos', 'parqueos', 'amueblado', 'respaldo', 'cisterna', 'gasComun', 'ascensor', 'seguridad24h', 'areaSocial',
  'mantenimiento', 'mantenimientoMoneda', 'anoConstruccion', 'construccion', 'entrega', 'calle', 'video', 'tour',
] as const satisfies readonly (keyof AnuncioInput & keyof AnuncioRow)[];

export type AttributeColumns = Pick<AnuncioRow, (typeof KEPT)[number] | 'parqueo' | 'mantenimientoRd' | 'mantenimientoUs'>;

/** The fee in RD$ and US$ at `usdDopRate` (null when unknown). */
export function feeInBoth(amount: number | null, moneda: Moneda | null, usdDopRate: number): { mantenimientoRd: number | null; mantenimientoUs: number | null } {
  if (amount === null || moneda === null) return { mantenimientoRd: null, mantenimientoUs: null };
  return moneda === 'US' ? { mantenimientoRd: amount * usdDopRate, mantenimientoUs: amount } : { mantenimientoRd: amount, mantenimientoUs: amount / usdDopRate };
}

/** The attribute columns of a publish (`stored` null) or an edit of `stored`. */
export function attributeColumns(input: AnuncioInput, usdDopRate: number, stored: AnuncioRow | null): AttributeColumns {
  const pick = <K extends (typeof KEPT)[number]>(key: K): AnuncioRow[K] | null => {
    const value = input[key];
    if (value !== undefined) return value as AnuncioRow[K] | null;
    return stored ? stored[key] : null;
  };
  const parqueos = pick('parqueos');
  const construccion = pick('construccion');
  const mantenimiento = pick('mantenimiento');
  const mantenimientoMoneda = mantenimiento === null ? null : (pick('mantenimientoMoneda') ?? input.moneda);
  return {
    mediosBanos: pick('mediosBanos'),
    parqueos,
    // Parking yes/no follows the count when there is one; without it, what the form said.
    parqueo: parqueos !== null ? parqueos > 0 : input.parqueo,
    amueblado: pick('amueblado'),
    respaldo: pick('respaldo'),
    cisterna: pick('cisterna'),
    gasComun: pick('gasComun'),
    ascensor: pick('ascensor'),
    seguridad24h: pick('seguridad24h'),
    areaSocial: pick('areaSocial'),
    mantenimiento,
    mantenimientoMoneda,
    ...feeInBoth(mantenimiento, mantenimientoMoneda, usdDopRate),
    anoConstruccion: pick('anoConstruccion'),
    construccion,
    entrega: construccion !== null && CONSTRUCCION_CON_ENTREGA.includes(construccion) ? pick('entrega') : null,
    calle: pick('calle') ?? '',
    video: pick('video'),
    tour: pick('tour'),
  };
}

/**
 * Issue 42's attributes for demo and benchmark listings: realistic shares for the residential
 * types (most apartments in Santo Domingo have a cistern and some backup; towers have elevators),
 * and unknown (null) for a fifth of them, as listings from before the fields and partner feeds
 * that do not say. Drawn from their own random stream, so every other value of a seed's
 * catalogue stays what it was (generate-listings.ts).
 */
import { CONSTRUCCION_CON_ENTREGA, type Construccion } from 'shared-contracts';
import { feeInBoth, type AttributeColumns } from '../anuncios/attributes';
import type { DemoListing } from './generate-listings';
import { rngFor, type Rng } from './prng';

const ATTRIBUTE_STREAM = 0x42_42_42;
const RESIDENTIAL = new Set(['Apartamento', 'Penthouse', 'Casa', 'Villa', 'Townhouse', 'Lofts', 'Estudios', 'Proyecto']);
const IN_BUILDING = new Set(['Apartamento', 'Penthouse', 'Lofts', 'Estudios', 'Proyecto']);

const UNKNOWN: AttributeColumns = {
  mediosBanos: null, parqueos: null, parqueo: false, amueblado: null, respaldo: null, cisterna: null, gasComun: null, ascensor: null,
  seguridad24h: null, areaSocial: null, mantenimiento: null, mantenimientoMoneda: null, mantenimientoRd: null, mantenimientoUs: null,
  anoConstruccion: null, construccion: null, entrega: null, calle: '', video: null, tour: null,
};

const maybe = (rng: Rng, share: number) => rng.chance(share);

function construction(rng: Rng): { construccion: Construccion; entrega: string | null; ano: number | null } {
  const construccion = rng.weighted<Construccion>([['listo', 80], ['construccion', 12], ['planos', 8]]);
  if (CONSTRUCCION_CON_ENTREGA.includes(construccion)) {
    return { construccion, entrega: `${rng.int(2027, 2030)}-${String(rng.int(1, 12)).padStart(2, '0')}`, ano: null };
  }
  return { construccion, entrega: null, ano: rng.int(1975, 2026) };
}

/** The attribute columns of demo listing `index` of `seed` (its other values already drawn). */
export function demoAttributes(seed: number, index: number, l: DemoListing, usdDopRate: number): AttributeColumns {
  const parqueo = l.parqueo ?? false;
  if (!RESIDENTIAL.has(l.propiedad)) return { ...UNKNOWN, parqueo };
  const rng = rngFor(seed ^ ATTRIBUTE_STREAM, index);
  if (rng.chance(0.2)) return { ...UNKNOWN, parqueo };
  const building = IN_BUILDING.has(l.propiedad);
  const parqueos = parqueo ? rng.weighted([[1, 40], [2, 45], [3, 12], [4, 3]]) : 0;
  const { construccion, entrega, ano } = construction(rng);
  const mantenimiento = building ? (l.moneda === 'US' ? rng.int(8, 60) * 10 : rng.int(30, 250) * 100) : null;
  const mantenimientoMoneda = mantenimiento === null ? null : l.moneda ?? 'RD';
  return {
    mediosBanos: rng.chance(0.45) ? 1 : 0,
    parqueos,
    parqueo: parqueos > 0,
    amueblado: l.proposito === 'alquiler' ? rng.weighted([['si', 45], ['semi', 20], ['no', 35]]) : rng.weighted([['si', 10], ['semi', 10], ['no', 80]]),
    respaldo: rng.weighted([['planta', building ? 45 : 25], ['inversor', 40], ['ninguno', building ? 15 : 35]]),
    cisterna: maybe(rng, 0.85),
    gasComun: building ? maybe(rng, 0.6) : false,
    ascensor: building ? (l.nivel ?? 1) > 3 || maybe(rng, 0.3) : false,
    seguridad24h: maybe(rng, building ? 0.7 : 0.3),
    areaSocial: building ? maybe(rng, 0.4) : false,
    mantenimiento,
    mantenimientoMoneda,
    ...feeInBoth(mantenimiento, mantenimientoMoneda, usdDopRate),
    anoConstruccion: ano,
    construccion,
    entrega,
    calle: '',
    video: null,
    tour: null,
  };
}

/**
 * Synthetic listings that look like the real catalogue: real places of the gazetteer with the
 * coordinates jittered around them, market-like prices per type and purpose, Spanish text,
 * and about a third from the partner companies. Deterministic for a seed.
 */
import { DO_BBOX, type Moneda, type Propiedad, type Proposito } from 'shared-contracts';
import type { NewAnuncioRow } from '../db/schema';
import { getGazetteer, type Municipality, type Sector } from '../geocoder';
import { demoAttributes } from './demo-attributes';
import { rngFor, type Rng } from './prng';
import {
  ADJECTIVES, BUSY_MUNICIPALITIES, CLOSINGS, EXTRAS, FIRST_NAMES, LAST_NAMES, OPENINGS,
  PARTNER_ONLY_TYPES, STREETS, TYPE_NOUNS, TYPE_PROFILES, TYPE_WEIGHTS, type TypeProfile,
} from './catalogue-data';

export const DEFAULT_USD_DOP_RATE = 60;

/**
 * The six partner agencies migration 0024 creates (issue 46: agencies live in the database; the
 * demo catalogue draws its partner listings from these, which every database has).
 */
export const DEMO_PARTNERS = {
  hazim: 'Hazim',
  tucasard: 'TuCasaRD',
  noves: 'Noves',
  habitame: 'Habitame',
  cindy: 'Cindy',
  inversionisto: 'Inversionisto',
} as const;
export type DemoPartner = keyof typeof DEMO_PARTNERS;
export const DEMO_PARTNER_KEYS = Object.keys(DEMO_PARTNERS) as DemoPartner[];
export const PARTNER_SHARE = 1 / 3;

export interface GenerateOptions {
  count: number;
  seed: number;
  /** RD$ per US$ for `priceRd` (the API's USD_DOP_RATE). */
  usdDopRate?: number;
  /** Index of the first listing (bulk loads generate in slices). */
  start?: number;
}

/** A row for `anuncios`, owner-less: demo and partner listings count against nobody's quota. */
export type DemoListing = NewAnuncioRow & { imageKeys: string[] };

const round = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

function pickLocation(rng: Rng): { municipality: Municipality; sector: Sector | null } {
  const g = getGazetteer();
  const municipality = rng.chance(0.55)
    ? g.municipalityById.get(rng.weighted(BUSY_MUNICIPALITIES))!
    : rng.pick(g.municipalities);
  // only sectors with a point of their own: a demo listing sits where its sector is
  const sectors = g.sectors.filter((s) => s.municipality === municipality.id && !s.approx);
  const sector = sectors.length && rng.chance(0.6) ? rng.pick(sectors) : null;
  return { municipality, sector };
}

function pickPrice(rng: Rng, profile: TypeProfile, proposito: Proposito, metros: number): { price: number; moneda: Moneda } {
  const rent = proposito === 'alquiler' && profile.alquiler;
  const moneda: Moneda = rng.chance(rent ? 0.25 : profile.usShare) ? 'US' : 'RD';
  const [min, max] = (rent ? profile.alquiler! : profile.venta)[moneda];
  // Bigger places cost more; the rest is chance, skewed towards the cheaper end as real listings are.
  const size = profile.perM2 ? rng.next() : (metros - profile.metros[0]) / (profile.metros[1] - profile.metros[0]);
  const raw = min + (max - min) * (0.5 * size + 0.5 * rng.next() ** 1.8);
  const total = profile.perM2 ? raw * metros : raw;
  const step = rent ? (moneda === 'US' ? 50 : 500) : moneda === 'US' ? 1_000 : 10_000;
  return { price: round(total, step), moneda };
}

function phone(rng: Rng): string {
  // 555-01xx numbers are reserved for fiction in the North American plan: no real person is called.
  return `${rng.pick(['809', '829', '849'])}55501${String(rng.int(0, 99)).padStart(2, '0')}`;
}

function slug(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]+/g, '');
}

function title(rng: Rng, propiedad: Propiedad, proposito: Proposito, where: string, habitaciones: number | null): string {
  const verb = proposito === 'alquiler' ? 'en alquiler' : proposito === 'construir' ? 'para construir' : 'en venta';
  const rooms = habitaciones && habitaciones > 1 ? ` de ${habitaciones} habitaciones` : '';
  const [noun, feminine] = TYPE_NOUNS[propiedad];
  const adjective = rng.pick(ADJECTIVES)[feminine ? 1 : 0];
  return rng.chance(0.5) ? `${adjective} ${noun}${rooms} ${verb} en ${where}` : `${noun[0].toUpperCase()}${noun.slice(1)} ${verb} en ${where}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function description(rng: Rng, l: DemoListing, where: string): string {
  const facts = [
    l.habitaciones ? plural(l.habitaciones, 'habitación', 'habitaciones') : null,
    l.banos ? plural(l.banos, 'baño', 'baños') : null,
    l.metros ? `${l.metros.toLocaleString('es-DO')} m²` : null,
    l.nivel && ['Apartamento', 'Penthouse', 'Lofts', 'Estudios', 'Oficina'].includes(l.propiedad) ? `piso ${l.nivel}` : null,
  ].filter(Boolean);
  const amenities = [l.parqueo && 'parqueo', l.balcon && 'balcón', l.patio && 'patio', l.piscina && 'piscina'].filter(Boolean);
  const extras = Array.from(new Set(Array.from({ length: rng.int(1, 3) }, () => rng.pick(EXTRAS))));
  return [
    rng.pick(OPENINGS).replace('{place}', where),
    facts.length ? `Cuenta con ${facts.join(', ')}.` : null,
    amenities.length ? `Incluye ${amenities.join(', ')}.` : null,
    `${extras.join('. ')}.`,
    rng.pick(CLOSINGS),
  ]
    .filter(Boolean)
    .join('\n');
}

/** Listing number `index` of the catalogue for `seed`. */
export function generateDemoListing(seed: number, index: number, usdDopRate = DEFAULT_USD_DOP_RATE): DemoListing {
  const rng = rngFor(seed, index);
  const partner = rng.chance(PARTNER_SHARE) ? rng.pick(DEMO_PARTNER_KEYS) : null;
  const propiedad = rng.weighted(partner && rng.chance(0.15) ? PARTNER_ONLY_TYPES : TYPE_WEIGHTS);
  const profile = TYPE_PROFILES[propiedad]!;
  const proposito: Proposito = profile.perM2
    ? rng.chance(0.2) ? 'construir' : 'venta'
    : profile.alquiler && rng.chance(0.4) ? 'alquiler' : 'venta';
  const metros = round(rng.float(...profile.metros), profile.metros[1] > 5_000 ? 100 : 5);
  const { price, moneda } = pickPrice(rng, profile, proposito, metros);
  const { municipality, sector } = pickLocation(rng);
  const province = getGazetteer().provinceById.get(municipality.province)!;
  const anchor = sector ?? municipality;
  const spread = sector ? 0.008 : 0.02;
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const where = sector?.name ?? municipality.name;
  const habitaciones = profile.habitaciones ? rng.int(...profile.habitaciones) : null;
  const listing: DemoListing = {
    ownerId: null,
    source: partner,
    sourceRef: partner ? `demo-${seed}-${index}` : null,
    status: 'published',
    title: title(rng, propiedad, proposito, where, habitaciones),
    description: '',
    price,
    moneda,
    priceRd: moneda === 'US' ? price * usdDopRate : price,
    proposito,
    propiedad,
    metros,
    habitaciones,
    banos: profile.banos ? clamp(rng.int(...profile.banos), 1, Math.max(1, (habitaciones ?? 2) + 1)) : null,
    nivel: profile.nivel ? rng.int(...profile.nivel) : null,
    balcon: !profile.perM2 && rng.chance(0.5),
    patio: ['Casa', 'Villa', 'Townhouse', 'Finca'].includes(propiedad) && rng.chance(0.7),
    piscina: ['Villa', 'Penthouse', 'Hotel', 'Turistico'].includes(propiedad) ? rng.chance(0.8) : !profile.perM2 && rng.chance(0.12),
    parqueo: !profile.perM2 && rng.chance(0.85),
    name: first,
    apellido: last,
    empresa: partner ? DEMO_PARTNERS[partner] : '',
    movil: phone(rng),
    email: `${slug(first)}.${slug(last)}${index % 1000}@${partner ? `${partner}.example.com` : 'example.com'}`,
    place: municipality.name,
    region: province.name,
    locality: sector?.name ?? '',
    address: `${rng.pick(STREETS)} #${rng.int(1, 250)}, ${where}`,
    latitude: Number(clamp(anchor.lat + rng.float(-spread, spread), DO_BBOX.latMin, DO_BBOX.latMax).toFixed(6)),
    longitude: Number(clamp(anchor.lng + rng.float(-spread, spread), DO_BBOX.lngMin, DO_BBOX.lngMax).toFixed(6)),
    imageKeys: [],
  };
  listing.description = description(rng, listing, where);
  return Object.assign(listing, demoAttributes(seed, index, listing, usdDopRate));
}

export function generateDemoListings({ count, seed, usdDopRate, start = 0 }: GenerateOptions): DemoListing[] {
  return Array.from({ length: count }, (_, i) => generateDemoListing(seed, start + i, usdDopRate));
}

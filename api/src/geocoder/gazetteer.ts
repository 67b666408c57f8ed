/**
 * The offline gazetteer (api/data/do-gazetteer.json, ODbL 1.0 — its README must stay beside it),
 * loaded once per process and indexed for search, reverse lookups and name matching.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Province {
  id: string;
  iso: string;
  name: string;
  lat: number;
  lng: number;
}
export interface Municipality {
  id: string;
  name: string;
  /** Province id. */
  province: string;
  lat: number;
  lng: number;
  alt?: string[];
  approx?: boolean;
}
export interface Sector {
  id: string;
  name: string;
  /** Municipality id. */
  municipality: string;
  lat: number;
  lng: number;
  type: 'barrio' | 'distrito_municipal' | 'localidad';
  alt?: string[];
  /**
   * No licensed source has a point for it (Naco, Cap Cana): `lat`/`lng` are its municipality's.
   * Found by name, never answered for a point (reverse lookups), never given to demo listings.
   */
  approx?: boolean;
}
export interface GazetteerFile {
  license: string;
  attribution: string;
  bbox: { lat_min: number; lat_max: number; lng_min: number; lng_max: number };
  provinces: Province[];
  municipalities: Municipality[];
  sectors: Sector[];
}

export type PlaceKind = 'region' | 'place' | 'locality';

/** One searchable place: a province (region), municipality (place) or sector (locality). */
export interface PlaceEntry {
  kind: PlaceKind;
  id: string;
  name: string;
  lat: number;
  lng: number;
  province: Province;
  municipality?: Municipality;
  sector?: Sector;
  /** Its other names (gazetteer `alt`): "Ensanche Naco", "Zona Colonial". */
  alt: string[];
  /** Normalised words of the name and of each alternative name. */
  nameWords: string[][];
  /** Normalised full names (name + alt), for exact matches. */
  normalizedNames: string[];
}

export interface Gazetteer {
  file: GazetteerFile;
  provinces: Province[];
  municipalities: Municipality[];
  sectors: Sector[];
  provinceById: Map<string, Province>;
  municipalityById: Map<string, Municipality>;
  entries: PlaceEntry[];
}

export const GAZETTEER_PATH = path.join(__dirname, '..', '..', 'data', 'do-gazetteer.json');

/** Lower case, accents removed, punctuation turned into spaces: "Higüey" and "higuey" match. */
export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim();
}

export function words(value: string): string[] {
  const n = normalizeName(value);
  return n ? n.split(' ') : [];
}

function entry(
  kind: PlaceKind,
  record: { id: string; name: string; lat: number; lng: number; alt?: string[] },
  province: Province,
  municipality?: Municipality,
  sector?: Sector,
): PlaceEntry {
  const names = [record.name, ...(record.alt ?? [])];
  return {
    kind,
    id: record.id,
    name: record.name,
    alt: record.alt ?? [],
    lat: record.lat,
    lng: record.lng,
    province,
    municipality,
    sector,
    nameWords: names.map(words),
    normalizedNames: names.map(normalizeName),
  };
}

function build(file: GazetteerFile): Gazetteer {
  const provinceById = new Map(file.provinces.map((p) => [p.id, p]));
  const municipalityById = new Map(file.municipalities.map((m) => [m.id, m]));
  const entries: PlaceEntry[] = [];
  for (const p of file.provinces) entries.push(entry('region', p, p));
  for (const m of file.municipalities) {
    const province = provinceById.get(m.province);
    if (province) entries.push(entry('place', m, province, m));
  }
  for (const s of file.sectors) {
    const municipality = municipalityById.get(s.municipality);
    const province = municipality && provinceById.get(municipality.province);
    if (municipality && province) entries.push(entry('locality', s, province, municipality, s));
  }
  return {
    file,
    provinces: file.provinces,
    municipalities: file.municipalities,
    sectors: file.sectors,
    provinceById,
    municipalityById,
    entries,
  };
}

let cached: Gazetteer | null = null;

/** The gazetteer, read from disk on first use only. */
export function getGazetteer(): Gazetteer {
  if (!cached) cached = build(JSON.parse(readFileSync(GAZETTEER_PATH, 'utf8')) as GazetteerFile);
  return cached;
}

/** The notice the licences require wherever results are shown (ODbL 4.3, CC BY 4.0). */
export function gazetteerAttribution(): string {
  return getGazetteer().file.attribution;
}

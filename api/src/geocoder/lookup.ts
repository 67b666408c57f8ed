/**
 * Name lookups tolerant of accents, case and the "Provincia"/"Municipio" prefixes feeds use,
 * for the partner-feed import and the demo catalogue.
 */
import { getGazetteer, normalizeName, type Municipality, type Province, type Sector } from './gazetteer';

const PREFIX_RE = /^(provincia|prov|municipio|mun|sector|barrio|ensanche|ens)\s+(de\s+)?/;

function keys(name: string): string[] {
  const n = normalizeName(name);
  const stripped = n.replace(PREFIX_RE, '');
  return stripped && stripped !== n ? [n, stripped] : [n];
}

function matches(record: { name: string; alt?: string[] }, wanted: string[]): boolean {
  return [record.name, ...(record.alt ?? [])].some((n) => wanted.includes(normalizeName(n)));
}

export function findProvince(name: string): Province | null {
  if (!name) return null;
  const wanted = keys(name);
  return getGazetteer().provinces.find((p) => matches(p, wanted)) ?? null;
}

/**
 * A municipality by name (or alternative name); with a province name, only inside that province.
 * Without one, an exact name beats an alternative name ("Santo Domingo" is the alt of the
 * Distrito Nacional's municipality, and also a province).
 */
export function findMunicipality(name: string, provinceName?: string): Municipality | null {
  if (!name) return null;
  const wanted = keys(name);
  const g = getGazetteer();
  let candidates = g.municipalities;
  if (provinceName) {
    const province = findProvince(provinceName);
    if (!province) return null;
    candidates = candidates.filter((m) => m.province === province.id);
  }
  return (
    candidates.find((m) => wanted.includes(normalizeName(m.name))) ??
    candidates.find((m) => matches(m, wanted)) ??
    null
  );
}

/** A sector by name (or alternative name); with a municipality name, only inside it. */
export function findSector(name: string, municipalityName?: string): Sector | null {
  if (!name) return null;
  const wanted = keys(name);
  let candidates = getGazetteer().sectors;
  if (municipalityName) {
    const m = findMunicipality(municipalityName);
    if (!m) return null;
    candidates = candidates.filter((s) => s.municipality === m.id);
  }
  return candidates.find((s) => wanted.includes(normalizeName(s.name))) ?? candidates.find((s) => matches(s, wanted)) ?? null;
}

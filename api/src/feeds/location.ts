/**
 * Feed place names onto the portal's region (province) / place (municipality) / locality (sector),
 * spelled as the gazetteer spells them when they match, so partner listings share the search
 * options of user listings. Unmatched names are kept as the partner wrote them.
 */
import { findMunicipality, findProvince, findSector, getGazetteer } from '../geocoder';
import type { RawAd } from './types';

export interface ResolvedLocation {
  region: string;
  place: string;
  locality: string;
  /** The most specific matched place's coordinate, when any matched. */
  point: { lat: number; lng: number } | null;
}

const clean = (v: string | undefined) => (v ?? '').replace(/\s+/g, ' ').trim();

export function resolveLocation(raw: RawAd): ResolvedLocation {
  const regionText = clean(raw.region);
  const cityText = clean(raw.city);
  const localityText = clean(raw.city_area) || clean(raw.neighborhood);
  const g = getGazetteer();

  let province = regionText ? findProvince(regionText) : null;
  // Inside the named province first; a city of another province would contradict the feed.
  let municipality = cityText ? findMunicipality(cityText, province ? province.name : undefined) : null;
  if (!province && municipality) province = g.provinceById.get(municipality.province) ?? null;
  let sector = localityText ? findSector(localityText, municipality ? municipality.name : undefined) : null;
  if (!sector && localityText && !municipality && !cityText) {
    const anywhere = findSector(localityText);
    const inProvince = anywhere && g.municipalityById.get(anywhere.municipality)?.province;
    if (anywhere && (!province || inProvince === province.id)) sector = anywhere;
  }
  if (sector && !municipality) {
    municipality = g.municipalityById.get(sector.municipality) ?? null;
    if (municipality && !province) province = g.provinceById.get(municipality.province) ?? null;
  }
  const best = sector ?? municipality ?? province;
  return {
    region: province?.name ?? regionText,
    place: municipality?.name ?? cityText,
    locality: sector?.name ?? localityText,
    point: best ? { lat: best.lat, lng: best.lng } : null,
  };
}

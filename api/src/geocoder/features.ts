/**
 * Gazetteer places in the wire shape of SPEC §3 "Reverse geocoding" (GeocodeResponse):
 * region = province, place = municipality, locality = sector. The context lists every level,
 * the feature's own included, because the address picker reads place/region/locality from it.
 */
import { MSG, type GeocodeContext, type GeocodeFeature } from 'shared-contracts';
import type { PlaceEntry } from './gazetteer';

export const COUNTRY_NAME = MSG.fallbackLocation;

export function toFeature(e: PlaceEntry): GeocodeFeature {
  const context: GeocodeContext[] = [];
  if (e.sector) context.push({ id: `locality.${e.sector.id}`, text: e.sector.name });
  if (e.municipality) context.push({ id: `place.${e.municipality.id}`, text: e.municipality.name });
  context.push({ id: `region.${e.province.id}`, text: e.province.name });
  return {
    id: `${e.kind}.${e.id}`,
    text: e.name,
    place_name: [...context.map((c) => c.text), COUNTRY_NAME].join(', '),
    center: [e.lng, e.lat],
    context,
  };
}

/**
 * Issue 44: what the map asks the API for a view. The box is widened to whole grid cells (the
 * API's grid, search-area.ts), so a cell at the edge is counted whole and small pans inside the
 * same cells ask the same thing.
 */
import type { LatLngBounds } from 'leaflet';
import { celdaDeZoom, type Zona } from 'shared-contracts';

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const round = (n: number) => Math.round(n * 1e5) / 1e5;

/** The box of the map's bounds, as `zona` writes it. */
export function zonaOf(bounds: LatLngBounds): Zona {
  return [round(clamp(bounds.getSouth(), -90, 90)), round(clamp(bounds.getWest(), -180, 180)), round(clamp(bounds.getNorth(), -90, 90)), round(clamp(bounds.getEast(), -180, 180))];
}

/** The view to ask clusters for: the bounds widened to the zoom's cells. */
export function vistaOf(bounds: LatLngBounds, zoom: number): Zona {
  const c = celdaDeZoom(zoom);
  const [s, w, n, e] = zonaOf(bounds);
  const out: Zona = [round(clamp(Math.floor(s / c) * c, -90, 90)), round(clamp(Math.floor(w / c) * c, -180, 180)), round(clamp(Math.ceil(n / c) * c, -90, 90)), round(clamp(Math.ceil(e / c) * c, -180, 180))];
  if (out[0] >= out[2]) out[2] = round(out[0] + c);
  if (out[1] >= out[3]) out[3] = round(out[1] + c);
  return out;
}

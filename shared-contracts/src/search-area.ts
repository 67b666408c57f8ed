/**
 * Issue 44: the areas a search can be limited to on the map, one reading of them for the API, the
 * URL and the map. `zona` is the box the map showed when "Buscar en esta zona" was pressed,
 * `[sur, oeste, norte, este]`; `poligono` an area drawn on the map, `[lat1, lng1, lat2, lng2, …]`.
 * Both are flat lists of numbers (JSON, the URL and saved searches carry them as they are; the
 * URL writes them comma-separated) rounded to 5 decimals (about 1 m), so one area has one key.
 *
 * No zod here: the first screen reads these helpers (search-url.ts), zod stays in schemas.ts.
 */

/** A drawn area has at least a triangle and at most this many corners (each one is a test per row). */
import type { Filters } from './schemas';

export const POLIGONO_MAX_VERTICES = 40;
const DECIMALS = 1e5;

export const AREA_MSG = {
  zonaInvalida: 'La zona del mapa no es válida: se esperan sur, oeste, norte y este (sur menor que norte, oeste menor que este)',
  coordenadaFuera: 'Coordenadas fuera de rango: la latitud va de -90 a 90 y la longitud de -180 a 180',
  poligonoVertices: `El área dibujada debe tener entre 3 y ${POLIGONO_MAX_VERTICES} puntos`,
  poligonoCruzado: 'El área dibujada no puede cruzarse consigo misma',
  poligonoVacio: 'El área dibujada no encierra ninguna superficie',
} as const;

export type Zona = [sur: number, oeste: number, norte: number, este: number];

const round = (n: number) => Math.round(n * DECIMALS) / DECIMALS;

/** Numbers from an array or a comma-separated string; null when anything is not a finite number. */
export function numberList(value: unknown): number[] | null {
  const parts = typeof value === 'string' ? (value.trim() === '' ? [] : value.split(',')) : Array.isArray(value) ? value : null;
  if (!parts || parts.length > 2 * POLIGONO_MAX_VERTICES + 2) return null;
  const out: number[] = [];
  for (const p of parts) {
    const n = typeof p === 'number' ? p : typeof p === 'string' && p.trim() !== '' ? Number(p) : NaN;
    if (!Number.isFinite(n)) return null;
    out.push(round(n));
  }
  return out;
}

const latOk = (n: number) => n >= -90 && n <= 90;
const lngOk = (n: number) => n >= -180 && n <= 180;

/** `zona` read from the request or the URL: the box, or the message saying why not. */
export function readZona(value: unknown): { zona: Zona } | { error: string } {
  const n = numberList(value);
  if (!n || n.length !== 4) return { error: AREA_MSG.zonaInvalida };
  const [s, w, north, e] = n as Zona;
  if (!latOk(s) || !latOk(north) || !lngOk(w) || !lngOk(e)) return { error: AREA_MSG.coordenadaFuera };
  if (s >= north || w >= e) return { error: AREA_MSG.zonaInvalida };
  return { zona: [s, w, north, e] };
}

/** Twice the signed area of the ring (shoelace), in degrees². */
function doubledArea(p: readonly number[]): number {
  let a = 0;
  const k = p.length / 2;
  for (let i = 0; i < k; i++) {
    const j = (i + 1) % k;
    a += p[2 * i + 1]! * p[2 * j]! - p[2 * j + 1]! * p[2 * i]!;
  }
  return a;
}

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));

/** Whether two non-adjacent edges of the ring touch or cross (a ring that crosses itself has no clear inside). */
function crossesItself(p: readonly number[]): boolean {
  const k = p.length / 2;
  const at = (i: number) => [p[2 * (i % k)]!, p[2 * (i % k) + 1]!] as const;
  for (let i = 0; i < k; i++) {
    const [a1, a2] = [at(i), at(i + 1)];
    for (let j = i + 1; j < k; j++) {
      if (j === i + 1 || (i === 0 && j === k - 1)) continue; // neighbours share a corner
      const [b1, b2] = [at(j), at(j + 1)];
      const o1 = orient(a1[0], a1[1], a2[0], a2[1], b1[0], b1[1]);
      const o2 = orient(a1[0], a1[1], a2[0], a2[1], b2[0], b2[1]);
      const o3 = orient(b1[0], b1[1], b2[0], b2[1], a1[0], a1[1]);
      const o4 = orient(b1[0], b1[1], b2[0], b2[1], a2[0], a2[1]);
      if (o1 !== o2 && o3 !== o4) return true;
      if (o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0) {
        // collinear: overlapping when their extents overlap
        const overlap = (x1: number, x2: number, y1: number, y2: number) => Math.max(Math.min(x1, x2), Math.min(y1, y2)) <= Math.min(Math.max(x1, x2), Math.max(y1, y2));
        if (overlap(a1[0], a2[0], b1[0], b2[0]) && overlap(a1[1], a2[1], b1[1], b2[1])) return true;
      }
    }
  }
  return false;
}

/**
 * `poligono` read from the request or the URL: 3 to POLIGONO_MAX_VERTICES corners in range, a
 * ring that neither crosses itself nor is flat; a closing corner equal to the first is dropped.
 */
export function readPoligono(value: unknown): { poligono: number[] } | { error: string } {
  const n = numberList(value);
  if (!n || n.length % 2 !== 0) return { error: AREA_MSG.poligonoVertices };
  const ring = [...n];
  if (ring.length >= 8 && ring[0] === ring[ring.length - 2] && ring[1] === ring[ring.length - 1]) ring.length -= 2;
  if (ring.length < 6 || ring.length > 2 * POLIGONO_MAX_VERTICES) return { error: AREA_MSG.poligonoVertices };
  for (let i = 0; i < ring.length; i += 2) if (!latOk(ring[i]!) || !lngOk(ring[i + 1]!)) return { error: AREA_MSG.coordenadaFuera };
  if (crossesItself(ring)) return { error: AREA_MSG.poligonoCruzado };
  if (Math.abs(doubledArea(ring)) < 1e-9) return { error: AREA_MSG.poligonoVacio };
  return { poligono: ring };
}

/** The box around a drawn area. */
export function poligonoZona(p: readonly number[]): Zona {
  let [s, w, n, e] = [90, 180, -90, -180];
  for (let i = 0; i < p.length; i += 2) {
    s = Math.min(s, p[i]!);
    n = Math.max(n, p[i]!);
    w = Math.min(w, p[i + 1]!);
    e = Math.max(e, p[i + 1]!);
  }
  return [s, w, n, e];
}

export const inZona = (z: readonly number[], lat: number, lng: number) => lat >= z[0]! && lat <= z[2]! && lng >= z[1]! && lng <= z[3]!;

/**
 * Whether a point is inside a drawn area (even-odd rule, as PostgreSQL's `point <@ polygon`; a
 * point exactly on an edge may differ, which coordinates rounded differently never meet).
 */
export function inPoligono(p: readonly number[], lat: number, lng: number): boolean {
  let inside = false;
  const k = p.length;
  for (let i = 0, j = k - 2; i < k; j = i, i += 2) {
    const yi = p[i]!, xi = p[i + 1]!, yj = p[j]!, xj = p[j + 1]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The zooms the map asks clusters for (Leaflet's), and the grid: a cell is about 64 px on screen. */
export const MAPA_ZOOM = { min: 0, max: 22 } as const;
/** At most this many cells in one answer: a wider view gets coarser cells (the answer stays a few KB). */
export const MAPA_MAX_CELDAS = 320;

/** The side of a grid cell, in degrees, at `zoom` (64 px of a 256 px tile spanning 360 / 2^zoom). */
export function celdaDeZoom(zoom: number): number {
  return 90 / 2 ** zoom;
}

/** One cell of the map: where its listings are (their mean position), how many, and the listing when it is alone. */
export interface MapaCluster {
  lat: number;
  lng: number;
  n: number;
  /** The listing's id when the cell holds only one (its popup loads it). */
  id?: string;
}

/** The body of `POST /anuncios/mapa`. */
export interface MapaRequest {
  filters: Filters;
  vista: Zona;
  zoom: number;
}

/** `POST /anuncios/mapa`: the clusters of a search's matches inside the map's view. */
export interface MapaResponse {
  clusters: MapaCluster[];
  /** Matches inside the view (the sum of `n`). */
  total: number;
  /** Matches of the search without coordinates: on no map, reachable from the list. */
  sinUbicacion: number;
  /** The cell side used, in degrees. */
  celda: number;
}


/**
 * Issue 44: the search's area on the map (the box of "Buscar en esta zona", or a drawn area), and
 * drawing one: each tap or click on the map marks a corner; "Terminar" searches inside them. No
 * draw plugin: leaflet-draw or geoman would add 30–70 KB (gzip) to the map's chunk for one shape.
 */
import { useEffect } from 'react';
import { useMapEvents, Polygon, Polyline, CircleMarker, Rectangle } from 'react-leaflet';
import type { Filters } from 'shared-contracts';

const pairs = (flat: readonly number[]) => {
  const out: [number, number][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
};
const AREA_STYLE = { color: '#f97316', weight: 2, dashArray: '6 4', fillOpacity: 0.05 } as const;

export function SearchArea({ filters }: { filters: Filters }) {
  if (filters.poligono) return <Polygon positions={pairs(filters.poligono)} pathOptions={AREA_STYLE} interactive={false} />;
  if (filters.zona) {
    const [s, w, n, e] = filters.zona;
    return <Rectangle bounds={[[s, w], [n, e]]} pathOptions={AREA_STYLE} interactive={false} />;
  }
  return null;
}

/** While drawing: the corners so far, and a click on the map adds one. */
export function DrawingLayer({ corners, onAdd }: { corners: number[]; onAdd(lat: number, lng: number): void }) {
  const map = useMapEvents({ click: (e) => onAdd(e.latlng.lat, e.latlng.lng) });
  // Corners tapped in quick succession are corners, not a double tap: without this the map zoomed
  // in under the user's finger while drawing (seen on the phone), and the drawn area no longer
  // fit the view the map searched.
  useEffect(() => {
    const zoomsOnDoubleTap = map.doubleClickZoom.enabled();
    map.doubleClickZoom.disable();
    return () => {
      if (zoomsOnDoubleTap) map.doubleClickZoom.enable();
    };
  }, [map]);
  const points = pairs(corners);
  return (
    <>
      {points.length > 1 && <Polyline positions={points.length > 2 ? [...points, points[0]!] : points} pathOptions={{ color: '#f97316', weight: 2 }} interactive={false} />}
      {points.map((p, i) => (
        <CircleMarker key={i} center={p} radius={5} pathOptions={{ color: '#f97316', fillOpacity: 1 }} interactive={false} />
      ))}
    </>
  );
}

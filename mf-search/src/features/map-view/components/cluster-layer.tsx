/**
 * Issue 44: every match of the search on the map, as the API's clusters for the view
 * (`POST /anuncios/mapa`), asked again when the map stops moving. A cluster is a round count
 * (a click zooms in, split by the finer grid); a lone listing is a pin whose popup loads it
 * (photos, price, "Más Información"). Where several listings share one spot at the deepest zooms,
 * the click lists them instead (the area around the spot as the search's box, in the list).
 * Beside the list on a desktop, the pin of the card the pointer is on is drawn marked (a ring
 * where that listing sits inside a cluster), and the pointer on a pin marks its card.
 */
import { useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { MAP, type Filters, type MapaCluster, type MapaResponse, type Zona } from 'shared-contracts';
import { MAPA_MSG } from '../lib/messages';
import { markerIcon } from 'web-runtime/map';
import { useMapa } from '../api/get-mapa';
import { vistaOf } from '../lib/view';
import { ClusterPopup } from './cluster-popup';

/** From this zoom on, a cluster is listed rather than zoomed (its listings share a building). */
const LIST_FROM_ZOOM = MAP.maxZoom - 4;

/** The pin of the card the pointer is on, and the ring where such a listing sits in a cluster. */
const markedIcon = L.icon({ ...markerIcon.options, className: 'map-pin-highlighted' });
const ringIcon = L.divIcon({ html: '', className: 'map-pin-focus', iconSize: [22, 22], iconAnchor: [11, 11] });

const icons = new Map<string, L.DivIcon>();
/** A round count, larger for more listings (one icon per count, built once). */
function clusterIcon(n: number): L.DivIcon {
  const label = n >= 10_000 ? `${Math.floor(n / 1000)}k` : n.toLocaleString('es-DO');
  let icon = icons.get(label);
  if (!icon) {
    const size = n < 10 ? 30 : n < 100 ? 36 : n < 1000 ? 44 : 52;
    const html = `<span>${label}</span>`;
    icon = L.divIcon({ html, className: 'map-cluster', iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
    icons.set(label, icon);
  }
  return icon;
}

export interface ClusterLayerProps {
  filters: Filters;
  onAnswer(answer: MapaResponse | undefined, failed: boolean): void;
  /** A spot's listings in the list: the search limited to a small box around it. */
  onListSpot(zona: Zona): void;
  /** Beside the list: the listing whose card the pointer is on, and where it is. */
  highlighted?: { id: string; lat: number; lng: number } | null;
  /** The pointer enters a lone listing's pin (its id) or leaves it (null). */
  onHover?(id: string | null): void;
}

export function ClusterLayer({ filters, onAnswer, onListSpot, highlighted, onHover }: ClusterLayerProps) {
  const map = useMap();
  const view = () => ({ vista: vistaOf(map.getBounds(), map.getZoom()), zoom: Math.round(map.getZoom()) });
  const [shown, setShown] = useState(view);
  useMapEvents({ moveend: () => setShown(view()) });
  const request = useMemo(() => ({ filters, ...shown }), [filters, shown]);
  const { data, status } = useMapa(request);
  useEffect(() => onAnswer(data, status === 'error'), [data, status]); // eslint-disable-line react-hooks/exhaustive-deps

  const zoomInto = (c: MapaCluster) => {
    if (map.getZoom() >= LIST_FROM_ZOOM) return;
    map.setView([c.lat, c.lng], Math.min(map.getZoom() + 2, MAP.maxZoom));
  };
  const pinHover = (id: string) => onHover && { mouseover: () => onHover(id), mouseout: () => onHover(null) };
  const marked = highlighted?.id;
  const ringed = highlighted && !data?.clusters.some((c) => c.id === marked) ? highlighted : null;
  return (
    <>
      {data?.clusters.map((c) =>
        c.id ? (
          <Marker
            key={c.id}
            position={[c.lat, c.lng]}
            icon={c.id === marked ? markedIcon : markerIcon}
            zIndexOffset={c.id === marked ? 1000 : 0}
            alt="Anuncio"
            title="Anuncio"
            eventHandlers={pinHover(c.id)}
          >
            <Popup minWidth={220} maxWidth={260}>
              <ClusterPopup id={c.id} />
            </Popup>
          </Marker>
        ) : (
          <Marker key={`${c.lat},${c.lng},${c.n}`} position={[c.lat, c.lng]} icon={clusterIcon(c.n)} title={MAPA_MSG.cluster(c.n)} alt={MAPA_MSG.cluster(c.n)} eventHandlers={{ click: () => zoomInto(c) }}>
            {map.getZoom() >= LIST_FROM_ZOOM && (
              <Popup>
                <p style={{ margin: '0 0 6px' }}>{MAPA_MSG.mismoLugar(c.n)}</p>
                <button type="button" className="map-link-button" onClick={() => onListSpot([c.lat - 0.0005, c.lng - 0.0005, c.lat + 0.0005, c.lng + 0.0005])}>
                  {MAPA_MSG.verEnLista}
                </button>
              </Popup>
            )}
          </Marker>
        ),
      )}
      {ringed && <Marker position={[ringed.lat, ringed.lng]} icon={ringIcon} interactive={false} keyboard={false} zIndexOffset={1000} />}
    </>
  );
}

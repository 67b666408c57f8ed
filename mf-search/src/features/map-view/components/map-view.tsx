/**
 * The map view (SPEC §2 Home; issue 44): every match of the search as the API's clusters, down to
 * pins with the SPEC's popup; "Buscar en esta zona" after the map moves (the view's box in the
 * address: list and map limited to it); drawing an area; "Borrar zona". It opens on the search's
 * area, else on the whole country. Loaded with React.lazy by the home page, so leaflet and its CSS
 * are fetched only when the map is shown.
 */
import { useEffect, useState } from 'react';
import { useMap } from 'react-leaflet';
import type { Map as LeafletMap } from 'leaflet';
import Button from 'antd/es/button';
import { DO_BBOX, MAP, poligonoZona, readPoligono, type Filters, type MapaResponse, type Zona } from 'shared-contracts';
import { MAPA_MSG } from '../lib/messages';
import { PortalMap } from 'web-runtime/map';
import { ClusterLayer, type ClusterLayerProps } from './cluster-layer';
import { DrawingLayer, SearchArea } from './area-layer';
import { zonaOf } from '../lib/view';
import './map-view.css';

/** What the map changes in the search: a box, a drawn area, or neither (cleared). */
export type MapArea = { zona: Zona } | { poligono: number[] } | Record<string, never>;

export interface MapViewProps {
  filters: Filters;
  onArea(area: MapArea): void;
  /** The listings without coordinates are in the list. */
  onShowList(): void;
  /** Beside the list (desktop): the card the pointer is on, and the pin the pointer is on. */
  highlighted?: ClusterLayerProps['highlighted'];
  onHover?: ClusterLayerProps['onHover'];
}

function startBox(filters: Filters): Zona {
  if (filters.poligono) return poligonoZona(filters.poligono);
  return filters.zona ?? [DO_BBOX.latMin, DO_BBOX.lngMin, DO_BBOX.latMax, DO_BBOX.lngMax];
}

/** Hands the leaflet map to the controls drawn over it (outside the map's own tree). */
function MapHandle({ onMap }: { onMap(map: LeafletMap): void }) {
  const map = useMap();
  useEffect(() => onMap(map), [map]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

export default function MapView({ filters, onArea, onShowList, highlighted, onHover }: MapViewProps) {
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [answer, setAnswer] = useState<{ data?: MapaResponse; failed: boolean }>({ failed: false });
  const [moved, setMoved] = useState(false);
  const [corners, setCorners] = useState<number[] | null>(null);
  const [drawError, setDrawError] = useState('');
  const [s, w, n, e] = startBox(filters);
  const hasArea = Boolean(filters.zona || filters.poligono);

  const onMap = (m: LeafletMap) => {
    setMap(m);
    // only the visitor's moves offer "Buscar en esta zona" (not the opening fit)
    m.on('dragend zoomend', () => setMoved(true));
  };
  const finish = () => {
    const read = readPoligono(corners ?? []);
    if ('error' in read) return setDrawError(read.error);
    setCorners(null);
    setDrawError('');
    onArea({ poligono: read.poligono });
  };
  const data = answer.data;
  return (
    <div className={corners ? 'map-view map-view-drawing' : 'map-view'}>
      <div className="map-view-frame">
        <PortalMap bounds={[[s, w], [n, e]]} className="home-map" style={{ height: MAP.heightPx, width: '100%', borderRadius: 8 }}>
          <MapHandle onMap={onMap} />
          <ClusterLayer filters={filters} onAnswer={(d, failed) => setAnswer({ data: d, failed })} onListSpot={(zona) => (onArea({ zona }), onShowList())} highlighted={highlighted} onHover={onHover} />
          <SearchArea filters={filters} />
          {corners && <DrawingLayer corners={corners} onAdd={(lat, lng) => setCorners([...corners, lat, lng])} />}
        </PortalMap>
        <div className="map-view-controls">
          {moved && !corners && map && (
            <Button type="primary" onClick={() => (setMoved(false), onArea({ zona: zonaOf(map.getBounds()) }))}>
              {MAPA_MSG.buscarEnEstaZona}
            </Button>
          )}
          {!corners && <Button onClick={() => (setCorners([]), setDrawError(''))}>{MAPA_MSG.dibujarZona}</Button>}
          {corners && (
            <>
              <Button type="primary" disabled={corners.length < 6} onClick={finish}>
                {MAPA_MSG.terminar}
              </Button>
              <Button onClick={() => (setCorners(null), setDrawError(''))}>{MAPA_MSG.cancelar}</Button>
            </>
          )}
          {hasArea && !corners && <Button danger onClick={() => onArea({})}>{MAPA_MSG.borrarZona}</Button>}
        </div>
        {corners && <p className="map-view-hint" role="status">{drawError || MAPA_MSG.ayudaDibujo}</p>}
      </div>
      <p className="map-view-summary" aria-live="polite">
        {answer.failed ? MAPA_MSG.errorMapa : data ? MAPA_MSG.enElMapa(data.total) : '\u00a0'}
        {data && data.sinUbicacion > 0 && (
          <>
            {' · '}
            <button type="button" className="map-link-button" onClick={onShowList}>
              {MAPA_MSG.sinUbicacion(data.sinUbicacion)}
            </button>
          </>
        )}
      </p>
    </div>
  );
}

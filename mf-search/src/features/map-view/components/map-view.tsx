/**
 * The map view (SPEC §2 Home): a marker per listing with coordinates, a popup with its photos and
 * 'Más Información'; recentres on the first listing, Santo Domingo by default. Loaded with
 * React.lazy by the home page, so leaflet and its CSS are fetched only when the map is shown.
 */
import { useEffect, type MouseEvent } from 'react';
import { useNavigate } from 'web-runtime/router';
import { Marker, Popup, useMap } from 'react-leaflet';
import Button from 'antd/es/button';
import { MAP, MSG, anuncioPath, formatPriceBoth, type Anuncio } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { PortalMap, markerIcon } from 'web-runtime/map';
import { PopupPhotos } from './popup-photos';
import './map-view.css';

const located = (a: Anuncio): a is Anuncio & { latitude: number; longitude: number } => a.latitude != null && a.longitude != null;

function Recenter({ center }: { center: [number, number] }) {
  const map = useMap();
  useEffect(() => {
    map.setView(center, map.getZoom());
  }, [map, center[0], center[1]]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

export default function MapView({ anuncios }: { anuncios: Anuncio[] }) {
  const navigate = useNavigate();
  const config = usePortalStore((s) => s.config);
  const points = anuncios.filter(located);
  const center: [number, number] = points.length ? [points[0].latitude, points[0].longitude] : [MAP.defaultCenter.lat, MAP.defaultCenter.lng];
  // a real link (works without JavaScript, opens in a new tab); a plain click stays in the app
  const open = (e: MouseEvent, a: Anuncio) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    usePortalStore.getState().setChosenAnuncio(a);
    navigate(anuncioPath(a._id));
  };
  return (
    <PortalMap center={center} className="home-map" style={{ height: MAP.heightPx, width: '100%', borderRadius: 8 }}>
      <Recenter center={center} />
      {points.map((a) => (
        <Marker key={a._id} position={[a.latitude, a.longitude]} icon={markerIcon} title={a.title} alt={a.title}>
          <Popup minWidth={220} maxWidth={260}>
            <div style={{ width: 230 }}>
              <PopupPhotos images={a.image_urls ?? []} title={a.title} />
              <strong style={{ display: 'block', marginTop: 6 }}>{a.title}</strong>
              <span style={{ display: 'block', margin: '2px 0 6px' }}>{formatPriceBoth(a.price, a.moneda, config?.usdDopRate ?? 0)}</span>
              <Button type="primary" size="small" className="popup-mas-informacion" href={anuncioPath(a._id)} onClick={(e) => open(e, a)}>
                {MSG.masInformacion}
              </Button>
            </div>
          </Popup>
        </Marker>
      ))}
    </PortalMap>
  );
}

/**
 * The picker's map (loaded lazily: leaflet stays out of the page's first chunk). The user drags
 * the map under a pin fixed at its centre; the centre is what 'Confirmar' reverse-geocodes.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import { MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MAP } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

// Leaflet guesses its icon URLs from its CSS path, which a bundler rewrites: point it at the
// bundled images so any default marker renders.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export interface LatLng {
  lat: number;
  lng: number;
}

export interface AddressMapProps {
  /** Where to move the map (a chosen search result); a new object moves it again. */
  target: LatLng | null;
  onCenterChange(center: LatLng): void;
}

function CenterTracker({ target, onCenterChange }: AddressMapProps) {
  const map = useMap();
  useMapEvents({
    moveend: () => {
      const c = map.getCenter();
      onCenterChange({ lat: c.lat, lng: c.lng });
    },
  });
  useEffect(() => {
    if (target) map.setView([target.lat, target.lng], MAP.zoom);
  }, [map, target]);
  return null;
}

export default function AddressMap(props: AddressMapProps) {
  const config = usePortalStore((s) => s.config);
  const start = props.target ?? MAP.defaultCenter;
  return (
    <div style={{ position: 'relative', height: MAP.heightPx }} data-testid="address-map">
      <MapContainer
        center={[start.lat, start.lng]}
        zoom={MAP.zoom}
        minZoom={MAP.minZoom}
        maxZoom={MAP.maxZoom}
        style={{ height: '100%', width: '100%' }}
      >
        {config && <TileLayer url={config.tileUrl} attribution={config.tileAttribution} maxZoom={MAP.maxZoom} />}
        <CenterTracker {...props} />
      </MapContainer>
      {/* The pin stays at the centre; its tip (bottom middle of the icon) marks the address. */}
      <img
        src={iconUrl}
        alt="Ubicación elegida"
        width={25}
        height={41}
        style={{ position: 'absolute', left: '50%', top: '50%', transform: 'translate(-12px, -41px)', zIndex: 500, pointerEvents: 'none' }}
      />
    </div>
  );
}

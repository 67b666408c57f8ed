/**
 * The picker's map (loaded lazily: leaflet stays out of the page's first chunk). The user drags
 * the map under a pin fixed at its centre; the centre is what 'Confirmar' reverse-geocodes.
 */
import { useEffect } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { MAP } from 'shared-contracts';
import { PortalMap, markerIconUrl } from 'web-runtime/map';

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
  const start = props.target ?? MAP.defaultCenter;
  return (
    <div style={{ position: 'relative', height: MAP.heightPx }} data-testid="address-map">
      <PortalMap center={[start.lat, start.lng]} style={{ height: '100%', width: '100%' }}>
        <CenterTracker {...props} />
      </PortalMap>
      {/* The pin stays at the centre; its tip (bottom middle of the icon) marks the address. */}
      <img
        src={markerIconUrl}
        alt="Ubicación elegida"
        width={25}
        height={41}
        style={{ position: 'absolute', left: '50%', top: '50%', transform: 'translate(-12px, -41px)', zIndex: 500, pointerEvents: 'none' }}
      />
    </div>
  );
}

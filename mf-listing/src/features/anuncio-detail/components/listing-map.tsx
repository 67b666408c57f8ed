/**
 * The detail page's map (SPEC §2: 500 px, a marker at the listing, zoom 13). Loaded with
 * React.lazy by the detail view, so leaflet and its CSS are fetched only on this page.
 */
import { Marker } from 'react-leaflet';
import { MAP } from 'shared-contracts';
import { PortalMap, markerIcon } from 'web-runtime/map';

export interface ListingMapProps {
  latitude: number;
  longitude: number;
  title: string;
}

export default function ListingMap({ latitude, longitude, title }: ListingMapProps) {
  return (
    <PortalMap center={[latitude, longitude]} scrollWheelZoom={false} style={{ height: MAP.heightPx, width: '100%', borderRadius: 8 }} className="anuncio-detail-map">
      <Marker position={[latitude, longitude]} icon={markerIcon} title={title} alt={title} />
    </PortalMap>
  );
}

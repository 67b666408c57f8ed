/**
 * The detail page's map (SPEC §2: 500 px, a marker at the listing, zoom 13). Loaded with
 * React.lazy by the detail view, so leaflet and its CSS are fetched only on this page.
 * Leaflet's default icon looks for its PNGs next to the CSS; webpack moves them, so the icon is
 * built from the bundled files.
 */
import L from 'leaflet';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MAP } from 'shared-contracts';
import { usePortalStore } from 'shared-contracts/store';

const markerIcon = L.icon({ iconUrl, iconRetinaUrl, shadowUrl, iconSize: [25, 41], iconAnchor: [12, 41], popupAnchor: [1, -34], shadowSize: [41, 41] });

const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface ListingMapProps {
  latitude: number;
  longitude: number;
  title: string;
}

export default function ListingMap({ latitude, longitude, title }: ListingMapProps) {
  const config = usePortalStore((s) => s.config);
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={MAP.zoom}
      minZoom={MAP.minZoom}
      maxZoom={MAP.maxZoom}
      scrollWheelZoom={false}
      style={{ height: MAP.heightPx, width: '100%', borderRadius: 8 }}
      className="anuncio-detail-map"
    >
      <TileLayer url={config?.tileUrl ?? DEFAULT_TILES} attribution={config?.tileAttribution ?? DEFAULT_ATTRIBUTION} maxZoom={MAP.maxZoom} />
      <Marker position={[latitude, longitude]} icon={markerIcon} title={title} alt={title} />
    </MapContainer>
  );
}

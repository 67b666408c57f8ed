/**
 * The map setup of every remote, in one place: leaflet's CSS, the marker icon from the bundled
 * images, and a MapContainer with the portal's zoom limits and the runtime config's tiles (the
 * defaults until the config arrives). Imported only by the lazily loaded map components of
 * mf-search, mf-listing and mf-publish, so leaflet stays off every first load. A web-only module:
 * it belongs with the web runtime, not the pure contracts the API imports (issue 24).
 */
import type { ReactNode } from 'react';
import L from 'leaflet';
import { MapContainer, TileLayer, type MapContainerProps } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MAP, RUNTIME_CONFIG_DEFAULTS } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

// Leaflet guesses its icon URLs from its CSS path, which a bundler rewrites: point it at the
// bundled images so any default marker renders too.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

/** The marker image (25 x 41, its tip at the bottom middle), for a pin drawn over the map. */
export const markerIconUrl = iconUrl;
export const markerIcon = L.icon({ iconUrl, iconRetinaUrl, shadowUrl, iconSize: [25, 41], iconAnchor: [12, 41], popupAnchor: [1, -34], shadowSize: [41, 41] });

/** `center` (at MAP.zoom), or `bounds` to open on an area (issue 44: react-leaflet prefers a centre when both are given). */
export type PortalMapProps = Omit<MapContainerProps, 'zoom' | 'minZoom' | 'maxZoom'> & ({ center: [number, number]; bounds?: never } | { center?: never; bounds: MapContainerProps['bounds'] }) & { children?: ReactNode };

/** A map at MAP.zoom (or fitted to `bounds`) within the portal's zoom limits, with the configured tiles under `children`. */
export function PortalMap({ children, ...props }: PortalMapProps) {
  const config = usePortalStore((s) => s.config);
  return (
    <MapContainer zoom={MAP.zoom} minZoom={MAP.minZoom} maxZoom={MAP.maxZoom} {...props}>
      <TileLayer
        url={config?.tileUrl ?? RUNTIME_CONFIG_DEFAULTS.tileUrl}
        attribution={config?.tileAttribution ?? RUNTIME_CONFIG_DEFAULTS.tileAttribution}
        maxZoom={MAP.maxZoom}
      />
      {children}
    </MapContainer>
  );
}

/**
 * Address picker (SPEC §2 "Add listing"): 'Escribe la dirección' searches the API geocoder and
 * moves the map to the chosen result; 'Elige manual' lets the user drag the map under the centre
 * pin. 'Confirmar' reverse-geocodes the map centre and hands the address to the form.
 */
import { Suspense, lazy, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Typography from 'antd/es/typography';
import { MAP, MSG, type GeocodeFeature } from 'shared-contracts';
import { useGeocodeSearch } from '../api/search-address';
import { useReverseGeocode } from '../api/reverse-geocode';
import type { AddressValue } from '../lib/feature-to-address';
import type { LatLng } from './address-map';

const AddressMap = lazy(() => import('./address-map'));

export const MODE_SEARCH = 'Escribe la dirección';
export const MODE_MANUAL = 'Elige manual';
type Mode = typeof MODE_SEARCH | typeof MODE_MANUAL;

/** `initial`: where the map opens (the listing's address when editing). */
export function AddressPicker({ onConfirm, initial }: { onConfirm(value: AddressValue): void; initial?: LatLng }) {
  const [mode, setMode] = useState<Mode>(MODE_SEARCH);
  const [query, setQuery] = useState('');
  // The chosen result's name fills the box; it is not searched again.
  const [chosenName, setChosenName] = useState('');
  const [target, setTarget] = useState<LatLng | null>(initial ?? null);
  const center = useRef<LatLng>({ ...(initial ?? MAP.defaultCenter) });
  const { confirm, confirming, error: confirmError } = useReverseGeocode(onConfirm);
  const search = useGeocodeSearch(mode === MODE_SEARCH && query !== chosenName ? query : '');

  const choose = (feature: GeocodeFeature) => {
    const [lng, lat] = feature.center;
    center.current = { lat, lng };
    setTarget({ lat, lng });
    setQuery(feature.place_name);
    setChosenName(feature.place_name);
  };

  return (
    <section aria-label="Dirección en el mapa" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Segmented<Mode> block options={[MODE_SEARCH, MODE_MANUAL]} value={mode} onChange={setMode} />
      {mode === MODE_SEARCH ? (
        <div style={{ position: 'relative' }}>
          <Input
            aria-label={MODE_SEARCH}
            placeholder={MODE_SEARCH}
            allowClear
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {search.results.length > 0 && (
            <ul aria-label="Resultados de la búsqueda" style={{ listStyle: 'none', margin: '4px 0 0', padding: 0, border: '1px solid #d9d9d9', borderRadius: 8 }}>
              {search.results.map((f) => (
                <li key={f.id}>
                  <Button type="text" block style={{ justifyContent: 'flex-start', whiteSpace: 'normal', height: 'auto', textAlign: 'left' }} onClick={() => choose(f)}>
                    {f.place_name}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {search.message && (
            <Typography.Text type={search.message === MSG.geocoderError ? 'danger' : 'secondary'} role="status">
              {search.message}
            </Typography.Text>
          )}
        </div>
      ) : (
        <Typography.Text type="secondary">Mueve el mapa hasta que el marcador quede sobre la dirección.</Typography.Text>
      )}
      <Suspense fallback={<div aria-busy="true" style={{ height: MAP.heightPx, background: 'rgba(0,0,0,0.04)', borderRadius: 8 }} />}>
        <AddressMap target={target} onCenterChange={(c) => (center.current = c)} />
      </Suspense>
      <Button type="primary" onClick={() => void confirm(center.current)} loading={confirming}>
        Confirmar
      </Button>
      {confirmError && (
        <Typography.Text type="danger" role="alert">
          {confirmError}
        </Typography.Text>
      )}
    </section>
  );
}

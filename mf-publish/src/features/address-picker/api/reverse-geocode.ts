/**
 * 'Confirmar' of the address picker: the address at the map's centre (GET /geocode/reverse),
 * one request at a time; no result, or the geocoder out of reach, is said in Spanish.
 */
import { useState } from 'react';
import { MSG } from 'shared-contracts';
import { useApi } from 'web-runtime/store';
import { featureToAddress, type AddressValue } from '../lib/feature-to-address';

export function useReverseGeocode(onFound: (value: AddressValue) => void) {
  const api = useApi();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const confirm = async ({ lat, lng }: { lat: number; lng: number }) => {
    if (confirming) return;
    setConfirming(true);
    setError('');
    try {
      const value = featureToAddress(await api.geocodeReverse(lng, lat), lng, lat);
      if (value) onFound(value);
      else setError(MSG.noResults);
    } catch (err) {
      console.warn('reverse geocoding failed', err);
      setError(MSG.geocoderError);
    } finally {
      setConfirming(false);
    }
  };
  return { confirm, confirming, error };
}

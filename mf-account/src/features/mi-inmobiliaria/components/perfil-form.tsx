/**
 * The agency's profile (issue 46): create it, or the administrator edits it. The office's point on
 * the map comes from its address (the portal's geocoder) or is typed; the API checks every field
 * again and says in Spanish what is wrong.
 */
import { useState, type FormEvent } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { useApi } from 'web-runtime/store';
import { errorText } from 'web-runtime/request';
import type { AgenciaPerfil } from 'shared-contracts';
import { FormError } from '../../../components/form-error';
import type { PerfilInput } from '../api/use-mi-inmobiliaria';

const EMPTY: PerfilInput = { nombre: '', logo: '', telefono: '', whatsapp: '', email: '', direccion: '', latitude: null, longitude: null, descripcion: '', rnc: '' };

interface Props {
  initial?: AgenciaPerfil | null;
  submitLabel: string;
  onSubmit(perfil: PerfilInput): Promise<string | null>;
  savedText: string;
}

const row = { display: 'flex', flexDirection: 'column', gap: 4 } as const;

export function PerfilForm({ initial, submitLabel, onSubmit, savedText }: Props) {
  const api = useApi();
  const [perfil, setPerfil] = useState<PerfilInput>(() => (initial ? { ...EMPTY, ...initial } : EMPTY));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [locating, setLocating] = useState(false);
  const set = <K extends keyof PerfilInput>(key: K, value: PerfilInput[K]) => {
    setSaved(false);
    setPerfil((p) => ({ ...p, [key]: value }));
  };
  const number = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? null : Number(v));

  async function locate() {
    setLocating(true);
    setError(null);
    try {
      const found = await api.geocodeSearch(perfil.direccion);
      const first = found.features[0];
      if (!first) setError('No encontramos esa dirección en el mapa: escribe la latitud y la longitud de la oficina');
      else {
        const [lng, lat] = first.center;
        setPerfil((p) => ({ ...p, latitude: lat, longitude: lng }));
      }
    } catch (err) {
      setError(errorText(err));
    }
    setLocating(false);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setSaved(false);
    const err = await onSubmit(perfil);
    setError(err);
    setSaved(err === null);
    setBusy(false);
  }

  return (
    <form onSubmit={submit} aria-label={submitLabel} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={row}>
        <label htmlFor="agencia-nombre">Nombre de la inmobiliaria</label>
        <Input id="agencia-nombre" value={perfil.nombre} maxLength={120} required onChange={(e) => set('nombre', e.target.value)} />
      </div>
      <div style={row}>
        <label htmlFor="agencia-telefono">Teléfono</label>
        <Input id="agencia-telefono" type="tel" inputMode="tel" value={perfil.telefono} placeholder="809-555-1234" onChange={(e) => set('telefono', e.target.value)} />
      </div>
      <div style={row}>
        <label htmlFor="agencia-whatsapp">WhatsApp</label>
        <Input id="agencia-whatsapp" type="tel" inputMode="tel" value={perfil.whatsapp} placeholder="829-555-1234" onChange={(e) => set('whatsapp', e.target.value)} />
      </div>
      <div style={row}>
        <label htmlFor="agencia-email">Email de la oficina</label>
        <Input id="agencia-email" type="email" value={perfil.email} onChange={(e) => set('email', e.target.value)} />
      </div>
      <div style={row}>
        <label htmlFor="agencia-direccion">Dirección de la oficina</label>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Input id="agencia-direccion" value={perfil.direccion} maxLength={300} required onChange={(e) => set('direccion', e.target.value)} style={{ flex: '1 1 240px' }} />
          <Button onClick={locate} loading={locating} disabled={!perfil.direccion.trim()}>
            Ubicar en el mapa
          </Button>
        </div>
      </div>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <div style={{ ...row, flex: '1 1 140px' }}>
          <label htmlFor="agencia-lat">Latitud</label>
          <Input id="agencia-lat" inputMode="decimal" value={perfil.latitude ?? ''} onChange={(e) => set('latitude', number(e.target.value))} />
        </div>
        <div style={{ ...row, flex: '1 1 140px' }}>
          <label htmlFor="agencia-lng">Longitud</label>
          <Input id="agencia-lng" inputMode="decimal" value={perfil.longitude ?? ''} onChange={(e) => set('longitude', number(e.target.value))} />
        </div>
      </div>
      <div style={row}>
        <label htmlFor="agencia-logo">Logo (dirección http(s) de la imagen, opcional)</label>
        <Input id="agencia-logo" type="url" value={perfil.logo} placeholder="https://" onChange={(e) => set('logo', e.target.value)} />
      </div>
      <div style={row}>
        <label htmlFor="agencia-rnc">RNC (opcional)</label>
        <Input id="agencia-rnc" value={perfil.rnc} maxLength={30} onChange={(e) => set('rnc', e.target.value)} />
      </div>
      <div style={row}>
        <label htmlFor="agencia-descripcion">Descripción</label>
        <Input.TextArea id="agencia-descripcion" value={perfil.descripcion} maxLength={3000} rows={4} onChange={(e) => set('descripcion', e.target.value)} />
      </div>
      <div>
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
      {saved && (
        <p role="status" style={{ margin: 0, color: '#166534' }}>
          {savedText}
        </p>
      )}
      <FormError error={error} />
    </form>
  );
}

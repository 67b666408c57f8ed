/** Issue 44: a pin's popup (SPEC §2 Home: photos, title, price, 'Más Información'), its listing loaded when opened. */
import type { MouseEvent } from 'react';
import Button from 'antd/es/button';
import { MSG, anuncioPath, formatPriceBoth, type Anuncio } from 'shared-contracts';
import { MAPA_MSG } from '../lib/messages';
import { useNavigate } from 'web-runtime/router';
import { usePortalStore } from 'web-runtime/store';
import { useMapaAnuncio } from '../api/get-mapa';
import { PopupPhotos } from './popup-photos';

export function ClusterPopup({ id }: { id: string }) {
  const { data: a, status, error } = useMapaAnuncio(id);
  const navigate = useNavigate();
  const config = usePortalStore((s) => s.config);
  // a real link (works without JavaScript, opens in a new tab); a plain click stays in the app
  const open = (e: MouseEvent, anuncio: Anuncio) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    usePortalStore.getState().setChosenAnuncio(anuncio);
    navigate(anuncioPath(anuncio._id));
  };
  if (status === 'error') return <p style={{ width: 230 }}>{error instanceof Error ? error.message : MSG.serverError}</p>;
  if (!a) return <p style={{ width: 230 }}>{MAPA_MSG.cargandoAnuncio}</p>;
  return (
    <div style={{ width: 230 }}>
      <PopupPhotos images={a.image_urls ?? []} title={a.title} />
      <strong style={{ display: 'block', marginTop: 6 }}>{a.title}</strong>
      <span style={{ display: 'block', margin: '2px 0 6px' }}>{formatPriceBoth(a.price, a.moneda, config?.usdDopRate ?? 0)}</span>
      <Button type="primary" size="small" className="popup-mas-informacion" href={anuncioPath(a._id)} onClick={(e) => open(e, a)}>
        {MSG.masInformacion}
      </Button>
    </div>
  );
}

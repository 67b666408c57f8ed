/**
 * Share a listing from its detail (issue 21): the system's share sheet (Web Share API) where the
 * browser has one, otherwise the address is copied with a confirmation; and a WhatsApp share link
 * (wa.me without a number: WhatsApp asks whom to send it to). Rendered the same on the server; the
 * browser's abilities are looked at only on the press.
 */
import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import ShareAltOutlined from '@ant-design/icons/es/icons/ShareAltOutlined';
import WhatsAppOutlined from '@ant-design/icons/es/icons/WhatsAppOutlined';
import { MSG, anuncioUrl, anuncioPath, shareMessage, whatsappHref, type Anuncio } from 'shared-contracts';
import { listingUrlNow, useSiteUrl } from '../hooks/use-site-url';

const TOAST_MS = 3000;

/** Clipboard API, or a selected text area and the copy command where it is missing (older WebViews). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // permission refused: try the older way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  return ok;
}

export function ShareButton({ anuncio }: { anuncio: Pick<Anuncio, '_id' | 'title' | 'price' | 'moneda'> }) {
  const siteUrl = useSiteUrl();
  const [toast, setToast] = useState<string | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const share = async () => {
    const url = listingUrlNow(siteUrl, anuncio._id);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: anuncio.title, text: shareMessage(anuncio, '').trim(), url });
        return;
      } catch (err) {
        if ((err as Error)?.name === 'AbortError') return; // the visitor closed the sheet
      }
    }
    setToast((await copyText(url)) ? MSG.enlaceCopiado : MSG.enlaceNoCopiado);
  };
  const shareHref = whatsappHref(null, shareMessage(anuncio, siteUrl ? anuncioUrl(siteUrl, anuncio._id) : anuncioPath(anuncio._id)));

  return (
    <>
      <Button icon={<ShareAltOutlined aria-hidden />} onClick={() => void share()}>
        {MSG.compartir}
      </Button>
      <Button href={shareHref} target="_blank" rel="noopener noreferrer" icon={<WhatsAppOutlined aria-hidden />}>
        {MSG.compartirWhatsapp}
      </Button>
      <div
        role="status"
        aria-live="polite"
        style={{
          position: 'fixed', left: '50%', bottom: 24, transform: 'translateX(-50%)', zIndex: 1000, padding: toast ? '8px 16px' : 0,
          borderRadius: 8, background: 'rgba(0, 0, 0, 0.85)', color: '#fff', fontWeight: 600, pointerEvents: 'none',
        }}
      >
        {toast}
      </div>
    </>
  );
}

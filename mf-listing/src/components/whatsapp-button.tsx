/**
 * WhatsApp beside Contacto (issue 21): one tap opens a chat with the seller, the message naming the
 * listing's title, price and address. The number is not in the page: the press asks the contact
 * call with canal "whatsapp" (counted for the seller's figures), like Contacto and Email do.
 * The new tab is opened during the tap itself (browsers block a window opened after an await)
 * and sent to wa.me once the answer arrives; where tabs cannot be opened, the page goes there.
 * Once revealed, it stays as a wa.me link.
 */
import { useCallback } from 'react';
import Button from 'antd/es/button';
import WhatsAppOutlined from '@ant-design/icons/es/icons/WhatsAppOutlined';
import { MSG, whatsappMessage, type Anuncio } from 'shared-contracts';
import { useContacto } from '../hooks/use-contacto';
import { WithRevealError } from './contact-reveal';
import { listingUrlNow, useSiteUrl } from '../hooks/use-site-url';

/** WhatsApp's green, darkened until white text on it reads at 4.5:1 (5.4:1). */
export const WHATSAPP_GREEN = '#0e7a38';

export interface WhatsAppButtonProps {
  anuncio: Pick<Anuncio, '_id' | 'title' | 'price' | 'moneda'>;
  block?: boolean;
}

export function WhatsAppButton({ anuncio, block }: WhatsAppButtonProps) {
  const siteUrl = useSiteUrl();
  const text = useCallback(() => whatsappMessage(anuncio, listingUrlNow(siteUrl, anuncio._id)), [anuncio, siteUrl]);
  const { state, reveal } = useContacto(anuncio._id, 'whatsapp', text);
  const style = { background: WHATSAPP_GREEN, borderColor: WHATSAPP_GREEN, color: '#fff' };

  if (state.status === 'revealed') {
    return (
      <Button href={state.href} target="_blank" rel="noopener noreferrer" icon={<WhatsAppOutlined aria-hidden />} block={block} style={style}>
        {MSG.whatsapp}
      </Button>
    );
  }
  const open = () => {
    const tab = window.open('', '_blank');
    void reveal().then((href) => {
      if (!href) return tab?.close();
      if (!tab) return void window.location.assign(href);
      tab.opener = null;
      tab.location.href = href;
    });
  };
  return (
    <WithRevealError message={state.status === 'error' ? state.message : null}>
      <Button icon={<WhatsAppOutlined aria-hidden />} block={block} loading={state.status === 'loading'} onClick={open} style={style}>
        {MSG.whatsapp}
      </Button>
    </WithRevealError>
  );
}

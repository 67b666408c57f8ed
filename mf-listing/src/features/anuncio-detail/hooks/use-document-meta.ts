/** Page title (with the price) and meta description for a listing, so a shared link is recognisable; restored on leave. */
import { useEffect } from 'react';
import { formatPrice, locationLine, type Anuncio } from 'shared-contracts';

const SITE = 'InmueblesRD';

export function listingMeta(a: Anuncio): { title: string; description: string } {
  const summary = `${formatPrice(a.price, a.moneda)} · ${locationLine(a)}`;
  const text = (a.description ?? '').replace(/\s+/g, ' ').trim();
  const description = text ? `${summary}. ${text}` : summary;
  return { title: `${a.title} – ${formatPrice(a.price, a.moneda)} | ${SITE}`, description: description.length > 160 ? `${description.slice(0, 157)}...` : description };
}

export function useDocumentMeta(anuncio: Anuncio | null) {
  useEffect(() => {
    if (!anuncio) return;
    const { title, description } = listingMeta(anuncio);
    const previousTitle = document.title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previousDescription = meta.content;
    document.title = title;
    meta.content = description;
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [anuncio]);
}

/**
 * The absolute address of a listing for messages (issue 21): PUBLIC_SITE_URL from the runtime
 * config, the same on the server and in the browser, so what is rendered with it hydrates as is.
 * A config without it (a standalone QA harness) falls back to the page's origin, read only when
 * called from an event, never while rendering on the server.
 */
import { anuncioPath, anuncioUrl } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';

export function useSiteUrl(): string {
  return usePortalStore((s) => s.config?.siteUrl ?? '');
}

/** For event handlers: the absolute address even where the config has no site URL. */
export function listingUrlNow(siteUrl: string, anuncioId: string): string {
  const origin = siteUrl || (typeof window === 'undefined' ? '' : window.location.origin);
  return origin ? anuncioUrl(origin, anuncioId) : anuncioPath(anuncioId);
}

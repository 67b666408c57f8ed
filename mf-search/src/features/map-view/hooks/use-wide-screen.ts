/**
 * Issue 44: a desktop's window is wide enough for the list beside the map (antd's lg, 992 px).
 * Read from the browser's media query as it changes; false on the server and in the first render
 * of a page the server drew (the list alone is what the server sends).
 */
import { useSyncExternalStore } from 'react';

export const WIDE_QUERY = '(min-width: 992px)';

function subscribe(onChange: () => void) {
  const mql = window.matchMedia?.(WIDE_QUERY);
  mql?.addEventListener('change', onChange);
  return () => mql?.removeEventListener('change', onChange);
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(WIDE_QUERY).matches ?? false, () => false);
}

/**
 * The detail's full-screen gallery lives in the URL (issue 47): `?foto=3` is the third photo open.
 * Opening pushes a history entry, so the phone's back button closes it; moving through the photos
 * replaces it; closing goes back when the gallery pushed the entry (else, opened by a link or a
 * reload, it removes the parameter). A reload opens the gallery at the same photo.
 */
import { useLocation, useNavigate } from 'web-runtime/router';

export const GALLERY_PARAM = 'foto';

interface GalleryState {
  galeria?: boolean;
}

/** The photo the URL asks for (0-based), or null when the gallery is closed or the number is not one of the photos. */
export function galleryIndex(search: string, count: number): number | null {
  const raw = new URLSearchParams(search).get(GALLERY_PARAM);
  const n = raw !== null && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  return n >= 1 && n <= count ? n - 1 : null;
}

export function usePhotoGallery(count: number) {
  const location = useLocation();
  const navigate = useNavigate();
  const index = galleryIndex(location.search, count);
  const url = (photo: number | null) => {
    const params = new URLSearchParams(location.search);
    if (photo === null) params.delete(GALLERY_PARAM);
    else params.set(GALLERY_PARAM, String(photo + 1));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
  };
  const pushed = Boolean((location.state as GalleryState | null)?.galeria);
  return {
    index,
    open: (photo: number) => navigate(url(photo), { state: { galeria: true } satisfies GalleryState, preventScrollReset: true }),
    show: (photo: number) => navigate(url(photo), { replace: true, state: location.state, preventScrollReset: true }),
    close: () => (pushed ? navigate(-1) : navigate(url(null), { replace: true, preventScrollReset: true })),
  };
}

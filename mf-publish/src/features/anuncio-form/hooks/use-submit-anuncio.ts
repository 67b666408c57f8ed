/**
 * Publishing a listing, or saving an edit of one (issue 20, `editingId`): one submission in
 * flight, a user required, success only once the API confirms (then lists refresh and the user
 * sees /misAnuncios), the server's error text otherwise.
 * Issue 47: while it is sent, `upload` says how far (the whole and each photo) from the moment of
 * the submit; `cancel` stops it, keeping the form; a photo the API refused is named in
 * `error.foto`, so it can be removed or replaced and the listing sent again.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'web-runtime/router';
import { ApiError, MSG, ROUTES } from 'shared-contracts';
import { anuncioSchema, firstError } from 'shared-contracts/schemas';
import { useApi, usePortalStore } from 'web-runtime/store';
import { buildAnuncioFormData, buildEditFormData, type PhotoPart } from '../lib/build-anuncio-form-data';
import { startingUpload, uploadProgress, type UploadProgress } from '../lib/upload-progress';

export interface PhotoEdit {
  order: string[];
  removed: string[];
}

export interface SubmitError {
  text: string;
  /** The plan's quota is used up: offer the plans page. */
  quota: boolean;
  /** The name (as sent) of the photo the API refused, if that was the reason. */
  foto?: string;
}

function refusedPhoto(err: ApiError): string | undefined {
  const foto = (err.body as { foto?: unknown } | null)?.foto;
  return typeof foto === 'string' ? foto : undefined;
}

function isQuotaRefusal(err: ApiError): boolean {
  return err.message === MSG.quotaReached || err.status === 402;
}

export function useSubmitAnuncio(editingId?: string) {
  const api = useApi();
  const navigate = useNavigate();
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<SubmitError | null>(null);
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const submit = useCallback(
    async (values: Record<string, unknown>, photos: PhotoPart[], edit?: PhotoEdit) => {
      if (inFlight.current) return;
      const user = usePortalStore.getState().user;
      if (!user) {
        setError({ text: MSG.mustBeLoggedIn, quota: false });
        return;
      }
      // The same schema the API applies: normalised values, and its message if anything is off.
      const parsed = anuncioSchema.safeParse(values);
      if (!parsed.success) {
        setError({ text: firstError(parsed.error), quota: false });
        return;
      }
      inFlight.current = true;
      setSubmitting(true);
      setError(null);
      setUpload(startingUpload(photos));
      const abort = new AbortController();
      controller.current = abort;
      const options = { signal: abort.signal, onUploadProgress: (loaded: number, total: number) => setUpload(uploadProgress(photos, loaded, total)) };
      try {
        if (editingId && edit) await api.updateAnuncio(editingId, buildEditFormData(parsed.data, photos, edit), user.token, options);
        else await api.createAnuncio(buildAnuncioFormData(parsed.data, photos), user.token, options);
        usePortalStore.getState().refreshListings();
        navigate(ROUTES.misAnuncios);
      } catch (err) {
        if (abort.signal.aborted) setError({ text: MSG.subidaCancelada, quota: false });
        else {
          console.warn(editingId ? 'updateAnuncio failed' : 'createAnuncio failed', err);
          const apiErr = err instanceof ApiError ? err : null;
          setError({ text: apiErr?.message ?? MSG.serverError, quota: apiErr ? isQuotaRefusal(apiErr) : false, foto: apiErr ? refusedPhoto(apiErr) : undefined });
        }
      } finally {
        inFlight.current = false;
        controller.current = null;
        setSubmitting(false);
        setUpload(null);
      }
    },
    [api, navigate, editingId],
  );

  /** Stops the upload in flight (nothing is saved; the form stays as it is). */
  const cancel = useCallback(() => controller.current?.abort(), []);

  return { submit, submitting, error, upload, cancel };
}

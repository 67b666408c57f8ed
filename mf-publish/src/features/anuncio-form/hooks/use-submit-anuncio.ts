/**
 * Publishing a listing, or saving an edit of one (issue 20, `editingId`): one submission in
 * flight, a user required, success only once the API confirms (then lists refresh and the user
 * sees /misAnuncios), the server's error text otherwise.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'web-runtime/router';
import { ApiError, MSG, ROUTES } from 'shared-contracts';
import { anuncioSchema, firstError } from 'shared-contracts/schemas';
import { useApi, usePortalStore } from 'web-runtime/store';
import { buildAnuncioFormData, buildEditFormData, type PhotoPart } from '../lib/build-anuncio-form-data';

export interface PhotoEdit {
  order: string[];
  removed: string[];
}

export interface SubmitError {
  text: string;
  /** The plan's quota is used up: offer the plans page. */
  quota: boolean;
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
      try {
        if (editingId && edit) await api.updateAnuncio(editingId, buildEditFormData(parsed.data, photos, edit), user.token);
        else await api.createAnuncio(buildAnuncioFormData(parsed.data, photos), user.token);
        usePortalStore.getState().refreshListings();
        navigate(ROUTES.misAnuncios);
      } catch (err) {
        console.warn(editingId ? 'updateAnuncio failed' : 'createAnuncio failed', err);
        const apiErr = err instanceof ApiError ? err : null;
        setError({ text: apiErr?.message ?? MSG.serverError, quota: apiErr ? isQuotaRefusal(apiErr) : false });
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [api, navigate, editingId],
  );

  return { submit, submitting, error };
}

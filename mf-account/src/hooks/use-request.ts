/**
 * One request's lifecycle for the account screens (SPEC §4): idle -> loading -> success | error,
 * with the server's error text. A second call while one is in flight is ignored.
 */
import { useCallback, useRef, useState } from 'react';
import { ApiError, MSG } from 'shared-contracts';

export type RequestStatus = 'idle' | 'loading' | 'success' | 'error';

export function errorText(err: unknown): string {
  return err instanceof ApiError ? err.message : MSG.serverError;
}

export function useRequest<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const [status, setStatus] = useState<RequestStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const fnRef = useRef(fn);
  fnRef.current = fn;

  const run = useCallback(async (...args: A): Promise<{ ok: true; data: R } | { ok: false; error: string } | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setStatus('loading');
    setError(null);
    try {
      const data = await fnRef.current(...args);
      setStatus('success');
      return { ok: true, data };
    } catch (err) {
      const text = errorText(err);
      setError(text);
      setStatus('error');
      return { ok: false, error: text };
    } finally {
      inFlight.current = false;
    }
  }, []);

  return { status, error, run, loading: status === 'loading' };
}

/**
 * THE action hook of the web apps (docs/decisions/0026-one-way-to-load-data.md): a request the
 * user sends (log in, buy a plan) or that a page sends once it opens (a link from an email):
 * idle -> loading -> success | error, with the server's error text (SPEC §4). A second call
 * while one is in flight is ignored. What the screens show from the API is read with
 * `useQuery` (web-runtime/store) instead. Not shared at run time: it holds no state of its own.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, MSG } from 'shared-contracts';

export type RequestStatus = 'idle' | 'loading' | 'success' | 'error';

export function errorText(err: unknown): string {
  return err instanceof ApiError ? err.message : MSG.serverError;
}

export function useRequest<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const [status, setStatus] = useState<RequestStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [data, setData] = useState<R | null>(null);
  const inFlight = useRef(false);
  const fnRef = useRef(fn);
  fnRef.current = fn;

  const run = useCallback(async (...args: A): Promise<{ ok: true; data: R } | { ok: false; error: string } | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setStatus('loading');
    setError(null);
    try {
      const answer = await fnRef.current(...args);
      setData(() => answer);
      setStatus('success');
      return { ok: true, data: answer };
    } catch (err) {
      const text = errorText(err);
      setError(text);
      setStatus('error');
      return { ok: false, error: text };
    } finally {
      inFlight.current = false;
    }
  }, []);

  return { status, error, data, run, loading: status === 'loading' };
}

/**
 * A request the page sends by itself once it opens, for a link from an email (confirm the email,
 * unsubscribe, renew): sent once per `key`, even under React StrictMode's double effect (such
 * links work once: the first answer is the one to show). `run` sends again; `key` null: nothing
 * to send (yet).
 */
export function useRequestOnLoad<R>(key: string | null, send: () => Promise<R>) {
  const request = useRequest(send);
  const sentFor = useRef<string | null>(null);
  const { run } = request;
  useEffect(() => {
    if (key === null || sentFor.current === key) return;
    sentFor.current = key;
    void run();
  }, [key, run]);
  return request;
}

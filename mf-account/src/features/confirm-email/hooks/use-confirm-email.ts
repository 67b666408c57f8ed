/**
 * POST /confirmEmail {id, token}, sent automatically once on load and again from the button.
 * The ref guard keeps React StrictMode's double effect (dev) from sending it twice: confirmation
 * tokens work once, so a second request would turn a success into an error.
 */
import { useEffect, useRef } from 'react';
import { useApi } from 'web-runtime/store';
import { useRequest } from '../../../hooks/use-request';

export function useConfirmEmail(id: string, token: string) {
  const api = useApi();
  const request = useRequest(() => api.confirmEmail({ id, token }));
  const sentFor = useRef<string | null>(null);
  const { run } = request;

  useEffect(() => {
    const key = `${id}/${token}`;
    if (sentFor.current === key || !id || !token) return;
    sentFor.current = key;
    void run();
  }, [id, token, run]);

  return request;
}

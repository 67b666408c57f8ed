/**
 * POST /confirmEmail {id, token}, sent automatically once on load and again from the button.
 * The ref guard keeps React StrictMode's double effect (dev) from sending it twice: confirmation
 * tokens work once (a second request is answered "already confirmed", issue 39, but the first
 * answer is the one to show).
 */
import { useEffect, useRef, useState } from 'react';
import { useApi } from 'web-runtime/store';
import { useRequest } from '../../../hooks/use-request';

export function useConfirmEmail(id: string, token: string) {
  const api = useApi();
  // the server's answer: the SPEC's success, or that this link had confirmed the email before (issue 39)
  const [message, setMessage] = useState<string | null>(null);
  const request = useRequest(() => api.confirmEmail({ id, token }).then((answer) => (setMessage(answer.message), answer)));
  const sentFor = useRef<string | null>(null);
  const { run } = request;

  useEffect(() => {
    const key = `${id}/${token}`;
    if (sentFor.current === key || !id || !token) return;
    sentFor.current = key;
    void run();
  }, [id, token, run]);

  return { ...request, message };
}

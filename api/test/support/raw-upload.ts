/**
 * A multipart upload written by hand over a raw chunked HTTP request (no Content-Length), so a
 * test decides when each part is sent, can stop half-way, and sees whether the API answered
 * before the body was complete.
 */
import http from 'node:http';

const BOUNDARY = 'zz';

export interface RawUpload {
  /** A text field. */
  field(name: string, value: string): void;
  /** The header of an `images` part and the first bytes of its file (more may follow with `bytes`). */
  fileStart(filename: string, data: Buffer, type?: string): void;
  bytes(data: Buffer): void;
  /** Ends the current file part. */
  fileEnd(): void;
  /** Closes the multipart body and the request. */
  finish(): void;
  /** Drops the connection (the client goes away). */
  abort(): void;
  /** The answer, whenever it comes (before or after the body is complete); status 0 if the connection failed. */
  answered: Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>;
}

export function rawUpload(baseUrl: string, method: 'POST' | 'PUT', path: string, headers: Record<string, string>): RawUpload {
  const { port } = new URL(baseUrl);
  const req = http.request({
    host: '127.0.0.1',
    port: Number(port),
    method,
    path,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' },
  });
  const answered = new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', () => resolve({ status: 0, body: '', headers: {} }));
  });
  return {
    field: (name, value) => req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    fileStart(filename, data, type = 'image/png') {
      req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
      req.write(data);
    },
    bytes: (data) => req.write(data),
    fileEnd: () => req.write('\r\n'),
    finish: () => req.end(`--${BOUNDARY}--\r\n`),
    abort: () => req.destroy(),
    answered,
  };
}

/** Waits for `check` to hold, polling; throws naming `what` when it has not held by the deadline. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`no llegó a pasar: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The answer, or 'sin respuesta' when none came by the deadline (an API that waits for the whole body). */
export function answerWithin<T>(answer: Promise<T>, ms = 20_000): Promise<T | 'sin respuesta'> {
  let timer: NodeJS.Timeout;
  const none = new Promise<'sin respuesta'>((resolve) => (timer = setTimeout(() => resolve('sin respuesta'), ms)));
  return Promise.race([answer, none]).finally(() => clearTimeout(timer));
}

/**
 * JSON calls over real HTTP (the app listens on port 0). `app.inject` is not used: under jest its
 * light-my-request dependency needs require(esm), which jest's module loader does not support.
 */
export interface Target {
  url: string;
}
export interface JsonAnswer {
  status: number;
  body: any;
  headers: Headers;
}

export async function request(target: Target, method: string, path: string, opts: { body?: unknown; raw?: BodyInit; headers?: Record<string, string> } = {}): Promise<JsonAnswer> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: BodyInit | undefined = opts.raw;
  if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${target.url}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export const post = (target: Target, path: string, body?: unknown, headers: Record<string, string> = {}) => request(target, 'POST', path, { body, headers });
export const get = (target: Target, path: string, headers: Record<string, string> = {}) => request(target, 'GET', path, { headers });
export const del = (target: Target, path: string, headers: Record<string, string> = {}) => request(target, 'DELETE', path, { headers });

export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

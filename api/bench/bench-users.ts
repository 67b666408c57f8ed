/**
 * Accounts for the benchmarks, made the way a person makes one: sign-up over HTTP, the
 * confirmation link read from the outbox the server writes (DATA_DIR/outbox, no SMTP_URL), the
 * link followed, then a login for the token.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeQuotedPrintable } from '../test/support/smtp';

export const BENCH_PASSWORD = 'Bench2026!casa';

export interface BenchUser {
  email: string;
  password: string;
  token: string;
}

async function postJson(baseUrl: string, route: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The confirmation link (user id and token) of the message sent to `email`, once it is written. */
async function confirmationLink(outboxDir: string, email: string): Promise<{ id: string; token: string }> {
  const to = new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\s*$`, 'mi');
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const message = decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir, file), 'latin1'));
      const link = /\/confirmEmail\/([0-9a-f-]{36})\/([0-9a-f]+)/.exec(message);
      if (link && to.test(message)) return { id: link[1], token: link[2] };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no llegó el correo de confirmación para ${email}`);
}

export async function signUpConfirmed(baseUrl: string, dataDir: string, email: string, password = BENCH_PASSWORD): Promise<BenchUser> {
  const signup = await postJson(baseUrl, '/api/user/signup', { email, password, name: 'Banco', apellido: 'Pruebas' });
  if (signup.status !== 201) throw new Error(`registro de ${email}: ${signup.status} ${JSON.stringify(signup.body)}`);
  const link = await confirmationLink(path.join(dataDir, 'outbox'), email);
  const confirmed = await postJson(baseUrl, '/confirmEmail', link);
  if (confirmed.status !== 200) throw new Error(`confirmación de ${email}: ${confirmed.status}`);
  const login = await postJson(baseUrl, '/api/user/login', { email, password });
  if (login.status !== 200) throw new Error(`login de ${email}: ${login.status} ${JSON.stringify(login.body)}`);
  return { email, password, token: login.body.token as string };
}

/** The publish form's fields (SPEC: POST /anuncio), with a title that says which run made it. */
export function listingFields(title: string): Record<string, string> {
  return {
    proposito: 'venta',
    propiedad: 'Apartamento',
    title,
    moneda: 'US',
    price: '185000',
    metros: '120',
    habitaciones: '3',
    banos: '2',
    nivel: '4',
    balcon: 'true',
    patio: 'false',
    piscina: 'true',
    parqueo: 'true',
    description: 'Apartamento amplio con vista al mar.\nCerca de supermercados y colegios.',
    name: 'Banco',
    apellido: 'Pruebas',
    movil: '8095550000',
    email: 'banco@example.com',
    empresa: '',
    place: 'Santo Domingo',
    region: 'Distrito Nacional',
    locality: 'Piantini',
    address: 'Calle Gustavo Mejía Ricart 50, Piantini',
    latitude: '18.4715',
    longitude: '-69.9387',
  };
}

/** Multipart body as the publish page sends it: the fields, then each photo as `images`. */
export function publishForm(fields: Record<string, string>, photos: Buffer[]): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  photos.forEach((p, i) => form.append('images', new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `foto-${i + 1}.jpg`));
  return form;
}

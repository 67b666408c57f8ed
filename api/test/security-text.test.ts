/**
 * Text cannot inject HTML (issue 12, item 11). The API stores and answers titles, descriptions and
 * names exactly as typed, inside JSON (never HTML); the web apps render them as React text, never
 * as markup. The second half reads the web apps' sources: no dangerouslySetInnerHTML, innerHTML,
 * outerHTML, insertAdjacentHTML or document.write anywhere, and the description's line breaks are
 * rendered by splitting into text paragraphs. That a browser shows such text literally (page title
 * included) is checked in the e2e suite.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { WEB_APPS } from 'shared-contracts';
import { startTestApp, type TestApp } from './support/app';
import { createUser } from './support/users';

const ROOT = path.resolve(__dirname, '../..');
// every web app (shared-contracts/src/web-apps.js) and the shared packages it is built from
const WEB_SRC = [...WEB_APPS.map((app) => `${app.dir}/src`), 'shared-contracts/src', 'web-runtime/src'];
const PAYLOAD = '<img src=x onerror=alert(1)><script>alert("x")</script></title>';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(tsx?|jsx?)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('text is data, never markup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  test('the API answers hostile text unchanged, as JSON', async () => {
    const { auth } = await createUser(t.app);
    const fd = new FormData();
    const fields: Record<string, string> = {
      title: PAYLOAD.slice(0, 140),
      description: `Línea 1\n${PAYLOAD}\n<b>negrita</b>`,
      name: '<svg onload=alert(1)>',
      apellido: '"><script>',
      price: '100',
      movil: '8095550000',
      email: 'x@example.com',
      address: 'Calle <i>1</i>',
      latitude: '18.47',
      longitude: '-69.9',
    };
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).png().toBuffer();
    fd.append('images', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'p.png');
    const created = await fetch(`${t.url}/anuncio`, { method: 'POST', body: fd, headers: auth });
    expect(created.status).toBe(201);
    const { _id } = await created.json();
    const res = await fetch(`${t.url}/anuncio/${_id}`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await res.json();
    // Multipart forms send line breaks as CRLF (HTML form encoding); the text is otherwise untouched.
    for (const key of ['title', 'description', 'name', 'apellido', 'address']) expect(body[key].replace(/\r\n/g, '\n')).toBe(fields[key]);
  });

  test('no web source renders markup from strings', () => {
    const files = WEB_SRC.flatMap((d) => sources(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((f) => /dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML\s*=|insertAdjacentHTML|document\.write\(/.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  test('the description is split into text paragraphs and the page title set as text', () => {
    const detail = fs.readFileSync(path.join(ROOT, 'mf-listing/src/features/anuncio-detail/components/anuncio-detail.tsx'), 'utf8');
    expect(detail).toMatch(/descriptionLines\(anuncio\.description\)\.map\(\(line, i\) => \(\s*<p key=\{i\}>\{line\}<\/p>/);
    const meta = fs.readFileSync(path.join(ROOT, 'mf-listing/src/features/anuncio-detail/hooks/use-document-meta.ts'), 'utf8');
    expect(meta).toMatch(/document\.title = /);
    expect(meta).not.toMatch(/innerHTML|outerHTML/);
  });
});

/**
 * The real server process as `npm start` runs it (node --import tsx api/src/server.ts) on a
 * persisted PGlite and the outbox: a person's whole account journey over HTTP, following the link
 * from the .eml file, then a graceful SIGTERM while a request is in flight.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from 'shared-contracts';
import { decodeQuotedPrintable } from './support/smtp';
import { post } from './support/http';

const ROOT = path.resolve(__dirname, '../..');

describe('server process', () => {
  let dataDir: string;
  let child: ChildProcess;
  let output = '';
  let url = '';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-server-'));
    child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, API_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', PUBLIC_SITE_URL: 'http://localhost:3000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 45_000;
    while (!url) {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) url = m[1];
      else if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      else await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('sign up, follow the outbox link, log in; SIGTERM lets the in-flight request finish', async () => {
    const t = { url };
    const email = 'servidor@example.com';
    expect((await post(t, '/api/user/signup', { email, password: 'Casa2024!', name: 'Sergio', apellido: 'Díaz' })).status).toBe(201);

    const outbox = path.join(dataDir, 'outbox');
    let eml = '';
    for (let i = 0; i < 100 && !eml; i++) {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
      if (files.length) eml = fs.readFileSync(path.join(outbox, files[0]), 'latin1');
      else await new Promise((r) => setTimeout(r, 100));
    }
    const link = /http:\/\/localhost:3000\/confirmEmail\/([0-9a-f-]+)\/([0-9a-f]+)/.exec(decodeQuotedPrintable(eml));
    expect(link).not.toBeNull();
    // The link is also logged on one line for whoever runs the portal locally (the site is on
    // localhost); the line is written just after the file, so it may reach us a moment later.
    for (let i = 0; i < 50 && !output.includes(link![0]); i++) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain(link![0]);
    // Secrets never reach the log.
    expect(output).not.toContain('Casa2024!');

    expect((await post(t, '/confirmEmail', { id: link![1], token: link![2] })).body).toEqual({ message: MSG.emailConfirmed });
    const login = await post(t, '/api/user/login', { email, password: 'Casa2024!' });
    expect(login.status).toBe(200);
    expect(output).not.toContain(login.body.token);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const inFlight = post(t, '/api/user/login', { email, password: 'Casa2024!' });
    await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await exited).toBe(0);
  });
});

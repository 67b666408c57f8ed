/**
 * Issue 45, the API's operations surface: request ids (accepted, generated, echoed, a hostile one
 * replaced, logged), liveness and readiness (closing, database unreachable), and /metrics (token,
 * the named metrics after some traffic, route patterns rather than addresses).
 */
import { Writable } from 'node:stream';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { openPglite, openPostgres } from '../src/db/client';
import { startExpiryJob } from '../src/anuncios/expiry-job';
import { engines, openTestDatabase } from './support/engines';
import { setupMailApp, startTestApp, testConfig } from './support/app';
import { get, post } from './support/http';

const TOKEN = 'metrics-token-0123456789abcdef';

describe.each(engines())('operations on %s', (engine) => {
  const { t, smtp } = setupMailApp(engine, { metricsToken: TOKEN });

  test('a safe X-Request-Id is kept and echoed; none gets a new one; a hostile one is replaced', async () => {
    const kept = await get(t, '/livez', { 'x-request-id': 'lb-7f3a.19:req_42' });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.19:req_42');
    const made = await get(t, '/livez');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    for (const hostile of ['a b', '<script>alert(1)</script>', 'x'.repeat(129), 'id"}\u00e9', 'a;rm -rf']) {
      const res = await get(t, '/livez', { 'x-request-id': hostile });
      const echoed = res.headers.get('x-request-id');
      expect(echoed).not.toBe(hostile);
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test('/metrics answers 401 without the bearer token or with a wrong one', async () => {
    expect((await get(t, '/metrics')).status).toBe(401);
    expect((await get(t, '/metrics', { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await get(t, '/metrics', { authorization: TOKEN })).status).toBe(401);
  });

  test('after some traffic /metrics names routes by pattern and has the search, cache, job, mail and thread figures', async () => {
    await post(t, '/allAnuncios', { page: 1 });
    await post(t, '/allAnuncios', { page: 1 });
    await get(t, '/anuncio/123456');
    await get(t, '/no/such/address/42');
    await post(t, '/api/user/signup', { email: 'metricas@example.com', password: 'Clave-segura-123', name: 'Ana', apellido: 'Ruiz' });
    await t.app.mailer.flush();
    expect(smtp.mails.length).toBeGreaterThan(0);
    const job = startExpiryJob(t.app, 3_600_000);
    await job.stop();
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/allAnuncios",status_code="200"\} 2/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/anuncio\/:id",status_code="404"\} 1/);
    expect(text).toMatch(/route="__unknown__",status_code="404"/);
    expect(text).not.toContain('123456');
    expect(text).not.toContain('/no/such');
    expect(text).toMatch(/search_cache_lookups_total\{kind="count",result="miss"\} [1-9]/);
    expect(text).toMatch(/search_cache_lookups_total\{kind="count",result="hit"\} [1-9]/);
    expect(text).toMatch(/^search_queue_active \d+$/m);
    expect(text).toMatch(/^search_queue_waiting \d+$/m);
    expect(text).toMatch(/^search_queue_rejected_total \d+$/m);
    expect(text).toMatch(/^mail_messages_total\{result="sent"\} [1-9]/m);
    expect(text).toMatch(/^mail_messages_total\{result="failed"\} 0$/m);
    expect(text).toMatch(/^background_job_last_run_timestamp_seconds\{task="expiry"\} \d/m);
    expect(text).toMatch(/^background_job_duration_seconds_count\{task="expiry"\} 1$/m);
    expect(text).toContain('# TYPE search_notify_lag_seconds histogram');
    expect(text).toMatch(/^pglite_thread_busy_seconds_total [\d.e-]+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });

  test('/livez and /readyz answer 200 on a started app, with no cache', async () => {
    const live = await get(t, '/livez');
    expect(live.status).toBe(200);
    const ready = await get(t, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', engine });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    // the old probe is kept as it was
    expect((await get(t, '/health')).status).toBe(200);
  });
});

describe.each(engines())('readiness on %s', (engine) => {
  test('readiness is false once a close has begun', async () => {
    const t = await startTestApp(engine);
    expect((await get(t, '/readyz')).status).toBe(200);
    const closing = t.app.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.app.phase.current).toBe('closing');
    const probe = await get(t, '/readyz').then((r) => r.status, () => 'refused');
    expect(probe).not.toBe(200);
    await closing;
    await t.testDb.drop();
  });

  test('readiness is false while the database is unreachable, liveness stays true, and readiness comes back', async () => {
    const config = testConfig();
    if (engine === 'pglite') {
      const database = await openPglite(null);
      const app = await buildApp(config, { logger: false, database });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const target = { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
      expect((await get(target, '/readyz')).status).toBe(200);
      await database.close();
      const ready = await get(target, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'database-unreachable' });
      expect((await get(target, '/livez')).status).toBe(200);
      await app.close();
      return;
    }
    const testDb = await openTestDatabase('postgres');
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const { rows } = await admin.query<{ db: string }>('select current_database() as db');
    const name = (await testDb.database.db.execute('select current_database() as db') as unknown as { rows: { db: string }[] }).rows[0]!.db;
    expect(name).not.toBe(rows[0]!.db);
    // a pool of its own, so its connections can all be cut
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 2);
    const app = await buildApp(config, { logger: false, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const target = { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
    try {
      expect((await get(target, '/readyz')).status).toBe(200);
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      const ready = await get(target, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'database-unreachable' });
      expect((await get(target, '/livez')).status).toBe(200);
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      expect((await get(target, '/readyz')).status).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
      await app.close();
      await database.close();
      await testDb.drop();
    }
  });
});

describe('request ids in the log and /metrics access without a token', () => {
  test('every log line of a request carries its id', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const database = await openPglite(null);
    await database.migrate();
    const app = await buildApp(testConfig({ logLevel: 'info' }), { database, logStream });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const target = { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
    await get(target, '/livez', { 'x-request-id': 'trace-abc-123' });
    await get(target, '/livez', { 'x-request-id': 'bad id {"forged":true}' });
    await app.close();
    await database.close();
    const mine = lines.map((l) => JSON.parse(l)).filter((l) => l.reqId === 'trace-abc-123');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    const replaced = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'incoming request' && l.reqId !== 'trace-abc-123');
    expect(replaced).toHaveLength(1);
    expect(replaced[0].reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.join('\n')).not.toContain('forged');
  });

  test('without METRICS_TOKEN: hidden (404) for a public site, open to loopback for a local one', async () => {
    for (const [publicSiteUrl, expected] of [['https://inmueblesrd.do', 404], ['http://localhost:3000', 200]] as const) {
      const t = await startTestApp('pglite', { publicSiteUrl });
      expect((await get(t, '/metrics')).status).toBe(expected);
      await t.close();
    }
  });
});

/**
 * Issue 45 on two API instances on one PostgreSQL: a write announced on one reaches the other's
 * NOTIFY lag histogram, and both expose the same metric names.
 */
import { requirePostgres } from './support/engines';
import { startSiblingApp, startTestApp } from './support/app';

const TOKEN = 'metrics-token-0123456789abcdef';
const metricsOf = async (url: string) => (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
const names = (text: string) => new Set(text.split('\n').filter((l) => l.startsWith('# TYPE ')).map((l) => l.split(' ')[2]));

test('another instance measures the NOTIFY lag of a write; both have the same metric names', async () => {
  requirePostgres();
  const a = await startTestApp('postgres', { metricsToken: TOKEN });
  const b = await startSiblingApp(a);
  try {
    const lagCount = async () => Number(/^search_notify_lag_seconds_count (\d+)$/m.exec(await metricsOf(b.url))?.[1] ?? 'NaN');
    expect(await lagCount()).toBe(0);
    await a.app.searchChanges.announce('all');
    const deadline = Date.now() + 10_000;
    while ((await lagCount()) < 1) {
      if (Date.now() > deadline) throw new Error('the NOTIFY never reached the other instance');
      await new Promise((r) => setTimeout(r, 50));
    }
    const text = await metricsOf(b.url);
    const p = /^search_notify_lag_seconds_sum ([\d.e-]+)$/m.exec(text);
    expect(Number(p![1])).toBeLessThan(5);
    // the writer does not measure its own message
    expect(/^search_notify_lag_seconds_count (\d+)$/m.exec(await metricsOf(a.url))?.[1]).toBe('0');
    expect([...names(await metricsOf(a.url))].sort()).toEqual([...names(text)].sort());
  } finally {
    await b.close();
    await a.close();
  }
});

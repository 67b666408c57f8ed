/**
 * Issue 45: two API instances starting together on one PostgreSQL seed the demo catalogue once
 * (the `seed` advisory lock; the emptiness is checked inside it).
 */
import { count } from 'drizzle-orm';
import { anuncios } from '../src/db/schema';
import { seedDemoIfEmpty } from '../src/background/demo-seed';
import { requirePostgres } from './support/engines';
import { startSiblingApp, startTestApp } from './support/app';

test('two instances seeding at once: one seeds, the other skips, the catalogue is there once', async () => {
  requirePostgres();
  const a = await startTestApp('postgres', { seedDemo: true });
  const b = await startSiblingApp(a);
  try {
    const outcomes = await Promise.all([seedDemoIfEmpty(a.app, 12), seedDemoIfEmpty(b.app, 12)]);
    expect(outcomes.filter((o) => o === 'seeded')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'another-instance' || o === 'not-empty')).toHaveLength(1);
    const [row] = await a.app.db.select({ n: count() }).from(anuncios);
    expect(Number(row!.n)).toBe(12);
    // a later start finds the catalogue and leaves it alone
    expect(await seedDemoIfEmpty(b.app, 12)).toBe('not-empty');
  } finally {
    await b.close();
    await a.close();
  }
});

/**
 * The mixed read/write case of bench:api (issue 18): autocannon sends searches (half never
 * repeated, half from the realistic mix that repeats), while writers publish and delete listings
 * through the API so that writes are 5 % of all requests. Only the searches' latencies are
 * reported: the case shows what per-change invalidation leaves of the cache under steady writes.
 */
import crypto from 'node:crypto';
import { listingFields, publishForm, signUpConfirmed, type BenchUser } from './bench-users';
import type { HttpCase } from './cases';

/** The 5 %; `--write-share` changes it (0 measures the same searches without writes). */
export const WRITE_SHARE = 0.05;
const WRITERS = 3;
/** The free plan's 5 listings: a writer publishes until full, then deletes its oldest. */
const PLAN_SIZE = 5;

export interface Writers {
  users: BenchUser[];
  /**
   * Runs writes until `stop()`, keeping them at the share of `reads()` + writes (with
   * `reads = () => Infinity`, as fast as the writers go: the writes case). `stop()` also gives
   * each write's latency in ms.
   */
  run(reads: () => number): { stop(): Promise<{ writes: number; errors: number; latencies: number[] }> };
}

export async function prepareWriters(baseUrl: string, dataDir: string, share = WRITE_SHARE): Promise<Writers> {
  const users: BenchUser[] = [];
  for (let i = 0; i < WRITERS; i++) users.push(await signUpConfirmed(baseUrl, dataDir, `mixto-${crypto.randomBytes(4).toString('hex')}@example.com`));
  const owned = new Map<string, string[]>(users.map((u) => [u.email, []]));
  let n = 0;

  async function write(user: BenchUser): Promise<boolean> {
    const ids = owned.get(user.email)!;
    const auth = { authorization: `Bearer ${user.token}` };
    if (ids.length < PLAN_SIZE) {
      const fields = { ...listingFields(`Mixto ${n++}`), price: String(50_000 + Math.floor(Math.random() * 900_000)) };
      const res = await fetch(`${baseUrl}/anuncio`, { method: 'POST', headers: auth, body: publishForm(fields, []) });
      if (res.status !== 201) return false;
      ids.push(((await res.json()) as { _id: string })._id);
      return true;
    }
    const res = await fetch(`${baseUrl}/${ids.shift()}`, { method: 'DELETE', headers: auth });
    await res.arrayBuffer();
    return res.status === 200;
  }

  return {
    users,
    run(reads) {
      let running = true;
      let writes = 0;
      let errors = 0;
      const latencies: number[] = [];
      const loop = async (user: BenchUser) => {
        while (running) {
          if (writes >= (reads() + writes) * share) {
            await new Promise((r) => setTimeout(r, 2));
            continue;
          }
          writes += 1;
          const started = performance.now();
          if (!(await write(user).catch(() => false))) errors += 1;
          latencies.push(performance.now() - started);
        }
      };
      const loops = users.map(loop);
      return {
        async stop() {
          running = false;
          await Promise.all(loops);
          return { writes, errors, latencies };
        },
      };
    },
  };
}

/** Searches for the mixed case: every other one never asked before, the rest from the warm mix. */
export function mixedSearches(cold: HttpCase, warm: HttpCase): HttpCase {
  let i = 0;
  return {
    name: 'mixed',
    label: 'mixto: búsquedas (½ frías) con 5 % escrituras',
    next: () => (i++ % 2 ? { ...cold.next(), part: 'frías' } : { ...warm.next(), part: 'repetidas' }),
  };
}

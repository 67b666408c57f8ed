/**
 * The soak's request mix: what visitors and publishers do on the portal, each request with the
 * status it must get. Searches (filters and pages drawn from the loaded data, as in bench:api),
 * listing details (a few unknown ids among them), logins (a few with a wrong password), a user's
 * own list, publishes with 1 to 3 small photos, and deletes of the pool users' own listings, so no
 * quota runs out and the photos directory neither fills up nor empties.
 *
 * The generator keeps each user's listings to choose what to delete and when the quota is full. A
 * write that got no answer may or may not have happened; that user then writes nothing until a
 * look at their own list (POST /misAnuncios) tells what is really there.
 */
import crypto from 'node:crypto';
import { filterMix } from './cases';
import { listingFields, publishForm, type BenchUser } from './bench-users';
import type { SampleRow } from './load-data';
import { rng } from './random';

export type Kind = 'search' | 'detail' | 'login' | 'mine' | 'publish' | 'delete';
export const KINDS: Kind[] = ['search', 'detail', 'login', 'mine', 'publish', 'delete'];

/** Shares of the traffic, in percent. */
export const MIX: Record<Kind, number> = { search: 58, detail: 24, login: 8, mine: 2, publish: 4, delete: 4 };

export interface Planned {
  kind: Kind;
  /** The statuses this request may rightly get. */
  expected: number[];
  send(): Promise<Response>;
  /** Bookkeeping once the answer (or the failure, status 0) is known. */
  settle(status: number, body: string): void;
}

interface Listing {
  id: string;
  photos: number;
}

interface PoolUser extends BenchUser {
  /** This user's published listings, oldest first, with their photo count. */
  live: Listing[];
  /** Publishes sent and not answered yet: they count against the quota already. */
  pending: number;
  pendingDeletes: number;
  /** Writes sent so far: a list fetched while one was sent may already be out of date. */
  writes: number;
  /** A write got no answer: `live` may be wrong until the user's list is read again. */
  stale: boolean;
  /** When the last unanswered write was sent (performance.now()). */
  staleSince: number;
}

/**
 * A request whose connection the server closed may still be running there: its user's list is
 * read only after the server's own request deadline (SERVER_TIMEOUTS.requestMs) has passed too.
 */
const SETTLE_MS = 120_000;

/** The user's listings as the API lists them (SPEC: POST /misAnuncios). */
function listingsOf(body: string): Listing[] {
  const { listaDeTodos } = JSON.parse(body) as { listaDeTodos: { _id: string; image_urls: string[] }[] };
  return listaDeTodos.map((a) => ({ id: a._id, photos: a.image_urls.length })).reverse();
}

export interface TrafficOptions {
  baseUrl: string;
  sample: SampleRow[];
  users: BenchUser[];
  photos: Buffer[];
  /** Listings each user may have (the plan). */
  quota: number;
  seed?: number;
}

export function createTraffic(opts: TrafficOptions) {
  const random = rng(opts.seed ?? 20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const searches = filterMix(opts.sample, 400, 7);
  /** Listings whose fate is unknown (the request failed before an answer). */
  let uncertain = 0;
  let published = 0;
  const users: PoolUser[] = opts.users.map((u) => ({ ...u, live: [], pending: 0, pendingDeletes: 0, writes: 0, stale: false, staleSince: 0 }));
  const markStale = (u: PoolUser, sentAt: number) => {
    uncertain += 1;
    u.stale = true;
    u.staleSince = Math.max(u.staleSince, sentAt);
  };
  const json = (route: string, body: unknown, headers: Record<string, string> = {}) => () =>
    fetch(`${opts.baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const auth = (u: PoolUser) => ({ authorization: `Bearer ${u.token}` });
  const nothing = () => undefined;

  const search = (): Planned => {
    // The home page (no filters) is the most requested search; the rest follows the data.
    const { filters, page } = random() < 0.15 ? { filters: {}, page: 0 } : pick(searches);
    return { kind: 'search', expected: [200], send: json('/allAnuncios', { filters, page }), settle: nothing };
  };

  const detail = (): Planned => {
    const known = random() >= 0.05;
    const id = known ? pick(opts.sample).id : crypto.randomUUID();
    return { kind: 'detail', expected: [known ? 200 : 404], send: () => fetch(`${opts.baseUrl}/anuncio/${id}`), settle: nothing };
  };

  const login = (): Planned => {
    const u = pick(users);
    const right = random() >= 0.1;
    return { kind: 'login', expected: [right ? 200 : 401], send: json('/api/user/login', { email: u.email, password: right ? u.password : `${u.password}x` }), settle: nothing };
  };

  const mine = (u: PoolUser): Planned => {
    const writesAtSend = u.writes;
    return {
      kind: 'mine',
      expected: [200],
      send: json('/misAnuncios', {}, auth(u)),
      settle(status, body) {
        // Trusted only when no write of this user was sent or pending around it.
        if (status === 200 && u.writes === writesAtSend && u.pending === 0 && u.pendingDeletes === 0) {
          u.live = listingsOf(body);
          u.stale = false;
        }
      },
    };
  };

  const publish = (u: PoolUser): Planned => {
    const count = 1 + Math.floor(random() * 3);
    const photos = Array.from({ length: count }, () => pick(opts.photos));
    u.pending += 1;
    u.writes += 1;
    const sentAt = performance.now();
    return {
      kind: 'publish',
      expected: [201],
      send: () => fetch(`${opts.baseUrl}/anuncio`, { method: 'POST', headers: auth(u), body: publishForm(listingFields(`Carga sostenida ${published++}`), photos) }),
      settle(status, body) {
        u.pending -= 1;
        if (status === 201) u.live.push({ id: (JSON.parse(body) as { _id: string })._id, photos: count });
        else if (status === 0) markStale(u, sentAt);
      },
    };
  };

  const remove = (u: PoolUser): Planned => {
    const listing = u.live.shift() as Listing;
    u.pendingDeletes += 1;
    u.writes += 1;
    const sentAt = performance.now();
    return {
      kind: 'delete',
      expected: [200],
      send: () => fetch(`${opts.baseUrl}/${listing.id}`, { method: 'DELETE', headers: auth(u) }),
      settle(status) {
        u.pendingDeletes -= 1;
        // Still there after a refused delete: it may be deleted later.
        if (status !== 200 && status !== 0) u.live.push(listing);
        else if (status === 0) markStale(u, sentAt);
      },
    };
  };

  /** A publish if some user has room, else a delete (and the other way round). */
  const write = (preferPublish: boolean): Planned => {
    // A user whose last write went unanswered first looks at their list.
    const now = performance.now();
    const unsure = users.find((u) => u.stale && u.pending === 0 && u.pendingDeletes === 0 && now - u.staleSince > SETTLE_MS);
    if (unsure) return mine(unsure);
    const sure = users.filter((u) => !u.stale);
    // One upload at a time per user (issue 40): a user whose publish is still in flight waits for it.
    const withRoom = sure.filter((u) => u.pending === 0 && u.live.length < opts.quota);
    const withListings = sure.filter((u) => u.live.length > 0);
    if ((preferPublish || !withListings.length) && withRoom.length) return publish(pick(withRoom));
    if (withListings.length) return remove(pick(withListings));
    return search();
  };

  return {
    next(): Planned {
      let r = random() * 100;
      for (const kind of KINDS) {
        r -= MIX[kind];
        if (r < 0) {
          if (kind === 'search') return search();
          if (kind === 'detail') return detail();
          if (kind === 'login') return login();
          if (kind === 'mine') return mine(pick(users));
          return write(kind === 'publish');
        }
      }
      return search();
    },
    /** Reads every user's list again (after the traffic, when nothing is in flight). */
    async resync(): Promise<void> {
      for (const u of users) {
        const res = await json('/misAnuncios', {}, auth(u))();
        if (res.status !== 200) throw new Error(`misAnuncios de ${u.email}: ${res.status}`);
        u.live = listingsOf(await res.text());
        u.stale = false;
      }
    },
    /** Photo files the live listings should have on disk (two renditions each). */
    expectedPhotoFiles: () => users.reduce((n, u) => n + u.live.reduce((m, l) => m + l.photos * 2, 0), 0),
    liveListings: () => users.reduce((n, u) => n + u.live.length, 0),
    uncertain: () => uncertain,
  };
}

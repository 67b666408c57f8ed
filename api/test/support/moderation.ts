/**
 * Who reports, for the moderation suites (issues 23 and 40): visitors and accounts, each from an
 * address of its own (the suites' apps trust one proxy), accounts with or without standing. Tokens
 * are signed when a call is made: the suites move the clock by days, past a token's lifetime.
 */
import sharp from 'sharp';
import { REPORTER_MIN_ACCOUNT_DAYS } from 'shared-contracts';
import type { UserRow } from '../../src/db/schema';
import type { TestApp } from './app';
import { post } from './http';
import { createUser } from './users';

export const DAY = 24 * 3600_000;

export function moderationHelpers(t: TestApp, subnet: string) {
  let ip = 0;
  /** Headers of a client of its own. */
  const address = () => ({ 'x-forwarded-for': `${subnet}.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
  const authOf = (user: UserRow) => ({ authorization: `Bearer ${t.app.signToken(user)}` });
  const report = (id: string, headers: Record<string, string>, body: Record<string, unknown> = { motivo: 'estafa' }) => post(t, `/anuncio/${id}/reportes`, body, headers);

  /** An account on a network of its own: confirmed and REPORTER_MIN_ACCOUNT_DAYS + 1 days old unless told otherwise. */
  async function account(values: Partial<UserRow> = {}) {
    const { user } = await createUser(t.app, { createdAt: new Date(t.clock.now() - (REPORTER_MIN_ACCOUNT_DAYS + 1) * DAY), ...values });
    const network = address();
    return { user, headers: () => ({ ...authOf(user), ...network }) };
  }

  return {
    address,
    authOf,
    report,
    account,
    /** `n` accounts with standing, each reporting the listing once from its own network. */
    async reportByStanding(id: string, n: number) {
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) statuses.push((await report(id, (await account()).headers())).status);
      return statuses;
    },
    inSearch: async (id: string, place: string) => (await post(t, '/allAnuncios', { filters: { place }, page: 0 })).body.anuncios.some((a: { _id: string }) => a._id === id),
  };
}

/**
 * A photo-like picture (a gradient with coloured shapes, 1200 × 800 JPEG), distinct per seed:
 * plain test pictures identify nothing (photo-hash.ts) and are never matched.
 */
export function scenePhoto(seed: number): Promise<Buffer> {
  let s = seed * 7919 + 104729;
  const rnd = () => (s = (s * 9301 + 49297) % 233280) / 233280;
  const colour = () => `rgb(${(rnd() * 255) | 0},${(rnd() * 255) | 0},${(rnd() * 255) | 0})`;
  const rects = Array.from({ length: 8 }, () => `<rect x="${rnd() * 1200}" y="${rnd() * 800}" width="${100 + rnd() * 500}" height="${80 + rnd() * 400}" fill="${colour()}"/>`);
  const circles = Array.from({ length: 5 }, () => `<circle cx="${rnd() * 1200}" cy="${rnd() * 800}" r="${30 + rnd() * 150}" fill="${colour()}"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs><rect width="1200" height="800" fill="url(#g)"/>${rects.join('')}${circles.join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

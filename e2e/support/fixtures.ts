/**
 * Shared helpers for the browser tests: a confirmed user created over the real API (sign-up,
 * emailed link, confirmation, login), and a page already logged in as that user.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { E2E } from './env';
import { waitForLink } from './mailbox';
import { startGuard, type Guard } from './guard';

export interface TestUser {
  name: string;
  apellido: string;
  email: string;
  password: string;
  token: string;
  session: Record<string, unknown>;
}

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export async function api<T = unknown>(path: string, body?: unknown, token?: string, method = 'POST'): Promise<{ status: number; body: T }> {
  const res = await fetch(`${E2E.apiUrl}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Sign-up, follow the emailed confirmation link's id/token, log in: a ready user. */
export async function createConfirmedUser(overrides: Partial<Pick<TestUser, 'name' | 'apellido' | 'password'>> = {}): Promise<TestUser> {
  const user = { name: overrides.name ?? 'Ana', apellido: overrides.apellido ?? 'Pérez', email: uniqueEmail(), password: overrides.password ?? 'Clave-Segura1' };
  const signup = await api('/api/user/signup', user);
  expect(signup.status, JSON.stringify(signup.body)).toBeLessThan(300);
  const link = await waitForLink(user.email, '/confirmEmail/');
  const [, id, token] = /\/confirmEmail\/([^/]+)\/([^/?#]+)/.exec(link)!;
  const confirm = await api('/confirmEmail', { id: decodeURIComponent(id), token: decodeURIComponent(token) });
  expect(confirm.status, JSON.stringify(confirm.body)).toBeLessThan(300);
  const login = await api<Record<string, unknown>>('/api/user/login', { email: user.email, password: user.password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { ...user, token: String(login.body.token), session: login.body };
}

/** Puts the user in localStorage before any page script runs (as a returning visitor). */
export async function loginAs(page: Page, user: TestUser) {
  await page.addInitScript((session) => {
    // once per tab: a later logout in the test must stick across reloads
    if (!sessionStorage.getItem('e2e-session-set')) {
      localStorage.setItem('user', JSON.stringify(session));
      sessionStorage.setItem('e2e-session-set', '1');
    }
  }, user.session);
}

/** A JWT-shaped token with the given exp (seconds); unsigned, enough for the client's decode. */
export function fakeToken(exp: number): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', exp })}.c2lnbmF0dXJl`;
}

/**
 * Every spec imports `test` from here, so every test runs under the console/network guard
 * (support/guard.ts); a test declares what it provokes on purpose with `guard.allow(...)`.
 */
export const test = base.extend<{ guard: Guard }>({
  guard: [
    async ({ context }, use) => {
      const { guard, unexpected } = startGuard(context);
      await use(guard);
      const problems = await unexpected();
      expect(problems, 'console errors and failed requests the test did not declare').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

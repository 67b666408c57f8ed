/**
 * The console and network guard every browser test runs under (issue 10): a test fails when the
 * page logs a console error, throws an uncaught error, or a request fails, unless the test
 * provoked it on purpose. What counts as provoked:
 *  - requests the test intercepts itself with page.route / context.route (it chose their fate);
 *  - whatever the test declares with guard.allow(pattern, why);
 *  - map tiles: third-party servers this machine may not reach (offline CI);
 *  - requests the page cancels itself (net::ERR_ABORTED: a navigation or an AbortController);
 *  - the API's 4xx answers to fetch calls (wrong password, unconfirmed email, 401, not found,
 *    quota): SPEC §8 makes them states the UI shows, and Chromium logs each as a console error.
 *    An API 404 for a route the API does not have, a 429 and every 5xx still fail the test.
 */
import type { BrowserContext, ConsoleMessage, Page, Request, Response, Route } from '@playwright/test';
import { E2E } from './env';

export interface Guard {
  /** Declares a console error or failed request the test provokes on purpose (matched on its description). */
  allow(pattern: RegExp | string, why: string): void;
}

type RouteHandler = (route: Route, request: Request) => unknown;

const TILE_HOST = /(^|\.)tiles?\.|tile\.openstreetmap\.org$/;
const API_ANSWERS = new Set([400, 401, 403, 404, 409, 422]);

function isTile(url: string): boolean {
  try {
    return TILE_HOST.test(new URL(url).host);
  } catch {
    return false;
  }
}

/** Wraps route() so requests the test intercepts are remembered as its own doing. */
function trackRoutes(target: Page | BrowserContext, provoked: Set<string>) {
  const route = target.route.bind(target) as unknown as (url: unknown, handler: RouteHandler, options?: unknown) => Promise<void>;
  const unroute = target.unroute.bind(target) as unknown as (url: unknown, handler?: RouteHandler) => Promise<void>;
  const wrapped = new Map<RouteHandler, RouteHandler>();
  Object.assign(target, {
    route: (url: unknown, handler: RouteHandler, options?: unknown) => {
      const w: RouteHandler = (r, request) => {
        provoked.add(request.url());
        return handler(r, request);
      };
      wrapped.set(handler, w);
      return route(url, w, options);
    },
    unroute: (url: unknown, handler?: RouteHandler) => unroute(url, handler ? (wrapped.get(handler) ?? handler) : undefined),
  });
}

export function startGuard(context: BrowserContext) {
  const provoked = new Set<string>();
  const allowed: { pattern: RegExp | string; why: string }[] = [];
  const consoleErrors: { text: string; url: string }[] = [];
  const problems: string[] = [];
  const apiAnswers = new Set<string>();
  const pending: Promise<void>[] = [];

  trackRoutes(context, provoked);
  const watch = (page: Page) => trackRoutes(page, provoked);
  context.pages().forEach(watch);
  context.on('page', watch);

  context.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') consoleErrors.push({ text: msg.text(), url: msg.location().url });
  });
  context.on('weberror', (err) => problems.push(`uncaught error: ${err.error().message}`));
  context.on('requestfailed', (req: Request) => {
    const failure = req.failure()?.errorText ?? 'failed';
    if (provoked.has(req.url()) || isTile(req.url()) || failure === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${req.method()} ${req.url()} ${failure}`);
  });
  context.on('response', (res: Response) => {
    const req = res.request();
    const status = res.status();
    if (status < 400 || provoked.has(res.url()) || isTile(res.url())) return;
    // a page of the site answering 404 (unknown address, missing listing) is its answer (issue 17)
    if (status === 404 && req.resourceType() === 'document' && res.url().startsWith(E2E.siteUrl)) {
      apiAnswers.add(res.url());
      return;
    }
    const fromApi = res.url().startsWith(E2E.apiUrl) && ['fetch', 'xhr'].includes(req.resourceType());
    if (!fromApi || !API_ANSWERS.has(status)) {
      problems.push(`request failed: ${req.method()} ${res.url()} HTTP ${status}`);
      return;
    }
    pending.push(
      res.text().then(
        (body) => {
          // Fastify's own 404 means the client called a route the API does not have: a bug
          if (/"Route [A-Z]+:\S+ not found"/.test(body)) problems.push(`request failed: ${req.method()} ${res.url()} HTTP ${status} ${body}`);
          else apiAnswers.add(res.url());
        },
        () => void apiAnswers.add(res.url()),
      ),
    );
  });

  const guard: Guard = {
    allow: (pattern, why) => allowed.push({ pattern, why }),
  };

  /** The problems nobody declared, once the test body is done. */
  async function unexpected(): Promise<string[]> {
    await Promise.all(pending);
    const all = [...problems];
    for (const { text, url } of consoleErrors) {
      const networkLog = /^Failed to load resource/.test(text);
      if (networkLog && (provoked.has(url) || isTile(url) || apiAnswers.has(url))) continue;
      // the failed request itself is already reported (or excused) above
      if (networkLog && all.some((p) => p.includes(url))) continue;
      all.push(`console error: ${text}${url ? ` (${url})` : ''}`);
    }
    return all.filter((p) => !allowed.some(({ pattern }) => (typeof pattern === 'string' ? p.includes(pattern) : pattern.test(p))));
  }

  return { guard, unexpected };
}

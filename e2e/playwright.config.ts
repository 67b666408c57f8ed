/**
 * Browser tests against the combined site, started the way `npm start` starts it (global-setup),
 * with a real SMTP receiver catching the emails. Debian's Chromium, never a downloaded browser.
 */
import { defineConfig } from '@playwright/test';
import { E2E } from './support/env';

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // npm test runs the two projects as two runs side by side, each with its own portal (scripts/test.mjs)
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? '../test-results/e2e.json' }]],
  outputDir: process.env.E2E_ARTIFACTS ?? '../test-results/e2e-artifacts',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL: E2E.siteUrl,
    locale: 'es-DO',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: E2E.chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
    },
  },
  projects: [
    // the JavaScript budgets are the phone's (issue 43): they run once, in the phone project
    { name: 'desktop', testIgnore: /js-budget\.spec\.ts/, use: { viewport: { width: 1280, height: 800 } } },
    // deploys, the standalone servers and the page text checks are not about layout: they run once, in the desktop project
    { name: 'phone', testIgnore: /(deploy|standalone|ssr-hostile-text)\.spec\.ts/, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
});

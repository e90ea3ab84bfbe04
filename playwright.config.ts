import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support/chromiumArgs';

/**
 * End-to-end tests in real Chromium against the real built app and server. Global setup seeds the
 * demo world once into a template database (an embedded PostgreSQL, or E2E_DATABASE_URL); each spec
 * file then runs against a server of its own on a copy of it (e2e/support/test.ts), so files run
 * side by side on E2E_WORKERS workers (2) without meeting each other's changes. Debian's Chromium by
 * default; CHROMIUM_PATH points elsewhere. No retries: a test that passes only on its second try
 * fails here as it would for a newcomer.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: 'list',
  use: {
    screenshot: 'only-on-failure',
    // Recording a trace costs every action a DOM snapshot (a third of the run's CPU here): E2E_TRACE=retain-on-failure records them.
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'src/**/*.spec.tsx'],
    exclude: ['e2e/**', 'node_modules/**'],
    environment: 'node',
    // Each server test file works in a schema of its own; files run side by side. Vitest would run
    // one at a time on 2 cores (cores - 1); the server files mostly wait on PostgreSQL, so 3 fit.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    testTimeout: 30_000,
    // On CI (2 busy cores) a test that fails once runs once more, as Playwright's do; the report
    // still names it, and a test that fails twice fails the run. Locally a failure is final.
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', './tests/retriedTestsReporter.ts'],
    hookTimeout: 120_000,
    globalSetup: ['tests/globalSetup.ts'],
  },
});

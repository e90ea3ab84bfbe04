import { defineConfig } from 'vitest/config';

/**
 * Projects, so that each test file starts only what it needs:
 * - unit: domain rules, plugins, the browser's data providers and the test tooling (Node, no database, no DOM);
 * - components: the React screens in jsdom (`src/**\/*.spec.tsx`), no database, the worker's window shared
 *   (custom-elements: the few that define custom elements, each in a window of its own);
 * - server: the real app on PostgreSQL (the run's embedded server, or TEST_DATABASE_URL), each file in
 *   a database copied from a demo world seeded once per run (tests/server/testApp.ts).
 * No retries: a test that passes only on its second try fails here as it would for a newcomer.
 */
const excluded = ['e2e/**', 'node_modules/**'];
const customElementSpecs = ['src/chrome/**/*.spec.tsx', 'src/app/chrome/SiteChrome.spec.tsx', 'src/app/login/LoginLinks.spec.tsx'];

export default defineConfig({
  test: {
    exclude: excluded,
    // The server files mostly wait on PostgreSQL, so 3 fit on 2 cores.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    retry: 0,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'tests/domain/**/*.test.ts',
            'tests/plugins/**/*.test.ts',
            'tests/app/**/*.test.ts',
            'tests/app/**/*.test.tsx',
            'tests/tooling/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/propertySeed.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/**/*.spec.tsx'],
          exclude: [...excluded, ...customElementSpecs],
          environment: 'jsdom',
          setupFiles: ['tests/propertySeed.ts', 'tests/componentSetup.ts'],
          isolate: false,
        },
      },
      {
        // A window's custom elements cannot be undefined again: the files that define them get a window each.
        extends: true,
        test: { name: 'custom-elements', include: customElementSpecs, environment: 'jsdom', setupFiles: ['tests/propertySeed.ts', 'tests/componentSetup.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // On another server (TEST_DATABASE_URL, CI's second pass) these would only repeat the first pass:
          // they test the embedded server itself, or touch no database.
          exclude: [...excluded, ...(process.env.TEST_DATABASE_URL ? ['tests/server/embedded.test.ts', 'tests/server/passwordHashCost.test.ts'] : [])],
          environment: 'node',
          globalSetup: ['tests/globalSetup.ts'],
          setupFiles: ['tests/propertySeed.ts', 'tests/serverSetup.ts'],
          isolate: false,
        },
      },
    ],
  },
});

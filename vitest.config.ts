import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'src/**/*.spec.tsx'],
    exclude: ['e2e/**', 'node_modules/**'],
    environment: 'node',
    // Server tests share one database per file; files run in parallel on the 2 cores.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/globalSetup.ts'],
  },
});

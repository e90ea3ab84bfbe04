import { test as base } from '@playwright/test';
import { startPortalServer, type PortalServer } from './portalServer';

/**
 * The specs' `test`: each spec file gets a portal server of its own (portalServer.ts) on a fresh
 * copy of the demo world, started on the file's first test or `beforeAll` in a worker and stopped
 * when the worker moves to another file. `baseURL` is that server's. A file sets its server's
 * settings with `test.use({ portalEnv: {...} })`.
 */

export interface Portals {
  /** The server of the spec file `testInfo.file` names (started if this worker runs it for the first time). */
  of(testInfo: { file: string }): Promise<PortalServer>;
}

export const test = base.extend<{ portal: PortalServer }, { portalEnv: Readonly<Record<string, string>>; portals: Portals }>({
  portalEnv: [{}, { scope: 'worker', option: true }],
  portals: [
    async ({ portalEnv }, use) => {
      let current: { file: string; server: Promise<PortalServer> } | undefined;
      await use({
        async of({ file }) {
          if (current?.file !== file) {
            const previous = current;
            current = {
              file,
              server: (async () => {
                await (await previous?.server.catch(() => undefined))?.stop();
                return startPortalServer(portalEnv);
              })(),
            };
          }
          return current.server;
        },
      });
      await (await current?.server.catch(() => undefined))?.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  portal: async ({ portals }, use, testInfo) => use(await portals.of(testInfo)),
  // What the page wrote to its console as errors, and what it threw, go with a failed test's report: a failure a
  // loaded machine shows once is diagnosed from the report, not by running it again.
  page: async ({ page }, use, testInfo) => {
    const written: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') written.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => written.push(`uncaught: ${error.stack ?? error.message}`));
    page.on('requestfailed', (request) => written.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && written.length > 0)
      await testInfo.attach('browser console', { body: written.join('\n'), contentType: 'text/plain' });
  },
  baseURL: async ({ portal }, use) => use(portal.baseUrl),
});

export { expect } from '@playwright/test';
export type { PortalServer } from './portalServer';

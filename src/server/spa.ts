import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { APP_ID } from '../domain/access';
import type { Config } from './config';

/** What the browser is told at start: where each host lives, so they can split across origins without a rebuild. */
export function runtimeConfig(config: Readonly<Config>) {
  return {
    appId: APP_ID,
    authBase: config.authBase,
    apiBase: config.apiBase,
    classicApiBase: config.classicApiBase,
    styleVersion: config.styleVersion,
    classicSiteUrl: config.classicSiteUrl,
    classicAppId: config.classicAppId,
    regionLookupUrl: config.regionLookupUrl,
    chinaConsentCountries: config.chinaConsentCountries,
    headerAppUrl: config.headerAppUrl,
    footerAppUrl: config.footerAppUrl,
    contacts: config.contacts,
    links: config.links,
    productName: 'Cargo Shipment Portal',
    cargoProductName: 'Cargo Shipment Portal (Cargo)',
    mfaResendSeconds: config.mfaResendSeconds,
    mfaDialogTimeoutSeconds: config.mfaDialogTimeoutSeconds,
    blockedIeVersion: config.blockedIeVersion,
  };
}

/** The built SPA at /ez4/ with history fallback: any /ez4/ path that is not a file gets index.html. */
export async function spaRoutes(app: FastifyInstance, { config }: { config: Readonly<Config> }): Promise<void> {
  // The browser app's pages, files and start-up configuration are no API: every route here is left out of the OpenAPI document.
  const page = { schema: { hide: true } };
  app.get('/ez4/config.json', page, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfig(config);
  });
  app.get('/', page, async (_request, reply) => reply.redirect('/ez4/en/login'));
  app.get('/ez4', page, async (_request, reply) => reply.redirect('/ez4/en/login'));

  const indexFile = path.join(config.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: config.distDir }, 'the SPA is not built (run npm run build): /ez4/ pages answer 503');
    app.get('/ez4/*', page, async (_request, reply) => reply.code(503).type('text/plain').send('The portal pages are not built. Run `npm run build`.'));
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: config.distDir,
    prefix: '/ez4/',
    wildcard: false,
    index: false,
    // The .br and .gz copies the build wrote (vite.chrome.ts precompressed), by Accept-Encoding, with Vary.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Hashed assets never change; everything else is revalidated.
      reply.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/ez4/*', page, async (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml));
}

import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_ID } from '../domain/access';
import { projectFile } from './projectFiles';

/** Swagger UI's page; the document itself is at API_DOCUMENT_PATH (and written to docs/openapi.json by `npm run openapi`). */
export const API_DOCS_PATH = '/api/docs';
export const API_DOCUMENT_PATH = `${API_DOCS_PATH}/openapi.json`;

const CLASSIC_PREFIX = '/classicapi';
const { version } = JSON.parse(readFileSync(projectFile('package.json'), 'utf8')) as { version: string };

/** What a non-GET /classicapi call really sends: the route's body inside the envelope its hook unwraps (classic/envelope.ts). */
function envelopeAround(request: unknown): Record<string, unknown> {
  return {
    type: 'object',
    required: ['request', 'app_id', 'token', 'ts'],
    properties: {
      request: request ?? {},
      app_id: { const: APP_ID },
      token: { type: 'string', format: 'uuid', description: 'a UUID v4, used once (a replay is refused)' },
      ts: { type: 'integer', description: 'unix seconds, within the envelope window of the server clock' },
    },
  };
}

/** The hosts every route of which demands the bearer token (a file address also takes a `ticket` instead). */
const SIGNED_IN_PREFIXES = ['/classicapi/', '/userapi/', '/awbapi/', '/logapi/', '/mobileapi/', '/onerecord/'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a route reads that Fastify does not validate (a multipart upload, a raw cargo message),
     * described for the OpenAPI document only: the handler checks it, and a validation schema would
     * refuse what it accepts today.
     */
    documentOnly?: { consumes: string[]; body: Record<string, unknown> };
  }
}

interface DescribedRoute {
  schema?: FastifySchema;
  url: string;
  route: { method: string | string[]; config?: { documentOnly?: { consumes: string[]; body: Record<string, unknown> } } };
}

/** The document as a client sees the wire: classic calls wrapped in their envelope, signed-in hosts behind the bearer token their hooks demand. */
function asOnTheWire({ schema, url, route }: DescribedRoute): { schema: FastifySchema; url: string } {
  const described: Record<string, unknown> = { ...schema, ...route.config?.documentOnly };
  // Grouped by host in Swagger UI: auth, userapi, awbapi, classicapi...
  if (described.tags === undefined) described.tags = [url.split('/')[1]];
  if (described.security === undefined && SIGNED_IN_PREFIXES.some((prefix) => url.startsWith(prefix))) described.security = [{ bearer: [] }];
  const sendsEnvelope = url.startsWith(`${CLASSIC_PREFIX}/`) && [route.method].flat().some((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method));
  if (sendsEnvelope) described.body = envelopeAround(described.body);
  return { url, schema: described as FastifySchema };
}

/**
 * Builds the OpenAPI 3.1 document from the JSON Schemas the routes declare (@fastify/swagger's onRoute
 * hook): register it before any route. Routes that are no API (static files, the SPA, probes) say
 * `schema: { hide: true }` where they are declared.
 */
export async function registerApiDocument(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cargo Shipment Portal API',
        version,
        description:
          'Generated from the route schemas of the server (npm run openapi writes docs/openapi.json). The authentication host is /auth; ' +
          'the API host serves /userapi, /awbapi, /logapi, /mobileapi and /api; the classic envelope API is /classicapi, where every ' +
          'non-GET body is the envelope {request, app_id, token, ts}. Signed-in calls send the access token of POST /auth/token as a bearer token. ' +
          'A request the schemas refuse is answered 400 with status -50001 (VALIDATION_FAIL) and "Invalid request: …". Where a schema says ' +
          'additionalProperties: false, the properties it does not name are dropped before the route reads the request, not refused.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: asOnTheWire as never,
  });
}

/** Swagger UI (its own script and style files, no inline script: the app's CSP holds) and the document as JSON. */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  // Swagger UI's own routes (/, /json, /yaml, /static/*) hide themselves from the document.
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, uiConfig: { deepLinking: true, docExpansion: 'none' }, validatorUrl: false });
  app.get(API_DOCUMENT_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.swagger();
  });
}

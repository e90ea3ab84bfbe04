import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { randomUUID } from 'node:crypto';
import { StatusCode } from '../domain/statusCodes';
import type { AppContext } from './context';
import { installAnswerCheck } from './http/answerCheck';
import { installErrorHandler } from './http/errors';
import { installJsonBodyParser } from './http/jsonBody';
import { installSecurityHeaders } from './http/securityHeaders';
import { authRoutes } from './auth/routes';
import { apiRoutePlugins, classicRoutePlugins } from './routes';
import { classicApiRoutes, type ClassicRoutes } from './classic/routes';
import { spaRoutes } from './spa';
import { browserCheckRoute } from './browserCheck';
import { signInPageOrigins } from './http/chromeOrigins';
import { answerAfterOwnChanges } from './changes/ownChanges';
import { apiDocsRoutes, registerApiDocument } from './apiDocs';
import { registerProbes } from './ops/probes';
import { createAppMetrics, registerMetrics, type AppMetrics } from './ops/metrics';

export interface BuildOptions {
  /** A pino logger to share (main.ts); without it the app makes its own from LOG_LEVEL. */
  loggerInstance?: FastifyBaseLogger;
  logger?: FastifyServerOptions['logger'];
  /** Extra routes under the classic envelope API (rule lists and user management add theirs here). */
  classicRoutes?: readonly ClassicRoutes[];
  /** Told of every route as it is added (tests take the route inventory from it); nothing in production sets it. */
  onRoute?: (route: RouteOptions) => void;
  /** Fail an answer that its response schema changed (http/answerCheck.ts); the server tests turn it on. */
  checkAnswers?: boolean;
  /** The schema compilers (Fastify's by default); the server tests share what they compile between their apps. */
  schemaController?: FastifyServerOptions['schemaController'];
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A `ticket` query parameter's value (event stream and file tickets), wherever it stands in the query. */
const TICKET_PARAMETER = /([?&]ticket=)[^&#]*/gi;

/** A URL as the log may show it: without the value of a ticket, which opens a stream or a file to whoever holds it. */
export function loggableUrl(url: string): string {
  return url.replace(TICKET_PARAMETER, '$1[redacted]');
}

/**
 * How a request is logged (Fastify's own fields), its URL without ticket values: for the app's own
 * logger and for a shared one (main.ts), whose serializers Fastify takes over its own.
 */
export const logSerializers = {
  req(request: { method: string; url: string; host?: string; ip?: string; headers?: Record<string, unknown>; socket?: { remotePort?: number } }) {
    return {
      method: request.method,
      url: loggableUrl(request.url),
      version: typeof request.headers?.['accept-version'] === 'string' ? request.headers['accept-version'] : undefined,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  // The "request completed" line names who made a signed-in call; serialized only when the line is written
  // (a child logger per request, made at sign-in, cost 8 % of the permission route's time).
  res(reply: { statusCode: number; request?: { account?: { companyId: string; userId: string } } }) {
    const account = reply.request?.account;
    return account ? { statusCode: reply.statusCode, companyId: account.companyId, userId: account.userId } : { statusCode: reply.statusCode };
  },
};

/** Strict-Transport-Security for answers that went out over TLS: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Logger options with the app's request serializer (unless they bring their own); `false` stays off. */
function withLogSerializers(logger: NonNullable<FastifyServerOptions['logger']>): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object') return logger;
  return { ...logger, serializers: { ...logSerializers, ...logger.serializers } };
}

/** Builds the whole server without listening: tests inject requests, main.ts listens. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: withLogSerializers(options.logger ?? { level: ctx.config.logLevel }) }),
    bodyLimit: 1_048_576,
    // X-Forwarded-For is believed only from the configured proxies (TRUSTED_PROXIES), so request.ip cannot be forged.
    trustProxy: ctx.config.trustedProxies.length > 0 ? [...ctx.config.trustedProxies] : false,
    requestIdHeader: false,
    // A request id per request, taken from X-Request-Id when it is well-formed, and echoed back.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    ...(options.schemaController ? { schemaController: options.schemaController } : {}),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (options.checkAnswers) installAnswerCheck(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  installErrorHandler(app);
  installJsonBodyParser(app);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...signInPageOrigins(ctx.config).script],
        // MUI (emotion) writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          ...[ctx.config.authBase, ctx.config.apiBase, ctx.config.classicApiBase].filter((base) => /^https?:\/\//.test(base)),
          ...signInPageOrigins(ctx.config).connect,
        ],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...signInPageOrigins(ctx.config).form],
        upgradeInsecureRequests: null,
      },
    },
    // The same refusal for browsers that know X-Frame-Options only (frame-ancestors 'none' above).
    frameguard: { action: 'deny' },
    // Helmet would send HSTS on every answer; this server speaks plain HTTP behind a TLS proxy, so the hook below decides.
    hsts: false,
  });
  // HSTS when the request came over TLS as Fastify sees it: the socket itself, or X-Forwarded-Proto from a
  // trusted proxy (TRUSTED_PROXIES); never over plain http, where a browser ignores it and a forged header must not set it.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });

  answerAfterOwnChanges(app, ctx);
  // Answers over 1 KB compressed for clients that accept it (brotli, else gzip); the built assets are
  // compressed at build time instead (spa.ts), and what is compressed already (PDFs) is left alone.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // Before every route: the OpenAPI document is built from the routes' schemas as they are added.
  await registerApiDocument(app);

  // The probes of load balancers and supervisors (/healthz, /readyz) and the metrics, no API: left out of the document.
  registerProbes(app, ctx);
  // Each app its own registry (tests build several apps on one context).
  ctx.metrics = createAppMetrics();
  registerMetrics(app, ctx as AppContext & { metrics: AppMetrics });

  await app.register(
    async (auth) => {
      // A coarse per-address cap on the auth host, on top of the per-account sign-in failure throttle.
      await auth.register(rateLimit, { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' });
      await auth.register(authRoutes, { ctx });
    },
    { prefix: '/auth' },
  );
  for (const { prefix, plugin } of apiRoutePlugins) await app.register(plugin, { prefix, ctx });
  await app.register(classicApiRoutes, { prefix: '/classicapi', ctx, routes: [...classicRoutePlugins, ...(options.classicRoutes ?? [])] });
  await app.register(browserCheckRoute, { blockedIeVersion: ctx.config.blockedIeVersion });
  await app.register(spaRoutes, { config: ctx.config });
  await app.register(apiDocsRoutes);

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ status: StatusCode.FAILURE, message: `No such route: ${request.method} ${request.url.split('?')[0]}` });
  });
  return app;
}

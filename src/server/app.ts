import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { randomUUID } from 'node:crypto';
import { StatusCode } from '../domain/statusCodes';
import type { AppContext } from './context';
import { installErrorHandler } from './http/errors';
import { authRoutes } from './auth/routes';
import { apiRoutePlugins, classicRoutePlugins } from './routes';
import { classicApiRoutes, type ClassicRoutes } from './classic/routes';
import { spaRoutes } from './spa';

export interface BuildOptions {
  /** A pino logger to share (main.ts); without it the app makes its own from LOG_LEVEL. */
  loggerInstance?: FastifyBaseLogger;
  logger?: FastifyServerOptions['logger'];
  /** Extra routes under the classic envelope API (rule lists and user management add theirs here). */
  classicRoutes?: readonly ClassicRoutes[];
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole server without listening: tests inject requests, main.ts listens. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? { level: ctx.config.logLevel } }),
    bodyLimit: 1_048_576,
    trustProxy: false,
    requestIdHeader: false,
    // A request id per request, taken from X-Request-Id when it is well-formed, and echoed back.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  installErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...[ctx.config.authBase, ctx.config.apiBase, ctx.config.classicApiBase].filter((base) => /^https?:\/\//.test(base))],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense where TLS is terminated; this server speaks plain HTTP behind it.
    hsts: false,
  });

  app.get('/healthz', async () => {
    await ctx.db.selectFrom('companies').select('company_id').limit(1).execute();
    return { status: 'ok' };
  });

  await app.register(
    async (auth) => {
      // A coarse per-address cap on the auth host, on top of the per-account sign-in failure throttle.
      await auth.register(rateLimit, { max: 300, timeWindow: '1 minute' });
      await auth.register(authRoutes, { ctx });
    },
    { prefix: '/auth' },
  );
  for (const { prefix, plugin } of apiRoutePlugins) await app.register(plugin, { prefix, ctx });
  await app.register(classicApiRoutes, { prefix: '/classicapi', ctx, routes: [...classicRoutePlugins, ...(options.classicRoutes ?? [])] });
  await app.register(spaRoutes, { config: ctx.config });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ status: StatusCode.FAILURE, message: `No such route: ${request.method} ${request.url.split('?')[0]}` });
  });
  return app;
}

import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's security headers, worked out once: helmet builds the same headers for every answer (its
 * Content-Security-Policy parses the directives again on each call, a few percent of a signed-in
 * call's CPU), so they are computed at start from its own middleware and set as they are.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Sends the headers `options` give on every answer (and X-Powered-By never). */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeaders(options);
  // A callback hook, not an async one: every answer runs it, and a promise each time costs more than the work.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

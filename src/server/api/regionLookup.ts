import { compile } from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { regionOfRequest } from '../region/regionOfRequest';

/**
 * GET /api/region: the region lookup of spec 3 ({countryCode, iPv4Address}) for the visitor's
 * address. Public: the login page needs it before sign-in (cookie consent) and after (China consent).
 */
export async function regionLookupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  // The same trust as request.ip: the country header is believed only from a configured proxy.
  const fromTrustedProxy = ctx.config.trustedProxies.length > 0 ? compile([...ctx.config.trustedProxies]) : () => false;
  app.get(
    '/region',
    {
      schema: {
        response: {
          200: { type: 'object', required: ['countryCode', 'iPv4Address'], properties: { countryCode: { type: 'string' }, iPv4Address: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return regionOfRequest(request.ip, request.headers, ctx.config, fromTrustedProxy(request.socket.remoteAddress ?? '', 0));
    },
  );
}

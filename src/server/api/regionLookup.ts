import { compile } from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../context';
import { regionOfRequest, type RegionLookupResponse } from '../region/regionOfRequest';
import type { Holds, Same } from '../http/answerSchemas';

/** The region lookup answer (RegionLookupResponse): '-' as the country when nothing tells. */
const RegionAnswer = Type.Object({ countryCode: Type.String(), iPv4Address: Type.String({ description: 'IPv4, or IPv6 as it is' }) });

/** The schema is regionOfRequest's RegionLookupResponse, field for field (checked by the compiler). */
export type RegionAnswerIsRegionLookupResponse = Holds<Same<Static<typeof RegionAnswer>, RegionLookupResponse>>;

/**
 * GET /api/region: the region lookup of spec 3 ({countryCode, iPv4Address}) for the visitor's
 * address. Public: the login page needs it before sign-in (cookie consent) and after (China consent).
 */
export async function regionLookupRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  // The same trust as request.ip: the country header is believed only from a configured proxy.
  const fromTrustedProxy = ctx.config.trustedProxies.length > 0 ? compile([...ctx.config.trustedProxies]) : () => false;
  app.get('/region', { schema: { response: { 200: RegionAnswer } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return regionOfRequest(request.ip, request.headers, ctx.config, fromTrustedProxy(request.socket.remoteAddress ?? '', 0));
  });
}

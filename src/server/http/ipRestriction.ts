import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAddressAllowed } from '../../domain/ipRange';
import { Messages, StatusCode } from '../../domain/statusCodes';
import { accountOf } from './authenticate';

/**
 * IP restriction (spec 6): a company with address ranges may be reached only from inside them.
 * `request.ip` is the socket's address, or X-Forwarded-For's when the socket is a configured
 * trusted proxy (TRUSTED_PROXIES, see app.ts), so a client cannot choose its own address.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route stays reachable from outside the company's ranges. Only the ranges' own management
     * (function 83) carries it, so an admin whose address left the ranges can still put it back in.
     */
    reachableOutsideIpRanges?: boolean;
    /** The route is about shipments: its refusal uses the spec's shipment wording (set by `aboutShipments`). */
    aboutShipments?: boolean;
  }
}

/**
 * Marks every route the plugin `app` registers from now on as being about shipments (the shipment
 * calls, the logging and the log of what users do with them).
 */
export function aboutShipments(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, aboutShipments: true };
  });
}

/**
 * A hook (after `authenticate`) for the shipment calls, /userapi and the classic API: from
 * outside the company's ranges the call answers HTTP 403 with IP_RESTRICTION (-100002): on the
 * routes marked `aboutShipments` with the spec's 'Shipment cannot be access due to IP Restriction',
 * elsewhere with a message that does not speak of a shipment. Routes configured `reachableOutsideIpRanges`
 * are let through.
 */
export async function ipRestriction(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.routeOptions.config?.reachableOutsideIpRanges === true) return;
  // The ranges come with the account `authenticate` read: no query of its own.
  if (!isAddressAllowed(request.ip, accountOf(request).ipRanges)) {
    // The spec's message where it speaks of a shipment; the same code with a fitting message elsewhere.
    const message = request.routeOptions.config?.aboutShipments === true ? Messages.ipRestriction : Messages.ipRestrictionElsewhere;
    return reply.code(403).send({ status: StatusCode.IP_RESTRICTION, message });
  }
}

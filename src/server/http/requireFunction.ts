import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccessMessages } from '../../domain/accessMessages';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf } from './authenticate';

/**
 * The function-permission guard: a preHandler that lets a call through only when the signed-in
 * user's role holds the function in the database (role_functions), through the access cache, which a
 * change of role or of the role's functions clears at once. Refusal: HTTP 403 with USER_ACL_EXCEPTION
 * (-10000), which the browser shows as the 403 page. Place it after `authenticate`.
 */

export function refuseAccess(reply: FastifyReply, message: string = AccessMessages.functionDenied): FastifyReply {
  return reply.code(403).send({ status: StatusCode.USER_ACL_EXCEPTION, message });
}

/** For routes of one function: `{ preHandler: requireFunction(ctx, FunctionId.USER_MANAGEMENT) }`. */
export function requireFunction(ctx: AppContext, functionId: number) {
  return async function requireFunctionHeld(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!(await ctx.access.roleHoldsFunction(accountOf(request).roleId, functionId))) return refuseAccess(reply);
  };
}

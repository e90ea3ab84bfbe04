import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccessMessages } from '../../domain/accessMessages';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { accountOf } from './authenticate';

/**
 * The function-permission guard: a preHandler that lets a call through only when the signed-in
 * user's role holds the function in the database (role_functions), read on every call so a change
 * of role or of the role's functions applies at once. Refusal: HTTP 403 with USER_ACL_EXCEPTION
 * (-10000), which the browser shows as the 403 page. Place it after `authenticate`.
 */

export async function roleHoldsFunction(db: Db, roleId: string, functionId: number): Promise<boolean> {
  return roleHoldsAnyFunction(db, roleId, [functionId]);
}

/** Whether the role holds at least one of the functions. */
export async function roleHoldsAnyFunction(db: Db, roleId: string, functionIds: readonly number[]): Promise<boolean> {
  if (functionIds.length === 0) return false;
  const row = await db.selectFrom('role_functions').select('function_id').where('role_id', '=', roleId).where('function_id', 'in', functionIds).limit(1).executeTakeFirst();
  return row !== undefined;
}

export function refuseAccess(reply: FastifyReply, message: string = AccessMessages.functionDenied): FastifyReply {
  return reply.code(403).send({ status: StatusCode.USER_ACL_EXCEPTION, message });
}

/** For routes of one function: `{ preHandler: requireFunction(ctx, FunctionId.USER_MANAGEMENT) }`. */
export function requireFunction(ctx: AppContext, functionId: number) {
  return async function requireFunctionHeld(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!(await roleHoldsFunction(ctx.db, accountOf(request).roleId, functionId))) return refuseAccess(reply);
  };
}

import type { FastifyRequest } from 'fastify';
import { accountOf } from './authenticate';

/**
 * Company scoping: a company id a caller names (a user's record id carries it) must be the caller's
 * own; the routes answer USER_ACL_EXCEPTION (-10000) otherwise, whether or not anything exists there.
 * Use after `authenticate`.
 */
export function isOwnCompany(request: FastifyRequest, companyId: string): boolean {
  return companyId.trim().toUpperCase() === accountOf(request).companyId;
}

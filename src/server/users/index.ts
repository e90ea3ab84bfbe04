import { oneRecordClientRoutes } from '../oneRecord/clientRoutes';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { userAuditRoutes } from './auditRoutes';
import { ipRangeRoutes } from './ipRangeRoutes';
import { userRoutes } from './userRoutes';

/** User management under the classic envelope API: users and roles, company address ranges, the audit. */
export async function userManagementRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  await app.register(userRoutes, { ctx });
  await app.register(ipRangeRoutes, { ctx });
  await app.register(oneRecordClientRoutes, { ctx });
  await app.register(userAuditRoutes, { ctx });
}

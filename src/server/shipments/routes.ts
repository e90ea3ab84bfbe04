import type { FastifyInstance } from 'fastify';
import { FunctionId } from '../../domain/access';
import type { AppContext } from '../context';
import { authenticate } from '../http/authenticate';
import { aboutShipments, ipRestriction } from '../http/ipRestriction';
import { requireFunction } from '../http/requireFunction';
import { decisionRoutes } from './decisionRoutes';
import { detailRoutes } from './detailRoutes';
import { documentRoutes } from './documentRoutes';
import { lendingRoutes } from './lendingRoutes';
import { authenticateFileRequest, fileRoutes } from './fileRoutes';
import { summaryRoutes } from './summaryRoutes';
import { shipmentChangeRoutes } from '../oneRecord/shipmentChangeRoutes';

/**
 * /awbapi (spec 7): every call signed in, from an address the company allows, by a role holding the
 * shipment function (81); each query then scoped to the company (scope.ts).
 */
export async function awbApiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  await app.register(async (api) => {
    aboutShipments(api);
    api.addHook('preHandler', authenticate(ctx));
    api.addHook('preHandler', ipRestriction);
    api.addHook('preHandler', requireFunction(ctx, FunctionId.SHIPMENT));
    await api.register(summaryRoutes, { ctx });
    await api.register(detailRoutes, { ctx });
    await api.register(decisionRoutes, { ctx });
    await api.register(lendingRoutes, { ctx });
    await api.register(documentRoutes, { ctx });
    await api.register(shipmentChangeRoutes, { ctx });
  });
  // File links opened by the browser carry a ticket instead of the bearer token.
  await app.register(async (files) => {
    aboutShipments(files);
    files.addHook('preHandler', authenticateFileRequest(ctx));
    files.addHook('preHandler', ipRestriction);
    files.addHook('preHandler', requireFunction(ctx, FunctionId.SHIPMENT));
    await files.register(fileRoutes, { ctx });
  });
}

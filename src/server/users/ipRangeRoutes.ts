import type { FastifyInstance } from 'fastify';
import { FunctionId } from '../../domain/access';
import { isAddressAllowed, normaliseAddress } from '../../domain/ipRange';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf } from '../http/authenticate';
import { requireFunction } from '../http/requireFunction';
import { addCompanyRange, deleteCompanyRange, listCompanyRanges } from './ipRanges';
import { listQuerystringSchema, parseListQuery, sendPage, type ListQueryText } from './listQuery';
import { actorOf } from './userAudit';
import { sendOutcome } from './userRoutes';
import { ipRangeBodySchema, ipRangeParamsSchema } from './userSchemas';

/**
 * The `ipranges` resource: the signed-in admin's company address ranges (IP restriction), and the
 * caller's own address as the server sees it, so the page can say whether it is inside.
 * Unlike every other call it is reachable from outside the ranges (to admins only, function 83):
 * an admin whose address moved out of the ranges can add the new one instead of being shut out.
 * A change is still refused when the admin's own address would end up outside (ipRanges.ts).
 */
const config = { reachableOutsideIpRanges: true } as const;

export async function ipRangeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const { db } = ctx;
  app.addHook('preHandler', requireFunction(ctx, FunctionId.USER_MANAGEMENT));

  app.get<{ Querystring: ListQueryText }>('/ipranges', { config, schema: { querystring: listQuerystringSchema } }, async (request, reply) => {
    const query = parseListQuery(request.query, ['id', 'cidr', 'created_at'] as const, 'created_at');
    const ranges = await listCompanyRanges(db, accountOf(request).companyId); // in creation order
    if (query.sortField === 'cidr') ranges.sort((a, b) => a.cidr.localeCompare(b.cidr, 'en', { numeric: true }));
    if (query.descending) ranges.reverse();
    return sendPage(reply, 'ipranges', ranges.slice(query.offset, query.offset + query.limit), query.offset, ranges.length);
  });

  app.get('/ipranges/current-address', { config }, async (request) => {
    const ranges = (await listCompanyRanges(db, accountOf(request).companyId)).map((range) => range.cidr);
    return {
      status: StatusCode.SUCCESS,
      // An id, so react-admin can read it as a record (getOne) and refresh it with the list.
      data: {
        id: 'current-address',
        address: normaliseAddress(request.ip) ?? request.ip,
        restricted: ranges.length > 0,
        allowed: isAddressAllowed(request.ip, ranges),
      },
    };
  });

  app.post<{ Body: { cidr: string; description?: string } }>('/ipranges', { config, schema: { body: ipRangeBodySchema } }, async (request, reply) =>
    sendOutcome(reply, await addCompanyRange(db, actorOf(request), request.body)),
  );

  app.delete<{ Params: { id: string } }>('/ipranges/:id', { config, schema: { params: ipRangeParamsSchema } }, async (request, reply) =>
    sendOutcome(reply, await deleteCompanyRange(db, actorOf(request), request.params.id)),
  );
}

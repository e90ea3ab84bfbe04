import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FunctionId } from '../../domain/access';
import { isAddressAllowed, normaliseAddress } from '../../domain/ipRange';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf } from '../http/authenticate';
import { requireFunction } from '../http/requireFunction';
import { addCompanyRange, deleteCompanyRange, listCompanyRanges } from './ipRanges';
import { Answer, PageAnswer, Refusal } from '../http/answerSchemas';
import { listQuerystringSchema, parseListQuery, sendPage } from './listQuery';
import { actorOf } from './userAudit';
import { sendOutcome } from './outcomes';
import { CurrentAddressSchema, IpRangeBody, IpRangeParams, IpRangeRecordSchema } from './userSchemas';

/**
 * The `ipranges` resource: the signed-in admin's company address ranges (IP restriction), and the
 * caller's own address as the server sees it, so the page can say whether it is inside.
 * Unlike every other call it is reachable from outside the ranges (to admins only, function 83):
 * an admin whose address moved out of the ranges can add the new one instead of being shut out.
 * A change is still refused when the admin's own address would end up outside (ipRanges.ts).
 */
const config = { reachableOutsideIpRanges: true } as const;

/** A range as added or deleted, or the refusal: 400 (with the field at fault), 403, 404 not found. */
const rangeAnswers = { 200: Answer(IpRangeRecordSchema), '4xx': Refusal } as const;

export async function ipRangeRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;
  app.addHook('preHandler', requireFunction(ctx, FunctionId.USER_MANAGEMENT));

  const pageSchema = { querystring: listQuerystringSchema, response: { 200: PageAnswer(IpRangeRecordSchema), '4xx': Refusal } };
  app.get('/ipranges', { config, schema: pageSchema }, async (request, reply) => {
    const query = parseListQuery(request.query, ['id', 'cidr', 'created_at'] as const, 'created_at');
    const ranges = await listCompanyRanges(db, accountOf(request).companyId); // in creation order
    if (query.sortField === 'cidr') ranges.sort((a, b) => a.cidr.localeCompare(b.cidr, 'en', { numeric: true }));
    if (query.descending) ranges.reverse();
    return sendPage(reply, 'ipranges', ranges.slice(query.offset, query.offset + query.limit), query.offset, ranges.length);
  });

  app.get('/ipranges/current-address', { config, schema: { response: { 200: Answer(CurrentAddressSchema), '4xx': Refusal } } }, async (request) => {
    const ranges = (await listCompanyRanges(db, accountOf(request).companyId)).map((range) => range.cidr);
    return {
      status: StatusCode.SUCCESS,
      // An id, so react-admin can read it as a record (getOne) and refresh it with the list.
      data: {
        id: 'current-address' as const,
        address: normaliseAddress(request.ip) ?? request.ip,
        restricted: ranges.length > 0,
        allowed: isAddressAllowed(request.ip, ranges),
      },
    };
  });

  app.post('/ipranges', { config, schema: { body: IpRangeBody, response: rangeAnswers } }, async (request, reply) =>
    sendOutcome(reply, await addCompanyRange(db, actorOf(request), request.body)),
  );

  app.delete('/ipranges/:id', { config, schema: { params: IpRangeParams, response: rangeAnswers } }, async (request, reply) =>
    sendOutcome(reply, await deleteCompanyRange(db, actorOf(request), request.params.id)),
  );
}

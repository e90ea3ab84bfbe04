import { sendOutcome } from './outcomes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FunctionId } from '../../domain/access';
import { AccessMessages } from '../../domain/accessMessages';
import { StatusCode } from '../../domain/statusCodes';
import { parseUserRecordId } from '../../domain/userProfile';
import type { AppContext } from '../context';
import { accountOf } from '../http/authenticate';
import { isOwnCompany } from '../http/companyScope';
import { refuseAccess, requireFunction } from '../http/requireFunction';
import { PageAnswer, Refusal } from '../http/answerSchemas';
import { listQuerystringSchema, parseListQuery, sendPage, textFilter } from './listQuery';
import { createUser, deleteUser, changeUser, editUser, type UserOutcome } from './userChanges';
import { actorOf } from './userAudit';
import { findCompanyUser, listCompanyUsers, listRoles, USER_SORT_FIELDS } from './userRepository';
import { CreateUserBody, EditUserBody, LockBody, MfaBody, RoleRecordSchema, UserIdParams, userAnswers, userPageAnswers } from './userSchemas';

/**
 * The `users` and `roles` resources of the classic envelope API (user management, function 83):
 * ra-data-simple-rest conventions, `{status, data, total}` answers, every call scoped to the
 * signed-in admin's company. A record id is "COMPANY|user"; another company's id answers
 * USER_ACL_EXCEPTION (-10000) whether or not the user exists.
 */

/** The user id of a path id of the signed-in user's company; otherwise the answer has been sent. */
function ownCompanyUserId(request: FastifyRequest, id: string, reply: FastifyReply): string | undefined {
  const parsed = parseUserRecordId(id);
  if (!parsed) {
    reply.code(400).send({
      status: StatusCode.VALIDATION_FAIL,
      message: 'The user in the path must be "COMPANY|user", with ids of letters, digits, dot, dash and underscore.',
    });
    return undefined;
  }
  if (!isOwnCompany(request, parsed.companyId)) {
    refuseAccess(reply, AccessMessages.otherCompany);
    return undefined;
  }
  return parsed.userId;
}

export async function userRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;
  app.addHook('preHandler', requireFunction(ctx, FunctionId.USER_MANAGEMENT));

  app.get('/roles', { schema: { response: { 200: PageAnswer(RoleRecordSchema), '4xx': Refusal } } }, async (_request, reply) => {
    const roles = await listRoles(db);
    return sendPage(reply, 'roles', roles, 0, roles.length);
  });

  app.get('/users', { schema: { querystring: listQuerystringSchema, response: userPageAnswers } }, async (request, reply) => {
    const query = parseListQuery(request.query, USER_SORT_FIELDS, 'user_id');
    const { rows, total } = await listCompanyUsers(db, accountOf(request).companyId, {
      search: textFilter(query.filter, 'q'),
      roleId: textFilter(query.filter, 'role_id'),
      sortField: query.sortField,
      descending: query.descending,
      offset: query.offset,
      limit: query.limit,
    });
    return sendPage(reply, 'users', rows, query.offset, total);
  });

  app.get('/users/:id', { schema: { params: UserIdParams, response: userAnswers } }, async (request, reply) => {
    const userId = ownCompanyUserId(request, request.params.id, reply);
    if (userId === undefined) return reply;
    const record = await findCompanyUser(db, accountOf(request).companyId, userId);
    if (!record) return reply.code(404).send({ status: StatusCode.USER_PROFILE_NOT_FOUND, message: AccessMessages.userNotFound });
    return reply.send({ status: StatusCode.SUCCESS, data: record });
  });

  app.post('/users', { schema: { body: CreateUserBody, response: userAnswers } }, async (request, reply) => {
    const { company_id: companyId, ...input } = request.body;
    // A new user joins the admin's own company; naming another one is reaching outside it.
    if (companyId !== undefined && !isOwnCompany(request, companyId)) return refuseAccess(reply, AccessMessages.otherCompany);
    return sendOutcome(reply, await createUser(db, actorOf(request), input));
  });

  app.put('/users/:id', { schema: { params: UserIdParams, body: EditUserBody, response: userAnswers } }, async (request, reply) => {
    const userId = ownCompanyUserId(request, request.params.id, reply);
    if (userId === undefined) return reply;
    return sendOutcome(reply, await editUser(db, actorOf(request), userId, request.body));
  });

  app.delete('/users/:id', { schema: { params: UserIdParams, response: userAnswers } }, async (request, reply) => {
    const userId = ownCompanyUserId(request, request.params.id, reply);
    if (userId === undefined) return reply;
    return sendOutcome(reply, await deleteUser(db, actorOf(request), userId));
  });

  app.post('/users/:id/lock', { schema: { params: UserIdParams, body: LockBody, response: userAnswers } }, async (request, reply) => {
    const userId = ownCompanyUserId(request, request.params.id, reply);
    if (userId === undefined) return reply;
    const outcome: UserOutcome = await changeUser(db, actorOf(request), userId, { is_locked: request.body.locked });
    return sendOutcome(reply, outcome);
  });

  app.post('/users/:id/mfa', { schema: { params: UserIdParams, body: MfaBody, response: userAnswers } }, async (request, reply) => {
    const userId = ownCompanyUserId(request, request.params.id, reply);
    if (userId === undefined) return reply;
    return sendOutcome(reply, await changeUser(db, actorOf(request), userId, { mfa_required: request.body.required }));
  });
}

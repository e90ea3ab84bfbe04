import type { FastifyInstance } from 'fastify';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf, authenticate } from '../http/authenticate';
import { ipRestriction } from '../http/ipRestriction';
import { permissionFor } from './permissions';

/** /userapi: the signed-in user's profile and permissions, from inside the company's address ranges. */
export async function userApiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.addHook('preHandler', authenticate(ctx));
  app.addHook('preHandler', ipRestriction);

  // The profile, or (also HTTP 200, from authenticate) the invalid-profile status with its message.
  const profileAnswer = {
    type: 'object',
    required: ['status'],
    // Fastify serialises from this schema: fields added later are sent, not dropped.
    additionalProperties: true,
    properties: {
      status: { type: 'integer' },
      message: { type: 'string' },
      data: {
        type: 'object',
        additionalProperties: true,
        required: ['user_id', 'company_id', 'user_name', 'email', 'role_type', 'role_name', 'company_type_id', 'company_name', 'access_type', 'mfa_required'],
        properties: {
          user_id: { type: 'string' },
          company_id: { type: 'string' },
          user_name: { type: 'string' },
          email: { type: ['string', 'null'] },
          role_type: { type: 'integer' },
          role_name: { type: 'string' },
          company_type_id: { type: 'integer' },
          company_name: { type: 'string' },
          access_type: { type: 'integer' },
          mfa_required: { type: 'boolean' },
        },
      },
    },
  } as const;

  app.get('/user/getuserprofile', { schema: { response: { 200: profileAnswer } } }, async (request) => {
    const account = accountOf(request);
    return {
      status: StatusCode.SUCCESS,
      data: {
        user_id: account.userId,
        company_id: account.companyId,
        user_name: account.userName,
        email: account.email,
        role_type: account.roleType,
        role_name: account.roleName,
        company_type_id: account.companyTypeId,
        company_name: account.companyName,
        access_type: account.accessType,
        mfa_required: account.mfaRequired,
      },
    };
  });

  app.get<{ Querystring: { isClassic?: boolean } }>(
    '/permission',
    { schema: { querystring: { type: 'object', properties: { isClassic: { type: 'boolean' } } } } },
    async (request) => permissionFor(ctx.access, accountOf(request), request.query.isClassic === true),
  );

  app.get<{ Params: { id: number } }>(
    '/permission/function/:id',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 0, maximum: 2147483647 } } } } },
    async (request) => {
      const functions = await ctx.access.functionsOfRole(accountOf(request).roleId);
      const allowed = functions.includes(request.params.id);
      return { status: allowed ? StatusCode.SUCCESS : StatusCode.USER_ACL_EXCEPTION, data: { function_id: request.params.id, allowed } };
    },
  );
}

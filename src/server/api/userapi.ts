import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { Answer, NullableText, Refusal, StatusAnswer } from '../http/answerSchemas';
import { accountOf, authenticate } from '../http/authenticate';
import { ipRestriction } from '../http/ipRestriction';

import { PermissionSchema, permissionFor } from './permissions';

/** The signed-in user's profile; more fields may follow (additionalProperties). */
const ProfileSchema = Type.Object(
  {
    user_id: Type.String(),
    company_id: Type.String(),
    user_name: Type.String(),
    email: NullableText,
    role_type: Type.Integer(),
    role_name: Type.String(),
    company_type_id: Type.Integer(),
    company_name: Type.String(),
    access_type: Type.Integer(),
    mfa_required: Type.Boolean(),
  },
  { additionalProperties: true },
);

// The profile, or (also HTTP 200, from authenticate) the invalid-profile status with its message.
const ProfileAnswer = Answer(ProfileSchema);

/** The permission answer, or (HTTP 200, from authenticate) the invalid-profile status with its message. */
const PermissionAnswer = Type.Union([PermissionSchema, StatusAnswer]);

/** Whether the role holds the function: status SUCCESS, or USER_ACL_EXCEPTION when it does not. */
const FunctionAnswer = Answer(Type.Object({ function_id: Type.Integer(), allowed: Type.Boolean() }));

/** /userapi: the signed-in user's profile and permissions, from inside the company's address ranges. */
export async function userApiRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', authenticate(ctx));
  app.addHook('preHandler', ipRestriction);

  app.get('/user/getuserprofile', { schema: { response: { 200: ProfileAnswer, '4xx': Refusal } } }, async (request) => {
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

  app.get(
    '/permission',
    { schema: { querystring: Type.Object({ isClassic: Type.Optional(Type.Boolean()) }), response: { 200: PermissionAnswer, '4xx': Refusal } } },
    async (request) => permissionFor(ctx.access, accountOf(request), request.query.isClassic === true),
  );

  app.get(
    '/permission/function/:id',
    { schema: { params: Type.Object({ id: Type.Integer({ minimum: 0, maximum: 2147483647 }) }), response: { 200: FunctionAnswer, '4xx': Refusal } } },
    async (request) => {
      const functions = await ctx.access.functionsOfRole(accountOf(request).roleId);
      const allowed = functions.includes(request.params.id);
      return { status: allowed ? StatusCode.SUCCESS : StatusCode.USER_ACL_EXCEPTION, data: { function_id: request.params.id, allowed } };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { passwordProblem, PasswordProblemMessages } from '../../domain/password';
import { Messages, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { userRecordId } from '../../domain/userProfile';
import { AuditEntity, recordAudit } from '../users/userAudit';
import { Refusal, StatusAnswer } from '../http/answerSchemas';
import { accountOf, authenticate } from '../http/authenticate';
import { ipRestriction } from '../http/ipRestriction';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeFamily, revokeFamilyOf } from '../auth/refreshTokens';
import { sessionOfAccessToken } from '../auth/accessTokens';
import { storePassword } from '../auth/passwordStore';

/** Sign-out reads the refresh token if the client sends one; a body of null, or none, is fine too. */
const LogoutBody = Type.Union([Type.Object({ refresh_token: Type.Optional(Type.String({ maxLength: 200 })) }), Type.Null()]);

const ChangePasswordBody = Type.Object({ old_password: Type.String({ maxLength: 200 }), new_password: Type.String({ maxLength: 200 }) });

/** /mobileapi/authentication: sign-out and password change. */
export async function mobileApiRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;

  // Sign-out needs no valid access token (it may have expired): the refresh token names the family to revoke.
  app.post(
    '/authentication/logout',
    // The bearer token is optional here (security: none, or the token): the document says so, where /mobileapi otherwise demands it.
    { schema: { security: [{}, { bearer: [] }], body: LogoutBody, response: { 200: StatusAnswer, '4xx': Refusal } } },
    async (request) => {
      // The session of the access token (even one just expired: it still names its session), and the
      // family of the refresh token: whichever of them the client sends, its session ends (ASVS 7.4.1).
      const header = request.headers.authorization;
      const sessionId = header?.startsWith('Bearer ') ? sessionOfAccessToken(ctx.jwtSecret, header.slice(7).trim()) : undefined;
      if (sessionId) await revokeFamily(db, sessionId);
      const token = request.body?.refresh_token;
      if (token) await revokeFamilyOf(db, token);
      return { status: StatusCode.SUCCESS };
    },
  );

  app.post(
    '/authentication/changepassword',
    {
      // Like every call of a signed-in user, only from inside the company's address ranges.
      preHandler: [authenticate(ctx), ipRestriction],
      // The new password's refusals travel with HTTP 200 and a message (StatusAnswer); 4xx are the hooks' and the validation's.
      schema: { body: ChangePasswordBody, response: { 200: StatusAnswer, '4xx': Refusal } },
    },
    async (request) => {
      const account = accountOf(request);
      const { old_password, new_password } = request.body;
      // The new password's own rules first: they cost nothing, argon2's check costs a fifth of a second.
      const problem = passwordProblem(new_password);
      if (problem) return { status: StatusCode.VALIDATION_FAIL, message: PasswordProblemMessages[problem] };
      if (old_password === new_password) return { status: StatusCode.VALIDATION_FAIL, message: Messages.passwordNotNew };
      if (!(await verifyPassword(account.passwordHash, old_password))) return { status: StatusCode.FAILURE, message: Messages.incorrectPassword };
      const hash = await hashPassword(new_password);
      // The new password, the end of remembered browsers and the audit entry: all or none.
      await db.transaction().execute(async (trx) => {
        await storePassword(trx, account, hash, { signOutEverywhere: false });
        await recordAudit(
          trx,
          { companyId: account.companyId, userId: account.userId, address: request.ip },
          { entity: AuditEntity.USER, entityKey: userRecordId(account.companyId, account.userId), action: 'change-password', before: null, after: null },
        );
      });
      return { status: StatusCode.SUCCESS };
    },
  );
}

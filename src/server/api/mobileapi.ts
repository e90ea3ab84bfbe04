import type { FastifyInstance } from 'fastify';
import { passwordProblem, PasswordProblemMessages } from '../../domain/password';
import { Messages, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { userRecordId } from '../../domain/userProfile';
import { AuditEntity, recordAudit } from '../users/userAudit';
import { accountOf, authenticate } from '../http/authenticate';
import { ipRestriction } from '../http/ipRestriction';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeFamily, revokeFamilyOf } from '../auth/refreshTokens';
import { sessionOfAccessToken } from '../auth/accessTokens';
import { storePassword } from '../auth/passwordStore';

/** /mobileapi/authentication: sign-out and password change. */
export async function mobileApiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const { db } = ctx;

  // Sign-out needs no valid access token (it may have expired): the refresh token names the family to revoke.
  app.post<{ Body: { refresh_token?: string } | null }>(
    '/authentication/logout',
    // The bearer token is optional here (security: none, or the token): the document says so, where /mobileapi otherwise demands it.
    { schema: { security: [{}, { bearer: [] }], body: { type: ['object', 'null'], properties: { refresh_token: { type: 'string', maxLength: 200 } } } } },
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

  app.post<{ Body: { old_password: string; new_password: string } }>(
    '/authentication/changepassword',
    {
      // Like every call of a signed-in user, only from inside the company's address ranges.
      preHandler: [authenticate(ctx), ipRestriction],
      schema: {
        body: {
          type: 'object',
          required: ['old_password', 'new_password'],
          properties: { old_password: { type: 'string', maxLength: 200 }, new_password: { type: 'string', maxLength: 200 } },
        },
      },
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

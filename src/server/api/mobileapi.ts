import type { FastifyInstance } from 'fastify';
import { passwordProblem, PasswordProblemMessages } from '../../domain/password';
import { Messages, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf, authenticate } from '../http/authenticate';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeFamilyOf } from '../auth/refreshTokens';
import { revokeMfaSessions } from '../auth/mfa';

/** /mobileapi/authentication: sign-out and password change. */
export async function mobileApiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const { db } = ctx;

  // Sign-out needs no valid access token (it may have expired): the refresh token names the family to revoke.
  app.post<{ Body: { refresh_token?: string } | null }>(
    '/authentication/logout',
    { schema: { body: { type: ['object', 'null'], properties: { refresh_token: { type: 'string', maxLength: 200 } } } } },
    async (request) => {
      const token = request.body?.refresh_token;
      if (token) await revokeFamilyOf(db, token);
      return { status: StatusCode.SUCCESS };
    },
  );

  app.post<{ Body: { old_password: string; new_password: string } }>(
    '/authentication/changepassword',
    {
      preHandler: authenticate(ctx),
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
      if (!(await verifyPassword(account.passwordHash, old_password))) return { status: StatusCode.FAILURE, message: Messages.incorrectPassword };
      if (old_password === new_password) return { status: StatusCode.VALIDATION_FAIL, message: Messages.passwordNotNew };
      const problem = passwordProblem(new_password);
      if (problem) return { status: StatusCode.VALIDATION_FAIL, message: PasswordProblemMessages[problem] };
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(new_password), password_changed_at: new Date(), updated_at: new Date() })
        .where('company_id', '=', account.companyId)
        .where('user_id', '=', account.userId)
        .execute();
      await revokeMfaSessions(db, account);
      await db
        .insertInto('audit_log')
        .values({ company_id: account.companyId, user_id: account.userId, ip_address: request.ip, entity: 'user', entity_key: `${account.companyId}|${account.userId}`, action: 'change-password', before_value: null, after_value: null })
        .execute();
      return { status: StatusCode.SUCCESS };
    },
  );
}

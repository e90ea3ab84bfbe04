import type { FastifyInstance, FastifyReply } from 'fastify';
import { forgotPasswordProblems, RESET_TOKEN_PATTERN } from '../../domain/forgotPassword';
import { passwordProblem, PasswordProblemMessages } from '../../domain/password';
import { Messages, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { userRecordId } from '../../domain/userProfile';
import { AuditEntity, recordAudit } from '../users/userAudit';
import { findAccount } from '../auth/accounts';
import { accountKey, reserveAttempt, throttleLimits } from '../auth/loginThrottle';
import { maskEmail } from '../auth/mfa';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { claimPasswordReset, pendingPasswordReset, issuePasswordReset, retirePasswordReset } from '../auth/passwordResets';
import { storePassword } from '../auth/passwordStore';

export const RESET_LINK_INVALID = 'This password reset link is not valid any more: it was already used, has expired, or a newer link was sent. Please ask for a new one.';
export const NO_EMAIL_ON_FILE = 'No e-mail address is on file for this user, so no reset link can be sent. Please ask your company administrator to reset your password.';
export const RESET_MAIL_FAILED = 'The password reset e-mail could not be sent. Please try again in a few minutes, or ask your company administrator to reset your password.';

const accountId = { type: 'string', maxLength: 100 } as const;
const token = { type: 'string', maxLength: 100 } as const;

/**
 * Forgot password (spec 7 "Other calls", spec 8): the server mails a single-use, expiring link
 * to the address on file; an unknown user gets the spec's message. Requests are throttled per
 * account and per address like sign-in (HTTP 429 with Retry-After). The reset page then sets a
 * new password under the password rules.
 */
export async function passwordResetRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const { db, config } = ctx;
  const throttle = throttleLimits(config);
  const invalid = (reply: FastifyReply, message: string) => reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message });

  app.post<{ Body: { company_id: string; user_id: string } }>(
    '/authentication/forgotpassword',
    { schema: { body: { type: 'object', required: ['company_id', 'user_id'], properties: { company_id: accountId, user_id: accountId } } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const companyId = request.body.company_id.trim();
      const userId = request.body.user_id.trim();
      const problems = forgotPasswordProblems({ companyId, userId });
      const problem = problems.companyId ?? problems.userId;
      if (problem) return invalid(reply, `${problems.companyId ? 'company_id' : 'user_id'}: ${problem === 'required' ? Messages.fillField : Messages.matchFormat}`);

      // Reset requests are counted in the sign-in throttle's table under keys of their own,
      // so they are limited the same way without eating into the sign-in allowance. Every request counts.
      const key = `reset|${accountKey(companyId, userId)}`;
      const address = `reset|${request.ip}`;
      const attempt = await reserveAttempt(db, key, address, throttle);
      if (!attempt.ok) {
        const wait = attempt.retryAfterSeconds;
        reply.header('Retry-After', String(wait));
        return reply.code(429).send({ status: StatusCode.FAILURE, message: `Too many password reset requests. Please try again in ${wait} seconds.` });
      }

      const account = await findAccount(db, companyId, userId);
      if (!account || account.isLocked) return { status: StatusCode.USER_PROFILE_NOT_FOUND, message: Messages.userNotRecognised };
      if (!account.email) return { status: StatusCode.FAILURE, message: NO_EMAIL_ON_FILE };
      const resetToken = await issuePasswordReset(db, account, config.passwordResetMinutes, request.ip);
      const link = `${config.publicUrl}/ez4/en/resetPassword#token=${resetToken}`;
      const mail = await ctx.mailer.send({
        to: account.email,
        subject: 'Reset your Cargo Portal password',
        text: [
          `Hello ${account.userName},`,
          '',
          `Someone asked to reset the password of user ${account.userId} of company ${account.companyId}.`,
          `To choose a new password, open this link within ${config.passwordResetMinutes} minutes (it works once):`,
          link,
          '',
          'If you did not ask for this, ignore this mail: your password stays as it is.',
        ].join('\n'),
      });
      if (mail.outcome === 'failed') {
        // Nobody received the link: it is retired, and the user is told instead of being sent to an empty inbox.
        await retirePasswordReset(db, resetToken);
        return reply.code(503).send({ status: StatusCode.FAILURE, message: RESET_MAIL_FAILED });
      }
      return { status: StatusCode.SUCCESS, data: { email: maskEmail(account.email), expiresInMinutes: config.passwordResetMinutes } };
    },
  );

  const tokenBody = { type: 'object', required: ['token'], properties: { token } } as const;

  app.post<{ Body: { token: string } }>('/authentication/resetpassword/verify', { schema: { body: tokenBody } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const pending = RESET_TOKEN_PATTERN.test(request.body.token) ? await pendingPasswordReset(db, request.body.token) : undefined;
    if (!pending) return reply.code(400).send({ status: StatusCode.FAILURE, message: RESET_LINK_INVALID });
    return { status: StatusCode.SUCCESS, data: { company_id: pending.companyId, user_id: pending.userId, expires_at: pending.expiresAt.toISOString() } };
  });

  app.post<{ Body: { token: string; new_password: string } }>(
    '/authentication/resetpassword',
    { schema: { body: { type: 'object', required: ['token', 'new_password'], properties: { token, new_password: { type: 'string', maxLength: 200 } } } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { new_password } = request.body;
      const pending = RESET_TOKEN_PATTERN.test(request.body.token) ? await pendingPasswordReset(db, request.body.token) : undefined;
      if (!pending) return reply.code(400).send({ status: StatusCode.FAILURE, message: RESET_LINK_INVALID });
      const problem = passwordProblem(new_password);
      if (problem) return invalid(reply, PasswordProblemMessages[problem]);
      const account = await findAccount(db, pending.companyId, pending.userId);
      if (!account || account.isLocked) return reply.code(400).send({ status: StatusCode.FAILURE, message: RESET_LINK_INVALID });
      if (await verifyPassword(account.passwordHash, new_password)) return invalid(reply, Messages.passwordNotNew);
      const newHash = await hashPassword(new_password);

      const applied = await db.transaction().execute(async (trx) => {
        // Single use: only the request that marks the link used changes the password.
        if (!(await claimPasswordReset(trx, request.body.token))) return false;
        // Whoever held the old password is signed out everywhere, and every browser asks for the code again.
        await storePassword(trx, account, newHash, { signOutEverywhere: true });
        await recordAudit(trx, { companyId: account.companyId, userId: account.userId, address: request.ip }, { entity: AuditEntity.USER, entityKey: userRecordId(account.companyId, account.userId), action: 'reset-password', before: null, after: null });
        return true;
      });
      if (!applied) return reply.code(400).send({ status: StatusCode.FAILURE, message: RESET_LINK_INVALID });
      return { status: StatusCode.SUCCESS };
    },
  );
}

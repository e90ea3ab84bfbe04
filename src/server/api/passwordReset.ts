import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { forgotPasswordProblems, RESET_TOKEN_PATTERN } from '../../domain/forgotPassword';
import { passwordProblem, PasswordProblemMessages } from '../../domain/password';
import { Messages, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { userRecordId } from '../../domain/userProfile';
import { AuditEntity, recordAudit } from '../users/userAudit';
import { findAccount } from '../auth/accounts';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { claimPasswordReset, pendingPasswordReset, issuePasswordReset, retirePasswordReset } from '../auth/passwordResets';
import { storePassword } from '../auth/passwordStore';
import { Answer, Refusal, StatusAnswer } from '../http/answerSchemas';

export const RESET_LINK_INVALID =
  'This password reset link is not valid any more: it was already used, has expired, or a newer link was sent. Please ask for a new one.';
/** The one answer of every well-formed request: it tells nobody whether the account exists (ASVS 6.3), nor whether a mail went out. */
export const RESET_REQUESTED = 'If the account exists, a reset link has been sent to its e-mail address.';

/** Links being looked up and mailed after their requests were answered. */
const deliveries = new Set<Promise<void>>();
/** Resolves once every reset link asked for so far has been mailed (or found to have nowhere to go). */
export async function resetDeliveriesSettled(): Promise<void> {
  while (deliveries.size > 0) await Promise.all([...deliveries]);
}

const accountId = Type.String({ maxLength: 100 });
const token = Type.String({ maxLength: 100 });

const ForgotPasswordBody = Type.Object({ company_id: accountId, user_id: accountId });
const TokenBody = Type.Object({ token });
const ResetPasswordBody = Type.Object({ token, new_password: Type.String({ maxLength: 200 }) });

/** The one answer of every well-formed request (RESET_REQUESTED), whether the account exists or not. */
const ResetRequested = Answer(Type.Object({ expiresInMinutes: Type.Integer({ description: 'how long the mailed link works' }) }));

/** Whose password the link resets, and until when: the reset page shows it. */
const PendingReset = Answer(Type.Object({ company_id: Type.String(), user_id: Type.String(), expires_at: Type.String({ format: 'date-time' }) }));

/**
 * Forgot password (spec 7 "Other calls", spec 8): the server mails a single-use, expiring link
 * to the address on file; every well-formed request gets the same answer at once (RESET_REQUESTED).
 * An account is mailed at most PASSWORD_RESET_MAILS_PER_HOUR links an hour (passwordResets.ts);
 * further requests get the same answer and no mail, and leave the last link mailed working. No
 * request is refused for its account, so nobody can keep a user from resetting; only a flood from one
 * address meets the per-address cap the auth host has (AUTH_RATE_LIMIT_PER_MINUTE, HTTP 429). The
 * reset page then sets a new password under the password rules.
 */
export async function passwordResetRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = ctx;
  // A coarse per-address cap on these calls, as on the auth host; never per account.
  await app.register(rateLimit, { max: config.authRateLimitPerMinute, timeWindow: '1 minute' });
  const invalid = (reply: FastifyReply, message: string) => reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message });

  app.post(
    '/authentication/forgotpassword',
    // Refusals: 400 a malformed id, 429 a flood from one address (with Retry-After).
    { schema: { body: ForgotPasswordBody, response: { 200: ResetRequested, '4xx': Refusal } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const companyId = request.body.company_id.trim();
      const userId = request.body.user_id.trim();
      const problems = forgotPasswordProblems({ companyId, userId });
      const problem = problems.companyId ?? problems.userId;
      if (problem)
        return invalid(reply, `${problems.companyId ? 'company_id' : 'user_id'}: ${problem === 'required' ? Messages.fillField : Messages.matchFormat}`);

      // The answer goes before the account is even looked up: whether it exists, has an address, had
      // its mails of the hour or the mail went out changes neither the answer nor its time.
      const delivery = deliverResetLink(companyId, userId, request.ip, request.log)
        .catch((error: unknown) => request.log.error({ err: error }, 'a password reset link could not be delivered'))
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
      return { status: StatusCode.SUCCESS, message: RESET_REQUESTED, data: { expiresInMinutes: config.passwordResetMinutes } };
    },
  );

  /** Looks the account up and mails it a link; an unknown, locked or address-less account gets nothing, nor one mailed its links of the hour. */
  async function deliverResetLink(companyId: string, userId: string, address: string, log: FastifyBaseLogger): Promise<void> {
    const account = await findAccount(db, companyId, userId);
    if (!account || account.isLocked || !account.email) return;
    const resetToken = await issuePasswordReset(db, account, config.passwordResetMinutes, address, config.passwordResetMailsPerHour);
    if (resetToken === undefined) {
      log.warn(
        { companyId: account.companyId, userId: account.userId, limit: config.passwordResetMailsPerHour },
        'password reset asked for again: the account had its reset mails of the hour, none sent',
      );
      return;
    }
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
    // Nobody received the link: it is retired (the mail stays in the outbox with its error, for the admins).
    if (mail.outcome === 'failed') await retirePasswordReset(db, resetToken);
  }

  const verifySchema = { body: TokenBody, response: { 200: PendingReset, '4xx': Refusal } };
  app.post('/authentication/resetpassword/verify', { schema: verifySchema }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const pending = RESET_TOKEN_PATTERN.test(request.body.token) ? await pendingPasswordReset(db, request.body.token) : undefined;
    if (!pending) return reply.code(400).send({ status: StatusCode.FAILURE, message: RESET_LINK_INVALID });
    return { status: StatusCode.SUCCESS, data: { company_id: pending.companyId, user_id: pending.userId, expires_at: pending.expiresAt.toISOString() } };
  });

  app.post(
    '/authentication/resetpassword',
    // Refusals: 400 with RESET_LINK_INVALID, or the password rule the new password breaks.
    { schema: { body: ResetPasswordBody, response: { 200: StatusAnswer, '4xx': Refusal } } },
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
        await recordAudit(
          trx,
          { companyId: account.companyId, userId: account.userId, address: request.ip },
          { entity: AuditEntity.USER, entityKey: userRecordId(account.companyId, account.userId), action: 'reset-password', before: null, after: null },
        );
        return true;
      });
      if (!applied) return reply.code(400).send({ status: StatusCode.FAILURE, message: RESET_LINK_INVALID });
      return { status: StatusCode.SUCCESS };
    },
  );
}

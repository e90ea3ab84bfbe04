import { refusal, type Outcome } from './outcomes';
import { sql, type Kysely } from 'kysely';
import { Messages, StatusCode } from '../../domain/statusCodes';
import { AccessMessages } from '../../domain/accessMessages';
import { isSameAccount, userDraftProblems, UserProfileMessages, type UserAuditAction, type UserField, type UserRecord } from '../../domain/userProfile';
import { hashPassword } from '../auth/passwords';
import { storePassword } from '../auth/passwordStore';
import { revokeAllOfUser } from '../auth/refreshTokens';
import { revokeMfaSessions } from '../auth/mfa';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { AuditEntity, changedFields, recordAudit, type Actor } from './userAudit';
import { emailTaken, findCompanyUser, roleExists } from './userRepository';
import type { EditUserInput, NewUserInput } from './userSchemas';

/**
 * Every change to a user, with the spec's rules: the domain's field rules, duplicates (-10003,
 * -10005), not found (-10001), not oneself (-11000, and no self-lock or self-demotion), the audit
 * row in the same transaction, and the revocation of refresh tokens and MFA sessions when a user is
 * locked or gets a new password (a deleted user's rows go with the user).
 */

export type UserOutcome = Outcome<UserRecord, UserField>;

function validationFailure(problems: Partial<Record<UserField, string>>): UserOutcome | undefined {
  const fields = Object.keys(problems) as UserField[];
  if (fields.length === 0) return undefined;
  return { ok: false, httpStatus: 400, status: StatusCode.VALIDATION_FAIL, message: `${fields[0]}: ${problems[fields[0]]}`, errors: problems };
}

const notFound = () => refusal(404, StatusCode.USER_PROFILE_NOT_FOUND, AccessMessages.userNotFound);
const duplicateUser = () => refusal(400, StatusCode.USER_PROFILE_DUPLICATE, Messages.userDuplicate, 'user_id');
const duplicateEmail = () => refusal(400, StatusCode.USER_PROFILE_EMAIL_DUPLICATE, Messages.userEmailDuplicate, 'email');

/** A unique index caught a concurrent duplicate the checks could not see. */
function duplicateFrom(error: unknown): UserOutcome | undefined {
  const pg = error as { code?: string; constraint?: string };
  if (pg?.code !== '23505') return undefined;
  return pg.constraint === 'users_email_unique' ? duplicateEmail() : duplicateUser();
}

/** What the audit shows of a user: never the password hash. */
function auditImage(record: UserRecord): Record<string, unknown> {
  return { user_name: record.user_name, email: record.email, role_id: record.role_id, mfa_required: record.mfa_required, is_locked: record.is_locked };
}

export async function createUser(db: Db, actor: Actor, input: NewUserInput): Promise<UserOutcome> {
  const invalid = validationFailure(userDraftProblems(input, true));
  if (invalid) return invalid;
  if (!(await roleExists(db, input.role_id))) return refusal(400, StatusCode.VALIDATION_FAIL, UserProfileMessages.roleRequired, 'role_id');
  const userId = input.user_id.trim().toLowerCase();
  const email = input.email.trim();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx): Promise<UserOutcome> => {
      if (await findCompanyUser(trx, actor.companyId, userId)) return duplicateUser();
      if (await emailTaken(trx, email)) return duplicateEmail();
      const now = new Date();
      await trx
        .insertInto('users')
        .values({
          company_id: actor.companyId,
          user_id: userId,
          user_name: input.user_name.trim(),
          email,
          password_hash: passwordHash,
          role_id: input.role_id,
          mfa_required: input.mfa_required ?? false,
          password_changed_at: now,
          updated_at: now,
        })
        .execute();
      const record = (await findCompanyUser(trx, actor.companyId, userId))!;
      await recordAudit(trx, actor, { entity: AuditEntity.USER, entityKey: record.id, action: 'create', before: null, after: auditImage(record) });
      return { ok: true, record };
    });
  } catch (error) {
    const duplicate = duplicateFrom(error);
    if (duplicate) return duplicate;
    throw error;
  }
}

/** The fields a change may carry; absent fields stay as they are. An empty password keeps the current one. */
export interface UserPatch {
  user_name?: string;
  email?: string;
  role_id?: string;
  mfa_required?: boolean;
  is_locked?: boolean;
  password?: string;
}

/** The edit form's save: the domain's field rules first, then the change. */
export async function editUser(db: Db, actor: Actor, userId: string, input: EditUserInput): Promise<UserOutcome> {
  const invalid = validationFailure(userDraftProblems(input, false));
  if (invalid) return invalid;
  return changeUser(db, actor, userId, input);
}

/** Which audit action a change is: the quick actions have names of their own. */
function actionOf(patch: UserPatch, diff: Record<string, unknown>): UserAuditAction {
  const fields = Object.keys(diff);
  if (fields.length === 1 && fields[0] === 'is_locked') return patch.is_locked ? 'lock' : 'unlock';
  if (fields.length === 1 && fields[0] === 'mfa_required') return patch.mfa_required ? 'mfa-on' : 'mfa-off';
  return 'update';
}

/** Applies a change to a user of the actor's company (the route has checked the company already). */
export async function changeUser(db: Db, actor: Actor, userId: string, patch: UserPatch): Promise<UserOutcome> {
  const self = isSameAccount(actor, { companyId: actor.companyId, userId });
  if (self && patch.is_locked === true) return refusal(400, StatusCode.VALIDATION_FAIL, UserProfileMessages.lockSelf);
  const passwordHash = patch.password ? await hashPassword(patch.password) : undefined;
  try {
    return await db.transaction().execute(async (trx): Promise<UserOutcome> => {
      // The row is locked before it is read, so concurrent changes apply one after the other.
      await trx
        .selectFrom('users')
        .select('user_id')
        .where('company_id', '=', actor.companyId)
        .where(sql`lower(user_id)`, '=', userId.toLowerCase())
        .forUpdate()
        .execute();
      const current = await findCompanyUser(trx, actor.companyId, userId);
      if (!current) return notFound();
      if (self && patch.role_id !== undefined && patch.role_id !== current.role_id)
        return refusal(400, StatusCode.VALIDATION_FAIL, UserProfileMessages.changeOwnRole, 'role_id');
      if (patch.role_id !== undefined && !(await roleExists(trx, patch.role_id)))
        return refusal(400, StatusCode.VALIDATION_FAIL, UserProfileMessages.roleRequired, 'role_id');
      const email = patch.email?.trim();
      if (
        email !== undefined &&
        email.toLowerCase() !== (current.email ?? '').toLowerCase() &&
        (await emailTaken(trx, email, { companyId: current.company_id, userId: current.user_id }))
      ) {
        return duplicateEmail();
      }
      const wanted = { user_name: patch.user_name?.trim(), email, role_id: patch.role_id, mfa_required: patch.mfa_required, is_locked: patch.is_locked };
      const diff = changedFields(auditImage(current), wanted) ?? { before: {}, after: {} };
      const changes = { ...(diff.after as Partial<typeof wanted>) };
      if (Object.keys(changes).length === 0 && !passwordHash) return { ok: true, record: current };
      // The audit says that the password changed, never what it was or became.
      if (passwordHash) diff.after.password = 'changed';
      const who = { companyId: current.company_id, userId: current.user_id };
      await trx
        .updateTable('users')
        .set({ ...changes, updated_at: new Date() })
        .where('company_id', '=', who.companyId)
        .where('user_id', '=', who.userId)
        .execute();
      // A password set by an admin ends every session and remembered browser, like a reset by link.
      if (passwordHash) await storePassword(trx, who, passwordHash, { signOutEverywhere: true });
      // storePassword has ended the sessions and remembered browsers already.
      const locked = patch.is_locked === true && !current.is_locked;
      if (locked && !passwordHash) await revokeAllOfUser(trx, who);
      if (!passwordHash && (locked || (patch.mfa_required === true && !current.mfa_required))) await revokeMfaSessions(trx, who);
      await recordAudit(trx, actor, {
        entity: AuditEntity.USER,
        entityKey: current.id,
        action: actionOf(patch, diff.after),
        before: diff.before,
        after: diff.after,
      });
      return { ok: true, record: (await findCompanyUser(trx, current.company_id, current.user_id))! };
    });
  } catch (error) {
    const duplicate = duplicateFrom(error);
    if (duplicate) return duplicate;
    throw error;
  }
}

/** Deletes a user of the actor's company; never oneself. The user's tokens, MFA sessions and challenges go with the row. */
export async function deleteUser(db: Kysely<Database>, actor: Actor, userId: string): Promise<UserOutcome> {
  if (isSameAccount(actor, { companyId: actor.companyId, userId })) return refusal(400, StatusCode.USER_PROFILE_DELETE_SELF, Messages.userDeleteSelf);
  return db.transaction().execute(async (trx): Promise<UserOutcome> => {
    const current = await findCompanyUser(trx, actor.companyId, userId);
    if (!current) return notFound();
    const deleted = await trx.deleteFrom('users').where('company_id', '=', current.company_id).where('user_id', '=', current.user_id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return notFound();
    await recordAudit(trx, actor, { entity: AuditEntity.USER, entityKey: current.id, action: 'delete', before: auditImage(current), after: null });
    return { ok: true, record: current };
  });
}

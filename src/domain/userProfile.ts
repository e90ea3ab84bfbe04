import { ACCOUNT_ID_PATTERN } from './access';
import { EmailProblemMessages, singleEmailProblem } from './email';
import { passwordProblem, PasswordProblemMessages } from './password';
import { Messages } from './statusCodes';

/**
 * The user profile of spec 3 (user id, company id, user name, e-mail, role, password) and the rules
 * the user management form and the server both apply.
 */

export const USER_NAME_MAX_LENGTH = 100;

export const UserProfileMessages = {
  userIdFormat: 'User ID may contain letters, digits, dot, dash and underscore only (at most 50), with no spaces.',
  userNameTooLong: `User name may be at most ${USER_NAME_MAX_LENGTH} characters.`,
  userNameControl: 'User name must not contain control characters.',
  roleRequired: 'Please choose a role.',
  lockSelf: 'You cannot lock your own account.',
  changeOwnRole: 'You cannot change your own role.',
  userCreated: 'User created.',
  userUpdated: 'User updated.',
  userDeleted: 'User deleted.',
} as const;

/** The fields of the user form. */
export interface UserDraft {
  user_id?: string;
  user_name?: string;
  email?: string;
  role_id?: string;
  /** Required on creation; on edit, empty keeps the current password. */
  password?: string;
  confirm_password?: string;
}

export type UserField = 'user_id' | 'user_name' | 'email' | 'role_id' | 'password' | 'confirm_password';

/** What the user-management audit records (CONTRACTS.md "Logs"): written by the server, filtered and named on the audit page. */
export const USER_AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'lock',
  'unlock',
  'mfa-on',
  'mfa-off',
  'change-password',
  'reset-password',
  'ip-range-add',
  'ip-range-delete',
  'onerecord-client-add',
  'onerecord-client-revoke',
  'onerecord-client-notify-auth',
] as const;
export type UserAuditAction = (typeof USER_AUDIT_ACTIONS)[number];

/** An entry of the user-management audit as the useraudit resource answers it. */
export interface UserAuditRecord {
  id: string;
  at: string;
  actor_user_id: string;
  ip_address: string | null;
  entity: string;
  entity_key: string;
  action: string;
  before: unknown;
  after: unknown;
}

/** A user as the users resource answers it: react-admin's record, `id` being "COMPANY|user" (userRecordId). */
export interface UserRecord {
  id: string;
  company_id: string;
  user_id: string;
  user_name: string;
  email: string | null;
  role_id: string;
  role_name: string;
  role_type: number;
  mfa_required: boolean;
  is_locked: boolean;
  created_at: string;
  updated_at: string;
}

/** The separator of a user's record id ("DEMOAIR|bob"): ids cannot hold it (ACCOUNT_ID_PATTERN), as in ClientId. */
const RECORD_ID_SEPARATOR = '|';

/** Whether two accounts are one: company ids match without regard to case, and so do user ids. */
export function isSameAccount(a: { companyId: string; userId: string }, b: { companyId: string; userId: string }): boolean {
  return a.companyId.toUpperCase() === b.companyId.toUpperCase() && a.userId.toLowerCase() === b.userId.toLowerCase();
}

export function userRecordId(companyId: string, userId: string): string {
  return `${companyId}${RECORD_ID_SEPARATOR}${userId}`;
}

export function parseUserRecordId(id: string): { companyId: string; userId: string } | undefined {
  const parts = id.split(RECORD_ID_SEPARATOR);
  if (parts.length !== 2 || !ACCOUNT_ID_PATTERN.test(parts[0]) || !ACCOUNT_ID_PATTERN.test(parts[1])) return undefined;
  return { companyId: parts[0], userId: parts[1] };
}

/** Ids are trimmed; inner spaces, control characters and other symbols are refused. */
export function userIdProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return Messages.fillField;
  return ACCOUNT_ID_PATTERN.test(trimmed) ? undefined : UserProfileMessages.userIdFormat;
}

export function userNameProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return Messages.fillField;
  if (/\p{Cc}/u.test(trimmed)) return UserProfileMessages.userNameControl;
  return [...trimmed].length > USER_NAME_MAX_LENGTH ? UserProfileMessages.userNameTooLong : undefined;
}

export function userEmailProblem(text: string): string | undefined {
  const problem = singleEmailProblem(text);
  return problem ? EmailProblemMessages[problem] : undefined;
}

export function newPasswordProblem(password: string): string | undefined {
  const problem = passwordProblem(password);
  return problem ? PasswordProblemMessages[problem] : undefined;
}

/**
 * Every problem of a draft, by field. `creating`: the user id and a password are required; on edit
 * the id is fixed and an empty password keeps the current one. The confirmation is checked only
 * when given (the server receives no confirmation).
 */
export function userDraftProblems(draft: UserDraft, creating: boolean): Partial<Record<UserField, string>> {
  const problems: Partial<Record<UserField, string>> = {};
  if (creating) {
    const idProblem = userIdProblem(draft.user_id ?? '');
    if (idProblem) problems.user_id = idProblem;
  }
  const nameProblem = userNameProblem(draft.user_name ?? '');
  if (nameProblem) problems.user_name = nameProblem;
  const emailProblem = userEmailProblem(draft.email ?? '');
  if (emailProblem) problems.email = emailProblem;
  if (!draft.role_id) problems.role_id = UserProfileMessages.roleRequired;
  const password = draft.password ?? '';
  if (creating || password !== '') {
    const problem = newPasswordProblem(password);
    if (problem) problems.password = problem;
  }
  if (draft.confirm_password !== undefined && (password !== '' || draft.confirm_password !== '') && draft.confirm_password !== password) {
    problems.confirm_password = Messages.passwordMismatch;
  }
  return problems;
}

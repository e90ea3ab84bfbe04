import { passwordProblem, PasswordProblemMessages, type PasswordProblem } from './password';
import { Messages } from './statusCodes';

/**
 * Spec 5 for a new password (change password and the forgot-password reset): the password policy,
 * confirmation must match, and the new password must differ from the old one.
 */
export type NewPasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';
export type NewPasswordProblem = PasswordProblem | 'mismatch' | 'notNew';

export const NewPasswordProblemMessages: Record<NewPasswordProblem, string> = {
  ...PasswordProblemMessages,
  mismatch: Messages.passwordMismatch,
  notNew: Messages.passwordNotNew,
};

export interface NewPasswordInput {
  /** Absent for a reset by mail (the old password is not known to the user). */
  oldPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

/** Problems by field; empty when the change may be sent. */
export function newPasswordProblems(input: NewPasswordInput): Partial<Record<NewPasswordField, NewPasswordProblem>> {
  const problems: Partial<Record<NewPasswordField, NewPasswordProblem>> = {};
  if (input.oldPassword !== undefined && input.oldPassword === '') problems.oldPassword = 'required';
  const policy = passwordProblem(input.newPassword);
  if (policy) problems.newPassword = policy;
  else if (input.oldPassword && input.oldPassword === input.newPassword) problems.newPassword = 'notNew';
  if (input.confirmPassword === '') problems.confirmPassword = 'required';
  else if (input.confirmPassword !== input.newPassword) problems.confirmPassword = 'mismatch';
  return problems;
}

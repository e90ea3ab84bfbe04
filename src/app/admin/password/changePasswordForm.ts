import { newPasswordProblems } from '../../../domain/passwordChange';
import { Messages, StatusCode } from '../../../domain/statusCodes';

/** The change-password form's values (react-admin form field names) and the rules of spec 5. */
export interface ChangePasswordValues {
  old_password?: string;
  new_password?: string;
  confirm_password?: string;
}

/** Field errors as i18n keys, for react-admin's form validation. */
export function validateChangePassword(values: ChangePasswordValues): Record<string, string> {
  const problems = newPasswordProblems({
    oldPassword: values.old_password ?? '',
    newPassword: values.new_password ?? '',
    confirmPassword: values.confirm_password ?? '',
  });
  const errors: Record<string, string> = {};
  if (problems.oldPassword) errors.old_password = `app.passwordProblem.${problems.oldPassword}`;
  if (problems.newPassword) errors.new_password = `app.passwordProblem.${problems.newPassword}`;
  if (problems.confirmPassword) errors.confirm_password = `app.passwordProblem.${problems.confirmPassword}`;
  return errors;
}

/** Where a server refusal belongs: the wrong old password on its field, a reused one on the new password. */
export function changePasswordFieldOf(message: unknown): keyof ChangePasswordValues | undefined {
  if (message === Messages.incorrectPassword) return 'old_password';
  if (message === Messages.passwordNotNew) return 'new_password';
  return undefined;
}

export function isChangeSuccess(httpStatus: number, body: unknown): boolean {
  return httpStatus === 200 && (body as { status?: unknown } | undefined)?.status === StatusCode.SUCCESS;
}

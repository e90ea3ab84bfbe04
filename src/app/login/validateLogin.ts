import { accountIdProblem } from '../../domain/access';

/** Spec 5: company id, user id and password are required and trimmed; failure keys required, pattern, type. */

export type LoginField = 'companyId' | 'userId' | 'password';
export type LoginFailure = 'required' | 'pattern' | 'type';
export type LoginValues = Record<LoginField, string>;

export const LOGIN_FIELDS: readonly LoginField[] = ['companyId', 'userId', 'password'];

/** The spec's generic messages (i18n keys under app.message). */
export const LOGIN_FAILURE_MESSAGE: Record<LoginFailure, string> = {
  required: 'app.message.fillField',
  pattern: 'app.message.matchFormat',
  type: 'app.message.matchType',
};

export interface LoginValidation {
  values: LoginValues;
  errors: Partial<Record<LoginField, LoginFailure>>;
}

export function validateLogin(raw: Record<LoginField, unknown>): LoginValidation {
  const values = {} as LoginValues;
  const errors: Partial<Record<LoginField, LoginFailure>> = {};
  for (const field of LOGIN_FIELDS) {
    const value = raw[field];
    if (typeof value !== 'string') {
      values[field] = '';
      errors[field] = value === undefined || value === null ? 'required' : 'type';
      continue;
    }
    values[field] = value.trim();
    const problem = field === 'password' ? (values[field] === '' ? 'required' : undefined) : accountIdProblem(value);
    if (problem) errors[field] = problem;
  }
  return { values, errors };
}

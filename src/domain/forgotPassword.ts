import { accountIdProblem } from './access';

/** Spec 5: forgot-password requires company id and user name (the user id); both trimmed. */

export type ForgotPasswordField = 'companyId' | 'userId';
export type ForgotPasswordProblem = 'required' | 'pattern';

export interface ForgotPasswordRequest {
  companyId: string;
  userId: string;
}

export function forgotPasswordProblems(input: ForgotPasswordRequest): Partial<Record<ForgotPasswordField, ForgotPasswordProblem>> {
  const problems: Partial<Record<ForgotPasswordField, ForgotPasswordProblem>> = {};
  for (const field of ['companyId', 'userId'] as const) {
    const problem = accountIdProblem(input[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The reset link carries its token in the fragment, so it reaches neither server logs nor Referer headers. */
export const RESET_TOKEN_PARAMETER = 'token';

/** A reset token: 256 random bits, base64url. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

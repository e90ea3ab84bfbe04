/** What `login`, `loginWithMfaCode` and `requestMfaChallenge` reject with (spec 4 "Login", "Code dialog"). */

import { TooManyRequestsError } from './httpErrors';

/** The auth host wants the e-mail one-time code: request the challenge, then open the code dialog. */
export class MfaRequiredError extends Error {
  override readonly name = 'MfaRequiredError';
  constructor(readonly mfaToken: string) {
    super('mfa_required');
  }
}

/** The user must use MFA but has no e-mail on file: show the server's description under 'Failed to login'. */
export class MfaEmailRequiredError extends Error {
  override readonly name = 'MfaEmailRequiredError';
  constructor(readonly description: string) {
    super(description);
  }
}

/** A wrong one-time code (mfa_passcode_fail): show the invalid-code message with the attempts left. */
export class MfaPasscodeError extends Error {
  override readonly name = 'MfaPasscodeError';
  constructor(readonly remainAttempt: number | undefined) {
    super('mfa_passcode_fail');
  }
}

/**
 * Any other failed sign-in: the login error dialog. `error` is the auth host's error code
 * (e.g. invalid_grant), or 'network_error' when no answer came, or 'invalid_profile' /
 * 'permission_failed' when the tokens were issued but the permission call failed.
 */
export class LoginFailedError extends Error {
  override readonly name = 'LoginFailedError';
  constructor(
    readonly error: string,
    readonly description?: string,
  ) {
    super(description || error);
  }
}

/** HTTP 429 from the auth host: too many sign-in attempts; try again after `retryAfterSeconds`. */
export class TooManyAttemptsError extends TooManyRequestsError {
  override readonly name = 'TooManyAttemptsError';
}

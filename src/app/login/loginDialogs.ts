import { TooManyRequestsError } from '../../../dataProviders/httpErrors';
import { LoginFailedError, MfaEmailRequiredError, MfaRequiredError } from '../../../dataProviders/loginErrors';
import type { Translate } from '../i18n/translate';

/** What a login dialog shows. */
export interface LoginDialogContent {
  title: string;
  text: string;
}

/** Spec 2: the login page's errorCode query opens a dialog: 1 login error, 2 session error, 3 unexpected error. */
export function errorCodeDialog(errorCode: string | null, translate: Translate): LoginDialogContent | undefined {
  switch (errorCode) {
    case '1':
      return { title: translate('app.message.loginFailed'), text: translate('app.message.invalidUserProfile') };
    case '2':
      return { title: translate('app.message.sessionTimeoutTitle'), text: translate('app.message.sessionTimeout') };
    case '3':
      return { title: translate('app.message.loginFailed'), text: translate('app.message.unexpectedError') };
    default:
      return undefined;
  }
}

/** '45 seconds', '15 minutes': the wait a 429 asks for. */
export function describeWait(seconds: number, translate: Translate): string {
  if (seconds < 60) return translate('app.login.seconds', { smart_count: Math.max(1, Math.ceil(seconds)) });
  return translate('app.login.minutes', { smart_count: Math.ceil(seconds / 60) });
}

/** Spec 4: mfa_email_required shows the server's description under the login-failed title; anything else the login error. */
export function loginErrorDialog(error: unknown, translate: Translate): LoginDialogContent {
  const title = translate('app.message.loginFailedTitle');
  if (error instanceof TooManyRequestsError) {
    const text =
      error.retryAfterSeconds === undefined
        ? translate('app.login.tooManyAttemptsNoWait')
        : translate('app.login.tooManyAttempts', { wait: describeWait(error.retryAfterSeconds, translate) });
    return { title, text };
  }
  if (error instanceof MfaEmailRequiredError && error.description) return { title, text: error.description };
  // The login page opens the one-time-code dialog for this; anywhere else it means the sign-in did not complete.
  if (error instanceof MfaRequiredError) return { title, text: translate('app.message.loginUnsuccessful') };
  // IP restriction: the password was right, but the company does not allow this address.
  if (error instanceof LoginFailedError && error.error === 'ip_restricted') return { title, text: translate('app.users.ipSignInRefused') };
  // The password was right but the one-time code could not be mailed: not the user's mistake.
  if (error instanceof LoginFailedError && error.error === 'temporarily_unavailable') return { title, text: translate('app.login.codeMailUnavailable') };
  return { title, text: translate('app.message.loginIncorrect') };
}

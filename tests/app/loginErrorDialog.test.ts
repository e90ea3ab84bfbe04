import { describe, expect, it } from 'vitest';
import { LoginFailedError } from '../../dataProviders/loginErrors';
import { loginErrorDialog } from '../../src/app/login/loginDialogs';
import { translate } from '../../src/app/i18n/translate';
import { AccessMessages } from '../../src/domain/accessMessages';

describe('sign-in refused by IP restriction', () => {
  it('says the address is not allowed, not that the password was wrong', () => {
    expect(loginErrorDialog(new LoginFailedError('ip_restricted', AccessMessages.ipSignInRefused), translate)).toEqual({
      title: 'Failed to login',
      text: AccessMessages.ipSignInRefused,
    });
    expect(loginErrorDialog(new LoginFailedError('invalid_grant'), translate).text).toBe('Your user name or password was incorrect, please try again.');
  });
});

describe('sign-in whose one-time code could not be mailed', () => {
  it('says the mail could not be sent, not that the password was wrong', () => {
    expect(loginErrorDialog(new LoginFailedError('temporarily_unavailable', 'The mail server did not take the message.'), translate)).toEqual({
      title: 'Failed to login',
      text: 'The one-time code could not be sent by e-mail just now. Please try again in a few minutes.',
    });
  });
});

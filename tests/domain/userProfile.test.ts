import { describe, expect, it } from 'vitest';
import { parseUserRecordId, userDraftProblems, userIdProblem, userNameProblem, UserProfileMessages, userRecordId } from '../../src/domain/userProfile';
import { Messages } from '../../src/domain/statusCodes';
import { PasswordProblemMessages } from '../../src/domain/password';
import { EmailProblemMessages } from '../../src/domain/email';

const valid = {
  user_id: 'new.user-1',
  user_name: 'New User',
  email: 'new@example.com',
  role_id: 'OPERATOR',
  password: 'Strong#Pass1',
  confirm_password: 'Strong#Pass1',
};

describe('the user profile rules', () => {
  it('accepts a complete draft', () => {
    expect(userDraftProblems(valid, true)).toEqual({});
  });

  it('refuses ids with spaces, control characters or symbols, but trims the ends', () => {
    expect(userIdProblem('  bob  ')).toBeUndefined();
    expect(userIdProblem('')).toBe(Messages.fillField);
    for (const id of ['two words', 'tab\tid', 'bell\u0007', 'semi;colon', 'pipe|id', 'x'.repeat(51)])
      expect(userIdProblem(id), id).toBe(UserProfileMessages.userIdFormat);
  });

  it('bounds names and refuses control characters', () => {
    expect(userNameProblem('Zoë Ångström')).toBeUndefined();
    expect(userNameProblem('x'.repeat(101))).toBe(UserProfileMessages.userNameTooLong);
    expect(userNameProblem('new\nline')).toBe(UserProfileMessages.userNameControl);
  });

  it('names every problem by field', () => {
    expect(userDraftProblems({ ...valid, user_id: 'a b', email: 'x', role_id: '', password: 'weak', confirm_password: 'other' }, true)).toEqual({
      user_id: UserProfileMessages.userIdFormat,
      email: EmailProblemMessages.format,
      role_id: UserProfileMessages.roleRequired,
      password: PasswordProblemMessages.tooShort,
      confirm_password: Messages.passwordMismatch,
    });
  });

  it('on edit, ignores the id and keeps the password when it is left empty', () => {
    expect(userDraftProblems({ ...valid, user_id: undefined, password: '', confirm_password: '' }, false)).toEqual({});
    expect(userDraftProblems({ ...valid, password: '', confirm_password: 'typed' }, false)).toEqual({ confirm_password: Messages.passwordMismatch });
    expect(userDraftProblems({ ...valid, password: 'short', confirm_password: 'short' }, false).password).toBe(PasswordProblemMessages.tooShort);
  });

  it('builds and reads record ids', () => {
    expect(userRecordId('DEMOAIR', 'bob')).toBe('DEMOAIR|bob');
    expect(parseUserRecordId('DEMOAIR|bob')).toEqual({ companyId: 'DEMOAIR', userId: 'bob' });
    for (const id of ['DEMOAIR', 'DEMOAIR|', '|bob', 'A|b|c', 'DEMO AIR|bob']) expect(parseUserRecordId(id), id).toBeUndefined();
  });
});

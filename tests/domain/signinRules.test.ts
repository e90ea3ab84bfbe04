import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidOneTimeCode, oneTimeCodeDigits } from '../../src/domain/oneTimeCode';
import { newPasswordProblems, NewPasswordProblemMessages } from '../../src/domain/passwordChange';
import { forgotPasswordProblems, RESET_TOKEN_PATTERN } from '../../src/domain/forgotPassword';

describe('one-time code (spec 5)', () => {
  it('is digits only, exactly 6', () => {
    expect(isValidOneTimeCode('123456')).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', ' 123456', '', '١٢٣٤٥٦']) expect(isValidOneTimeCode(bad), bad).toBe(false);
  });

  it('keeps at most six typed or pasted digits', () => {
    expect(oneTimeCodeDigits('12 34-56')).toBe('123456');
    expect(oneTimeCodeDigits('AB-9876543')).toBe('987654');
    fc.assert(fc.property(fc.string(), (text) => /^\d{0,6}$/.test(oneTimeCodeDigits(text))));
  });
});

describe('new password (spec 5)', () => {
  it('applies the policy, confirmation and new-differs-from-old', () => {
    expect(newPasswordProblems({ oldPassword: 'Old#12345', newPassword: 'New#12345', confirmPassword: 'New#12345' })).toEqual({});
    expect(newPasswordProblems({ oldPassword: 'Same#12345', newPassword: 'Same#12345', confirmPassword: 'Same#12345' })).toEqual({ newPassword: 'notNew' });
    expect(newPasswordProblems({ oldPassword: 'Old#12345', newPassword: 'New#12345', confirmPassword: 'New#1234' })).toEqual({ confirmPassword: 'mismatch' });
    expect(newPasswordProblems({ oldPassword: '', newPassword: 'short', confirmPassword: '' })).toEqual({
      oldPassword: 'required',
      newPassword: 'tooShort',
      confirmPassword: 'required',
    });
    expect(newPasswordProblems({ newPassword: 'has space#1A', confirmPassword: 'has space#1A' })).toEqual({ newPassword: 'hasSpace' });
  });

  it("uses the spec's messages", () => {
    expect(NewPasswordProblemMessages.mismatch).toBe('Password confirmation does not match.');
    expect(NewPasswordProblemMessages.notNew).toBe('Please use a new password.');
  });
});

describe('forgot password (spec 5)', () => {
  it('requires company id and user name', () => {
    expect(forgotPasswordProblems({ companyId: ' ', userId: '' })).toEqual({ companyId: 'required', userId: 'required' });
    expect(forgotPasswordProblems({ companyId: 'DEMO AIR', userId: 'operator' })).toEqual({ companyId: 'pattern' });
    expect(forgotPasswordProblems({ companyId: ' DEMOAIR ', userId: 'operator' })).toEqual({});
  });

  it('accepts only well-formed reset tokens', () => {
    expect(RESET_TOKEN_PATTERN.test('a'.repeat(43))).toBe(true);
    expect(RESET_TOKEN_PATTERN.test('a'.repeat(42))).toBe(false);
    expect(RESET_TOKEN_PATTERN.test(`${'a'.repeat(42)}/`)).toBe(false);
  });
});

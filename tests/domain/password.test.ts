import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../src/domain/password';

describe('the password policy', () => {
  it('accepts the demo passwords', () => {
    for (const password of ['Admin#12345', 'Operator#12345', 'Mfa#123456']) expect(passwordProblem(password)).toBeUndefined();
  });
  it('names the first broken rule', () => {
    expect(passwordProblem('')).toBe('required');
    expect(passwordProblem('Ab#1234')).toBe('tooShort');
    expect(passwordProblem('Ab#12345 x')).toBe('hasSpace');
    expect(passwordProblem('Abcdefg#')).toBe('missingDigit');
    expect(passwordProblem('ABCDEF#1')).toBe('missingLower');
    expect(passwordProblem('abcdef#1')).toBe('missingUpper');
    expect(passwordProblem('Abcdefg1')).toBe('missingSpecial');
  });
});

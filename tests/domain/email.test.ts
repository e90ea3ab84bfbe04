import { describe, expect, it } from 'vitest';
import { emailListMessage, emailListProblem, isEmailAddress, singleEmailProblem, splitEmailList } from '../../src/domain/email';

describe('e-mail addresses', () => {
  it('accepts ordinary addresses and refuses malformed ones', () => {
    for (const address of ['a@b.co', 'first.last+tag@sub.example.com', "o'brien@example.ie"]) expect(isEmailAddress(address), address).toBe(true);
    for (const address of ['', 'plain', 'a@b', '@example.com', 'a@-example.com', 'a b@example.com', 'a@example..com'])
      expect(isEmailAddress(address), address).toBe(false);
  });

  it('reads comma-separated lists of at most 200 characters and names the bad address', () => {
    expect(splitEmailList(' a@b.co , ,c@d.co ')).toEqual(['a@b.co', 'c@d.co']);
    expect(emailListProblem('a@b.co, c@d.co')).toBeUndefined();
    expect(emailListProblem('  ')).toEqual({ problem: 'required' });
    expect(emailListProblem(`${'a'.repeat(190)}@example.com`)).toEqual({ problem: 'tooLong' });
    const bad = emailListProblem('a@b.co, nope');
    expect(bad).toEqual({ problem: 'format', address: 'nope' });
    expect(emailListMessage(bad!)).toBe('"nope" is not a valid e-mail address.');
  });

  it('takes one address for a user', () => {
    expect(singleEmailProblem(' user@example.com ')).toBeUndefined();
    expect(singleEmailProblem('a@b.co, c@d.co')).toBe('single');
    expect(singleEmailProblem('a@b.co; c@d.co')).toBe('single');
    expect(singleEmailProblem('not-mail')).toBe('format');
    expect(singleEmailProblem('')).toBe('required');
  });
});

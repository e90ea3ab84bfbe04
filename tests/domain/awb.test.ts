import { describe, expect, it } from 'vitest';
import { awbCheckDigit, formatAwbNumber, hasValidCheckDigit, parseAwbNumber, suffixWithCheckDigit } from '../../src/domain/awb';

describe('AWB numbers', () => {
  it('parses 3 + 8 digits with or without a hyphen', () => {
    expect(parseAwbNumber('006-96667465')).toEqual({ prefix: '006', suffix: '96667465' });
    expect(parseAwbNumber(' 00696667465 ')).toEqual({ prefix: '006', suffix: '96667465' });
    for (const bad of ['', '006-9666746', '06-96667465', '006--96667465', '006 96667465', 'abc-96667465', '006-966674650']) {
      expect(parseAwbNumber(bad), bad).toBeUndefined();
    }
  });

  it('checks the 8th digit against the first 7 modulo 7 (the sample FWB: 9666746 mod 7 = 5)', () => {
    expect(awbCheckDigit('9666746')).toBe(5);
    expect(hasValidCheckDigit('96667465')).toBe(true);
    expect(hasValidCheckDigit('96667464')).toBe(false);
    expect(hasValidCheckDigit('9666746')).toBe(false);
    expect(suffixWithCheckDigit(9666746)).toBe('96667465');
    expect(suffixWithCheckDigit(12)).toBe('00000125');
    expect(formatAwbNumber({ prefix: '160', suffix: '00000125' })).toBe('160-00000125');
  });
});

import { describe, expect, it } from 'vitest';
import { lentTo } from '../../../src/server/shipments/scope';

describe('lentTo', () => {
  it('keys the same lent shipments alike in any order, and other ones apart, in a few characters however many', () => {
    const many = Array.from({ length: 20_000 }, (_, index) => String(1_000_000 + index));
    const key = lentTo(many).lentKey;
    expect(lentTo([...many].reverse()).lentKey).toBe(key);
    expect(lentTo([...many.slice(1), '2000000']).lentKey).not.toBe(key); // as many, one other
    expect(lentTo(many.slice(1)).lentKey).not.toBe(key);
    expect(key.length).toBeLessThan(64);
    expect(lentTo([]).lentKey).toBe('');
    expect(lentTo(['7']).lentKey).not.toBe(lentTo(['8']).lentKey);
  });

  it('lists the ids and holds them as a set', () => {
    const scope = lentTo(['7', '9']);
    expect(scope.lentIds).toEqual(['7', '9']);
    expect(scope.lent.has('9')).toBe(true);
    expect(scope.lent.has('8')).toBe(false);
  });
});

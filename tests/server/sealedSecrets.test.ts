import { describe, expect, it } from 'vitest';
import { sealerFor } from '../../src/server/sealedSecrets';

/** Secrets kept sealed (sealedSecrets.ts): opened only under the same token key, purpose and row, and unaltered. */
describe('a sealed secret', () => {
  const key = 'a-token-key-of-the-portal-'.padEnd(48, 'k');
  const sealer = sealerFor(key, 'test-purpose');

  it('opens under the key, purpose and row it was sealed for, and differs each time it is sealed', () => {
    const sealed = sealer.seal('p@ss:w0rd+/ü', 'orc_a');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('p@ss');
    expect(sealer.open(sealed, 'orc_a')).toBe('p@ss:w0rd+/ü');
    expect(sealer.seal('p@ss:w0rd+/ü', 'orc_a')).not.toBe(sealed);
    expect(sealer.open(sealer.seal('', 'orc_a'), 'orc_a')).toBe('');
  });

  it('does not open under another key, purpose or row, altered, cut short or not sealed at all', () => {
    const sealed = sealer.seal('secret', 'orc_a');
    expect(sealerFor(`${key}x`, 'test-purpose').open(sealed, 'orc_a')).toBeUndefined();
    expect(sealerFor(key, 'another-purpose').open(sealed, 'orc_a')).toBeUndefined();
    expect(sealer.open(sealed, 'orc_b')).toBeUndefined();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(sealer.open(`v1.${bytes.toString('base64url')}`, 'orc_a')).toBeUndefined();
    expect(sealer.open(sealed.slice(0, 20), 'orc_a')).toBeUndefined();
    expect(sealer.open('secret', 'orc_a')).toBeUndefined();
    expect(sealer.open('v2.AAAA', 'orc_a')).toBeUndefined();
  });
});

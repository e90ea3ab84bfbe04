import { describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';

describe('password hashing', () => {
  it('hashes at a lowered cost in the server tests (tests/serverSetup.ts), still argon2id', async () => {
    expect(await hashPassword('Operator#12345')).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
  });

  it('hashes with argon2id at the production cost in the app, which never lowers it', async () => {
    vi.resetModules(); // a fresh copy of the module, as the app loads it: the test setup never touched this one
    const passwords = await import('../../src/server/auth/passwords');
    const hash = await passwords.hashPassword('Operator#12345');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await passwords.verifyPassword(hash, 'Operator#12345')).toBe(true);
    expect(await passwords.verifyPassword(hash, 'Operator#12346')).toBe(false);
  });
});

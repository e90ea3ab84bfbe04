import argon2 from 'argon2';

export interface PasswordHashCost {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over the memory. */
  timeCost: number;
  /** Lanes. */
  parallelism: number;
}

/** argon2id with the library defaults (64 MiB, 3 passes, 4 lanes): above the OWASP minimum, about 0.2 s a sign-in here. */
export const PRODUCTION_HASH_COST: Readonly<PasswordHashCost> = Object.freeze({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });

let cost: Readonly<PasswordHashCost> = PRODUCTION_HASH_COST;

/**
 * For the test suite only (tests/serverSetup.ts): cheaper hashes, still argon2id, so that hundreds of
 * sign-ins do not cost a fifth of a second each. Nothing in the app calls it, and no setting reaches it.
 */
export function setTestPasswordHashCost(testCost: Readonly<PasswordHashCost>): void {
  cost = testCost;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: { cost: Readonly<PasswordHashCost>; hash: Promise<string> } | undefined;

/** Spends the same time as a real verification, so an unknown user id cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  if (dummyHash?.cost !== cost) dummyHash = { cost, hash: hashPassword('not-a-real-password-#1A') };
  await verifyPassword(await dummyHash.hash, password);
  return false;
}

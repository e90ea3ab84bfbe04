import { vi } from 'vitest';

/**
 * The server files share a worker's module cache (`isolate: false`): the packages load once per worker,
 * and each file gets the app's own modules afresh (imported after this reset).
 */
vi.resetModules();

/**
 * Server tests hash with argon2id at a small cost: the rules (which password verifies, which does not)
 * are the same, and a sign-in costs a millisecond instead of a fifth of a second.
 * tests/server/passwordHashCost.test.ts checks that the app, which never calls this, keeps the production cost.
 */
const { setTestPasswordHashCost } = await import('../src/server/auth/passwords');
setTestPasswordHashCost({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

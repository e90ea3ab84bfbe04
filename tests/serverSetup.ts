import { setTestPasswordHashCost } from '../src/server/auth/passwords';

/**
 * The server files share a worker's module cache (`isolate: false`), the app's own modules included:
 * the app's module-level state is caches keyed by their database, content or object (carrier rules,
 * screeners, verified tokens, prepared statement names), which a file cannot hit for another's.
 * Re-importing the app for each file cost a sixth of the project's CPU (issue 14).
 *
 * Server tests hash with argon2id at a small cost: the rules (which password verifies, which does not)
 * are the same, and a sign-in costs a millisecond instead of a fifth of a second.
 * tests/server/passwordHashCost.test.ts checks that the app, which never calls this, keeps the production cost.
 */
setTestPasswordHashCost({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

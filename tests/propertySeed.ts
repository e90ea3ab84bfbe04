import fc from 'fast-check';

/**
 * Every property test of a run draws from one seed: the same cases on every `npm test`, so a newcomer's
 * run fails or passes as CI's did, never on a draw of its own. FC_SEED=<n> explores other cases
 * (a failing property prints the seed and the path that reproduce it).
 */
const seed = Number(process.env.FC_SEED ?? 20261126);
if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, not "${process.env.FC_SEED}"`);
fc.configureGlobal({ seed });

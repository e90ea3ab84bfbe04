import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';

/** Versioned migrations, applied in name order; a new one is a new file and a line here. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
};

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readOfacLegacyCsv, type OfacReadOptions } from '../../../src/domain/screening';

/** The committed OFAC SDN subset (tests/fixtures/ofac, cut by scripts/ofacTestFixture.ts) as list entries. */
export function fixtureEntries(options?: OfacReadOptions) {
  const read = (file: string) => readFileSync(path.join(import.meta.dirname, '../../fixtures/ofac', file), 'utf8');
  return readOfacLegacyCsv({ sdn: read('sdn.csv'), alt: read('alt.csv'), add: read('add.csv') }, options);
}

/**
 * Cuts the small OFAC SDN fixture the screening tests use (tests/fixtures/ofac/), so that tests do
 * not depend on the full snapshot beside the repository:
 *
 *   npx tsx scripts/ofacTestFixture.ts [../shared/data/ofac]
 *
 * Keeps every 21st entry of sdn.csv and a few well-known ones the tests name, with their lines of
 * alt.csv and add.csv, each line exactly as OFAC wrote it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const source = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', '..', 'shared', 'data', 'ofac'));
const target = path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'ofac');
const NAMED = new Set(['36', '306', '587', '2674', '4234', '12927', '18782', '6366', '4697', '25396', '10726', '22113']);

const lines = (file: string) =>
  readFileSync(path.join(source, file), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
const entryOf = (line: string) => /^(\d+),/.exec(line)?.[1];

const sdn = lines('sdn.csv').filter((line, index) => index % 21 === 0 || NAMED.has(entryOf(line) ?? ''));
const kept = new Set(sdn.map(entryOf));
mkdirSync(target, { recursive: true });
for (const [file, rows] of [
  ['sdn.csv', sdn],
  ['alt.csv', lines('alt.csv').filter((line) => kept.has(entryOf(line)))],
  ['add.csv', lines('add.csv').filter((line) => kept.has(entryOf(line)))],
] as const) {
  writeFileSync(path.join(target, file), `${rows.join('\n')}\n`);
  console.log(`${file}: ${rows.length} lines`);
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSourceParser, type SourceFileRole, type SourceId, type SourceParseResult } from '../../../../src/domain/screening/sources';

/** The real sample files of ../shared/data/sanctions (see its README) and the 2019 SDN set of ../shared/data/ofac. */
const DATA = path.join(import.meta.dirname, '../../../../../shared/data');

export type SourceFiles = Partial<Record<SourceFileRole, Uint8Array>>;

const read = (...parts: string[]) => new Uint8Array(readFileSync(path.join(DATA, ...parts)));

export const SAMPLES = {
  sdn2025: (): SourceFiles => ({
    primary: read('sanctions/ofac-sdn-2025/sdn.csv'),
    alt: read('sanctions/ofac-sdn-2025/alt.csv'),
    add: read('sanctions/ofac-sdn-2025/add.csv'),
    comments: read('sanctions/ofac-sdn-2025/sdn_comments.csv'),
  }),
  consolidated: (): SourceFiles => ({
    primary: read('sanctions/ofac-consolidated/cons_prim.csv'),
    alt: read('sanctions/ofac-consolidated/cons_alt.csv'),
    add: read('sanctions/ofac-consolidated/cons_add.csv'),
    comments: read('sanctions/ofac-consolidated/cons_comments.csv'),
  }),
  sdn2019: (): SourceFiles => ({ primary: read('ofac/sdn.csv'), alt: read('ofac/alt.csv'), add: read('ofac/add.csv') }),
  un: (): SourceFiles => ({ list: read('sanctions/un/UN_consolidated_sample.xml') }),
  csl: (): SourceFiles => ({ list: read('sanctions/us-csl/consolidated.csv') }),
};

export const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** A synthetic fixture beside these tests (the samples are never edited). */
export const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, 'fixtures', name)));

/**
 * A source's files fed to its parser in pieces of the given sizes, taken in turn (bytes, so a piece may end inside
 * a character), the files in the given order.
 */
export function feed(
  source: SourceId,
  files: SourceFiles,
  sizes: readonly number[] = [Number.POSITIVE_INFINITY],
  order?: readonly SourceFileRole[],
): SourceParseResult {
  const parser = createSourceParser(source);
  for (const role of order ?? parser.files) {
    const bytes = files[role];
    if (!bytes) continue;
    if (bytes.length === 0) parser.push(bytes, role);
    let turn = 0;
    for (let start = 0; start < bytes.length; turn += 1) {
      const size = sizes[turn % sizes.length];
      parser.push(bytes.subarray(start, start + size), role);
      start += size;
    }
  }
  return parser.end();
}

/** The entries of a file the parser must accept. */
export function accepted(result: SourceParseResult) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result;
}

export function byId(result: SourceParseResult, entryId: string) {
  const entry = accepted(result).entries.find((candidate) => candidate.entryId === entryId);
  if (!entry) throw new Error(`no entry ${entryId}`);
  return entry;
}

import type { SourceFileRole, SourceId, SourceProblem } from './model';

/**
 * The files each official source is imported from, told apart by name (issue 34): the rules the upload form checks in
 * the browser and the server checks again on an upload and on a scheduled download.
 */

/** The largest import, all files together: OFAC's XML files are over 100 MB. */
export const SOURCE_MAX_BYTES = 200 * 1024 * 1024;

export const SOURCE_LABELS: Record<SourceId, string> = {
  OFAC_SDN: 'OFAC Specially Designated Nationals (SDN)',
  OFAC_CONS: 'OFAC Consolidated (non-SDN) lists',
  UN: 'UN Security Council Consolidated List',
  US_CSL: 'US Consolidated Screening List (trade.gov)',
};

/** OFAC's legacy CSV sets: each file's name (lower case) and the part of the set it is; the primary file first, and required. */
export const OFAC_SET_FILES: Record<'OFAC_SDN' | 'OFAC_CONS', readonly { name: string; role: SourceFileRole }[]> = {
  OFAC_SDN: [
    { name: 'sdn.csv', role: 'primary' },
    { name: 'alt.csv', role: 'alt' },
    { name: 'add.csv', role: 'add' },
    { name: 'sdn_comments.csv', role: 'comments' },
  ],
  OFAC_CONS: [
    { name: 'cons_prim.csv', role: 'primary' },
    { name: 'cons_alt.csv', role: 'alt' },
    { name: 'cons_add.csv', role: 'add' },
    { name: 'cons_comments.csv', role: 'comments' },
  ],
};

/** The one file of the other sources, by its extension (any name). */
export const SINGLE_FILE_EXTENSION: Record<'UN' | 'US_CSL', '.xml' | '.csv'> = { UN: '.xml', US_CSL: '.csv' };

export const isOfacSet = (source: SourceId): source is 'OFAC_SDN' | 'OFAC_CONS' => source === 'OFAC_SDN' || source === 'OFAC_CONS';

/** The part of the source's files a file is, by its name (a path's last part, any case); undefined when it is none. */
export function fileRoleOf(source: SourceId, fileName: string): SourceFileRole | undefined {
  const base = fileName.split(/[\\/]/).pop()?.toLowerCase() ?? '';
  if (isOfacSet(source)) return OFAC_SET_FILES[source].find((file) => file.name === base)?.role;
  return base.endsWith(SINGLE_FILE_EXTENSION[source]) ? 'list' : undefined;
}

/** One problem of a file in words: "alt line 12 (OFAC_SDN-36): the reason". */
export function problemText(problem: SourceProblem): string {
  const where = [problem.file, problem.line ? `line ${problem.line}` : '', problem.entry ? `(${problem.entry})` : ''].filter(Boolean).join(' ');
  return `${where}: ${problem.reason}`;
}

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import { parseSourceFilesSteps, type SourceFileRole, type SourceId } from '../../../domain/screening/sources';
import { runInSlices } from '../../eventLoop';
import { summarise } from '../../../domain/screening/sources/summary';
import type { Db } from '../database';
import { fileSetHash, importSourceVersion } from '../../sanctionSources/store';
import { RULE_LIST_DEMO_COMPANIES } from './ruleLists';
import { projectFile } from '../../projectFiles';

/**
 * The demo world's official sanctions sources (issue 34): real published files (data/sanctions, copied from
 * ../shared/data): OFAC's SDN list of January 2019 (the whole snapshot, ../shared/data/ofac), OFAC's Consolidated
 * (non-SDN) list of December 2025, the UN Consolidated List's first 200 entries of 2026-02-27 and 12 rows of the US
 * Consolidated Screening List. A company gets a source's version only while it has none: what an admin imports
 * stays; and a world seeded before the SDN was a source (its Sanction List holds the SDN entries as rows) gets no
 * SDN version beside them.
 */

interface DemoSource {
  source: SourceId;
  files: Partial<Record<SourceFileRole, string>>;
  /** When the file does not say it (OFAC's and the CSL's CSV carry no date): the month the sample was published. */
  publishedAt?: string;
}

const DEMO_SOURCES: readonly DemoSource[] = [
  {
    source: 'OFAC_SDN',
    files: { primary: 'ofac-sdn-2019/sdn.csv', alt: 'ofac-sdn-2019/alt.csv', add: 'ofac-sdn-2019/add.csv' },
    publishedAt: '2019-01-01T00:00:00Z',
  },
  {
    source: 'OFAC_CONS',
    files: {
      primary: 'ofac-consolidated/cons_prim.csv',
      alt: 'ofac-consolidated/cons_alt.csv',
      add: 'ofac-consolidated/cons_add.csv',
      comments: 'ofac-consolidated/cons_comments.csv',
    },
    publishedAt: '2025-12-01T00:00:00Z',
  },
  { source: 'UN', files: { list: 'un/UN_consolidated_sample.xml' } },
  { source: 'US_CSL', files: { list: 'us-csl/consolidated.csv' } },
];

export interface SourceSeedOptions {
  /** How many of the SDN snapshot's entries the OFAC_SDN version gets, in the list's order (all by default; test worlds take a few hundred). */
  sdnEntries?: number;
}

export async function seedSanctionSources(db: Db, options: SourceSeedOptions = {}): Promise<void> {
  for (const demo of DEMO_SOURCES) {
    const limit = demo.source === 'OFAC_SDN' ? (options.sdnEntries ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
    // No SDN entries asked for (SEED_SANCTION_ENTRIES=0: a start that must be quick): no SDN version, and its 2.7 MB are not read.
    if (limit === 0) continue;
    const files = Object.entries(demo.files).map(([role, file]) => ({
      role: role as SourceFileRole,
      name: file.split('/').pop() ?? file,
      bytes: readFileSync(projectFile(`src/server/db/seed/data/sanctions/${file}`)),
    }));
    let parsed: Awaited<ReturnType<typeof parseInSlices>> | undefined;
    for (const companyId of RULE_LIST_DEMO_COMPANIES) {
      const has = await db
        .selectFrom('sanction_source_versions')
        .select('version_id')
        .where('company_id', '=', companyId)
        .where('source', '=', demo.source)
        .limit(1)
        .executeTakeFirst();
      if (has || (demo.source === 'OFAC_SDN' && (await holdsSdnRows(db, companyId)))) continue;
      parsed ??= await parseInSlices(demo.source, Object.fromEntries(files.map((file) => [file.role, new Uint8Array(file.bytes)])));
      if (!parsed.ok) throw new Error(`The demo file of ${demo.source} is refused: ${JSON.stringify(parsed.problems.slice(0, 3))}`);
      const published = parsed.summary.publishedAt ?? demo.publishedAt;
      const entries = parsed.entries.length > limit ? parsed.entries.slice(0, limit) : parsed.entries;
      const fileHash = fileSetHash(files.map((file) => ({ role: file.role, hash: createHash('sha256').update(file.bytes).digest('hex') })));
      await importSourceVersion(db, undefined, {
        companyId,
        source: demo.source,
        // The first entries only are another content: another hash (screeners are kept by it, across databases).
        fileHash: entries === parsed.entries ? fileHash : createHash('sha256').update(`${fileHash}:first ${entries.length}`).digest('hex'),
        fileNames: files.map((file) => file.name).join(', '),
        entries,
        summary: entries === parsed.entries ? parsed.summary : summarise(demo.source, entries, parsed.summary.warnings, parsed.summary.publishedAt),
        ...(published ? { publishedAt: new Date(published) } : {}),
        via: 'seed',
      });
    }
  }
}

/** A demo file parsed in slices, the event loop free between its pieces (a starting server answers its probes meanwhile). */
function parseInSlices(source: SourceId, files: Partial<Record<SourceFileRole, Uint8Array>>) {
  return runInSlices(parseSourceFilesSteps(source, files));
}

/** Whether the company's Sanction List holds the SDN snapshot as rows, as the demo world was seeded before the SDN was a source. */
async function holdsSdnRows(db: Db, companyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('rule_list_rows')
    .select('row_id')
    .where('company_id', '=', companyId)
    .where('list_name', '=', 'sanctionlist')
    .where(sql<boolean>`row_values->>'listSource' = 'SDN'`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

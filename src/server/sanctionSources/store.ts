import { sql, type Selectable } from 'kysely';
import { createHash } from 'node:crypto';
import type { SourceEntry, SourceFileSummary, SourceId, SourceProblem } from '../../domain/screening/sources';
import { requestRescreen } from '../compliance/rescreen';
import type { ImportVia, SourceAttemptWire, SourceVersionWire } from '../../domain/sanctionSourcesWire';
import type { Db } from '../db/database';
import type { SanctionSourceVersionTable } from '../db/schema';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { JobQueue } from '../jobs/jobQueue';

/**
 * The versions of a company's sanctions sources (issue 34, migration 0020). A parsed file is stored once by the
 * SHA-256 of its bytes, its entries beside it; each import of it by a company is a version, and the latest version of
 * each source is what the company's shipments are screened against (carrierRules). A version counts what it added,
 * removed and changed against the version before it, and a new version re-screens the company's open shipments.
 */

export type { ImportVia };

export interface SourceImport {
  companyId: string;
  source: SourceId;
  /** The SHA-256 of the file (of an OFAC set: of its files' hashes by role). */
  fileHash: string;
  /** The files' names as given, e.g. "sdn.csv, alt.csv". */
  fileNames: string;
  entries: readonly SourceEntry[];
  summary: SourceFileSummary;
  /** When the list was published: the file's own date (UN), else the download's or upload's. */
  publishedAt?: Date;
  via: ImportVia;
  /** The user who uploaded; absent for the schedule and the demo world. */
  by?: string;
}

export interface ImportOutcome {
  outcome: 'imported' | 'unchanged';
  version: SourceVersionView;
}

export type SourceVersionView = SourceVersionWire;
export type SourceAttemptView = SourceAttemptWire;

const ENTRY_BATCH = 500;

/** The hash a version's file is known by: a single file's SHA-256, or for OFAC's set the SHA-256 of its files' hashes by part. */
export function fileSetHash(files: readonly { role: string; hash: string }[]): string {
  if (files.length === 1) return files[0].hash;
  return createHash('sha256')
    .update(
      files
        .map((file) => `${file.role}:${file.hash}`)
        .sort()
        .join('\n'),
    )
    .digest('hex');
}

/** The SHA-256 of an entry's content: two versions' entries of the same id differ when their hashes do. */
function contentHash(entry: SourceEntry): string {
  return createHash('sha256').update(JSON.stringify(entry)).digest('hex');
}

type VersionRow = Selectable<SanctionSourceVersionTable>;

export function versionView(row: VersionRow): SourceVersionView {
  return {
    VersionId: String(row.version_id),
    Source: row.source as SourceId,
    FileHash: row.file_hash,
    FileNames: row.file_names,
    PublishedAt: row.published_at ? row.published_at.toISOString() : null,
    ImportedAt: row.imported_at.toISOString(),
    ImportedBy: row.imported_by,
    Via: row.via,
    Entries: row.entries,
    Aliases: row.aliases,
    WeakAliases: row.weak_aliases,
    Added: row.added,
    Removed: row.removed,
    Changed: row.changed,
  };
}

/** Stores the file's entries unless a company imported the same file before (they are shared by hash). */
async function storeFile(trx: Db, file: SourceImport): Promise<void> {
  const inserted = await trx
    .insertInto('sanction_source_files')
    .values({
      file_hash: file.fileHash,
      source: file.source,
      published_at: file.publishedAt ?? null,
      summary: JSON.stringify(file.summary),
    })
    .onConflict((oc) => oc.column('file_hash').doNothing())
    .returning('file_hash')
    .executeTakeFirst();
  if (!inserted) return;
  for (let from = 0; from < file.entries.length; from += ENTRY_BATCH) {
    await nextTurn();
    const batch = file.entries.slice(from, from + ENTRY_BATCH);
    await trx
      .insertInto('sanction_source_entries')
      .values(batch.map((entry) => ({ file_hash: file.fileHash, entry_id: entry.entryId, content_hash: contentHash(entry), entry: JSON.stringify(entry) })))
      .execute();
  }
}

/**
 * A new version of the company's source from a parsed file; the same file as the current version is no new version
 * ('unchanged'). One import per company and source at a time (an advisory lock), so the versions' counts of changes
 * hold. The open shipments are re-screened after a new version (within the transaction: the run starts when it commits).
 */
export async function importSourceVersion(db: Db, jobs: JobQueue | undefined, file: SourceImport): Promise<ImportOutcome> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`sanction_source:${file.companyId}:${file.source}`}))`.execute(trx);
    const previous = await latestVersion(trx, file.companyId, file.source);
    if (previous?.file_hash === file.fileHash) {
      await recordAttempt(trx, {
        companyId: file.companyId,
        source: file.source,
        via: file.via,
        by: file.by,
        outcome: 'unchanged',
        versionId: previous.version_id,
      });
      return { outcome: 'unchanged' as const, version: versionView(previous) };
    }
    await storeFile(trx, file);
    const changes = previous ? await changesBetween(trx, previous.file_hash, file.fileHash) : { added: file.entries.length, removed: 0, changed: 0 };
    const row = await trx
      .insertInto('sanction_source_versions')
      .values({
        company_id: file.companyId,
        source: file.source,
        file_hash: file.fileHash,
        file_names: file.fileNames.slice(0, 500),
        published_at: file.publishedAt ?? null,
        imported_by: file.by ?? null,
        via: file.via,
        entries: file.summary.entries,
        aliases: file.summary.aliases,
        weak_aliases: file.summary.weakAliases,
        ...changes,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAttempt(trx, { companyId: file.companyId, source: file.source, via: file.via, by: file.by, outcome: 'imported', versionId: row.version_id });
    const version = versionView(row as VersionRow);
    if (file.via !== 'seed') {
      await requestRescreen(trx, jobs, {
        companyId: file.companyId,
        listName: 'sanctionlist',
        reason: `Sanction source ${file.source}: version of ${(version.PublishedAt ?? version.ImportedAt).slice(0, 10)} imported (${changes.added} added, ${changes.removed} removed, ${changes.changed} changed)`,
        requestedBy: file.by ?? 'schedule',
        // Only the shipments what the version added, removed or changed concerns (rescreenTarget.ts).
        scope: { sources: [{ source: file.source, fromFile: previous?.file_hash ?? null }] },
      });
    }
    return { outcome: 'imported' as const, version };
  });
}

/** Entries added, removed and changed (same id, other content) from one file to another. */
async function changesBetween(db: Db, before: string, after: string): Promise<{ added: number; removed: number; changed: number }> {
  const row = await sql<{ added: string; removed: string; changed: string }>`
    SELECT count(*) FILTER (WHERE b.entry_id IS NULL) AS added,
           count(*) FILTER (WHERE a.entry_id IS NULL) AS removed,
           count(*) FILTER (WHERE a.entry_id IS NOT NULL AND b.entry_id IS NOT NULL AND a.content_hash <> b.content_hash) AS changed
    FROM (SELECT entry_id, content_hash FROM sanction_source_entries WHERE file_hash = ${after}) a
    FULL JOIN (SELECT entry_id, content_hash FROM sanction_source_entries WHERE file_hash = ${before}) b ON a.entry_id = b.entry_id`.execute(db);
  const counts = row.rows[0];
  return { added: Number(counts.added), removed: Number(counts.removed), changed: Number(counts.changed) };
}

export type ChangeKind = 'added' | 'removed' | 'changed';

/** The entries a version added, removed or changed against the version before it (for a removed one: as it was). */
export async function versionChanges(
  db: Db,
  companyId: string,
  versionId: string,
  kind: ChangeKind,
  page: { offset: number; limit: number },
): Promise<{ entries: SourceEntry[]; total: number } | undefined> {
  const version = await db
    .selectFrom('sanction_source_versions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('version_id', '=', versionId)
    .executeTakeFirst();
  if (!version) return undefined;
  const before = await db
    .selectFrom('sanction_source_versions')
    .select('file_hash')
    .where('company_id', '=', companyId)
    .where('source', '=', version.source)
    .where('version_id', '<', versionId)
    .orderBy('version_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const after = version.file_hash;
  const previous = before?.file_hash ?? '';
  const [from, other] = kind === 'removed' ? [previous, after] : [after, previous];
  const condition = kind === 'changed' ? sql`o.entry_id IS NOT NULL AND o.content_hash <> e.content_hash` : sql`o.entry_id IS NULL`;
  const rows = await sql<{ entry: SourceEntry; total: string }>`
    SELECT e.entry, count(*) OVER () AS total
    FROM sanction_source_entries e
    LEFT JOIN sanction_source_entries o ON o.file_hash = ${other} AND o.entry_id = e.entry_id
    WHERE e.file_hash = ${from} AND ${condition}
    ORDER BY e.entry_id
    OFFSET ${page.offset} LIMIT ${page.limit}`.execute(db);
  return { entries: rows.rows.map((row) => row.entry), total: Number(rows.rows[0]?.total ?? 0) };
}

/** The company's current version of a source (its latest). */
export async function latestVersion(db: Db, companyId: string, source: string): Promise<VersionRow | undefined> {
  return (await db
    .selectFrom('sanction_source_versions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('source', '=', source)
    .orderBy('version_id', 'desc')
    .limit(1)
    .executeTakeFirst()) as VersionRow | undefined;
}

/** Records an import or refresh that did not make a version: refused (the file's problems) or failed (unreachable...). */
export async function recordAttempt(
  db: Db,
  attempt: {
    companyId: string;
    source: string;
    via: ImportVia;
    by?: string;
    outcome: SourceAttemptView['Outcome'];
    reason?: string;
    problems?: readonly SourceProblem[];
    versionId?: string;
  },
): Promise<void> {
  await db
    .insertInto('sanction_source_attempts')
    .values({
      company_id: attempt.companyId,
      source: attempt.source,
      via: attempt.via,
      requested_by: attempt.by ?? null,
      outcome: attempt.outcome,
      reason: attempt.reason?.slice(0, 2000) ?? null,
      problems: attempt.problems ? JSON.stringify(attempt.problems.slice(0, 60)) : null,
      version_id: attempt.versionId ?? null,
    })
    .execute();
}

/** The current version of each of the company's sources (the latest), by source. */
export async function currentVersions(db: Db, companyId: string): Promise<Map<string, SourceVersionView>> {
  const rows = await sql<VersionRow>`
    SELECT DISTINCT ON (source) * FROM sanction_source_versions WHERE company_id = ${companyId} ORDER BY source, version_id DESC`.execute(db);
  return new Map(rows.rows.map((row) => [row.source, versionView(row)]));
}

/** The current versions' sources and file hashes, for the signature of the company's screening (carrierRules). */
export async function currentFiles(
  db: Db,
  companyId: string,
): Promise<{ source: string; fileHash: string; versionId: string; publishedAt: string | null; importedAt: string }[]> {
  const rows = await sql<{ source: string; file_hash: string; version_id: string; published_at: Date | null; imported_at: Date }>`
    SELECT DISTINCT ON (source) source, file_hash, version_id, published_at, imported_at FROM sanction_source_versions
    WHERE company_id = ${companyId} ORDER BY source, version_id DESC`.execute(db);
  return rows.rows.map((row) => ({
    source: row.source,
    fileHash: row.file_hash,
    versionId: String(row.version_id),
    publishedAt: row.published_at?.toISOString() ?? null,
    importedAt: row.imported_at.toISOString(),
  }));
}

/** A source's versions, newest first. */
export async function sourceVersions(db: Db, companyId: string, source: string, limit = 50): Promise<SourceVersionView[]> {
  const rows = await db
    .selectFrom('sanction_source_versions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('source', '=', source)
    .orderBy('version_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => versionView(row as VersionRow));
}

/** The latest attempt of each source that was refused or failed and came after the source's last success. */
export async function lastFailures(db: Db, companyId: string): Promise<Map<string, SourceAttemptView>> {
  const rows = await sql<{
    attempt_id: string;
    source: SourceId;
    at: Date;
    via: ImportVia;
    requested_by: string | null;
    outcome: SourceAttemptView['Outcome'];
    reason: string | null;
    problems: SourceProblem[] | null;
  }>`
    SELECT * FROM (
      SELECT DISTINCT ON (source) * FROM sanction_source_attempts WHERE company_id = ${companyId} ORDER BY source, attempt_id DESC
    ) latest WHERE outcome IN ('refused', 'failed')`.execute(db);
  return new Map(
    rows.rows.map((row) => [
      row.source,
      {
        AttemptId: String(row.attempt_id),
        Source: row.source,
        At: row.at.toISOString(),
        Via: row.via,
        RequestedBy: row.requested_by,
        Outcome: row.outcome,
        Reason: row.reason,
        Problems: row.problems ?? [],
      },
    ]),
  );
}

/** Entries per read of a stored file: the driver parses a read's JSON at once (5,000 OFAC entries, 6 MB, took 90 ms). */
const ENTRIES_PER_READ = 1000;

/** A stored file's entries, in id order, read a thousand at a time. */
export async function entriesOfFile(db: Db, fileHash: string): Promise<SourceEntry[]> {
  const entries: SourceEntry[] = [];
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('sanction_source_entries')
      .select(['entry_id', 'entry'])
      .where('file_hash', '=', fileHash)
      .where('entry_id', '>', after)
      .orderBy('entry_id')
      .limit(ENTRIES_PER_READ)
      .execute();
    for (const row of rows) entries.push(row.entry as SourceEntry);
    if (rows.length < ENTRIES_PER_READ) return entries;
    after = rows[rows.length - 1].entry_id;
    await nextTurn();
  }
}

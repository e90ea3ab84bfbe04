import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { FunctionId } from '../../domain/access';
import {
  createSourceParser,
  type SourceEntry,
  type SourceFileRole,
  type SourceFileSummary,
  type SourceId,
  type SourceProblem,
} from '../../domain/screening/sources';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/jobQueue';
import type { Mailer } from '../mail/mailer';
import { fileRoleOf, problemText, SOURCE_LABELS, SOURCE_MAX_BYTES } from '../../domain/screening/sources/sourceFiles';
import { fileSetHash, importSourceVersion, latestVersion, recordAttempt } from './store';

/**
 * The scheduled refresh of the sanctions sources (issue 34): every SANCTIONS_REFRESH the sources of SANCTIONS_SOURCES
 * are fetched (once for all companies), read as they arrive, and become a new version for each company that screens
 * (one with a Sanction List or a source version). A refresh that fails (the source unreachable, the file refused, the
 * list shrinking by more than SHRINK_LIMIT at once) keeps the current version, is kept as the source's last failure
 * (the Sanction Sources page shows it) and is mailed to the company's admins (those whose role holds the Sanction
 * Sources function) when it is the first failure after a success.
 */

/** A list shrinking by more than this share at once is taken for a broken download, not a delisting. */
export const SHRINK_LIMIT = 0.2;
/** How long one file's download may take. */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

type Download =
  | { ok: true; fileHash: string; fileNames: string; entries: SourceEntry[]; summary: SourceFileSummary; publishedAt: Date }
  | { ok: false; outcome: 'failed' | 'refused'; reason: string; problems?: readonly SourceProblem[] };

export interface RefreshDeps {
  db: Db;
  config: Pick<Config, 'sanctionsSources' | 'sanctionsRefreshMinutes'>;
  mailer: Mailer;
  jobs?: JobQueue;
  now?: () => Date;
}

export interface RefreshReport {
  source: SourceId;
  outcome: 'fetched' | 'failed' | 'refused';
  companies: number;
}

/** The file name a URL ends in ("sdn.csv"). */
function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}

/** Fetches and reads a source's files; never throws. */
export async function downloadSource(source: SourceId, urls: readonly string[]): Promise<Download> {
  const parser = createSourceParser(source);
  const hashes: { role: SourceFileRole; hash: string }[] = [];
  const names: string[] = [];
  let bytes = 0;
  let lastModified: Date | undefined;
  for (const url of urls) {
    const name = fileNameOf(url);
    // A one-file source may be served under any name; OFAC's set is told apart by its files' names.
    const role = parser.files.length === 1 ? parser.files[0] : fileRoleOf(source, name);
    if (!role)
      return { ok: false, outcome: 'failed', reason: `${url} is not a file of ${SOURCE_LABELS[source]} (its name must be one of OFAC's: ${name || 'none'})` };
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
    } catch (error) {
      return { ok: false, outcome: 'failed', reason: `${url} could not be reached: ${(error as Error).message}` };
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { ok: false, outcome: 'failed', reason: `${url} answered HTTP ${response.status}` };
    }
    const hash = createHash('sha256');
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (bytes > SOURCE_MAX_BYTES)
          return { ok: false, outcome: 'failed', reason: `${url}: the files are larger than ${SOURCE_MAX_BYTES / 1024 / 1024} MB together` };
        hash.update(chunk);
        parser.push(chunk, role);
      }
    } catch (error) {
      return { ok: false, outcome: 'failed', reason: `${url} broke off: ${(error as Error).message}` };
    }
    const modified = Date.parse(response.headers.get('last-modified') ?? '');
    if (Number.isFinite(modified) && (!lastModified || modified > lastModified.getTime())) lastModified = new Date(modified);
    hashes.push({ role, hash: hash.digest('hex') });
    names.push(name || url);
  }
  const result = parser.end();
  if (!result.ok) return { ok: false, outcome: 'refused', reason: `The file is refused: ${problemText(result.problems[0])}`, problems: result.problems };
  const published = result.summary.publishedAt ? new Date(result.summary.publishedAt) : lastModified;
  return {
    ok: true,
    fileHash: fileSetHash(hashes),
    fileNames: names.join(', '),
    entries: result.entries,
    summary: result.summary,
    publishedAt: published ?? new Date(),
  };
}

/** The companies that screen: those with a Sanction List row or a source version. */
async function screeningCompanies(db: Db): Promise<string[]> {
  const rows = await sql<{ company_id: string }>`
    SELECT company_id FROM rule_list_rows WHERE list_name = 'sanctionlist'
    UNION SELECT company_id FROM sanction_source_versions ORDER BY company_id`.execute(db);
  return rows.rows.map((row) => row.company_id);
}

/** When the source was last fetched by the schedule (for any company). */
async function lastScheduled(db: Db, source: SourceId): Promise<Date | undefined> {
  const row = await db
    .selectFrom('sanction_source_attempts')
    .select(sql<Date>`max(at)`.as('at'))
    .where('source', '=', source)
    .where('via', '=', 'schedule')
    .executeTakeFirst();
  return row?.at ?? undefined;
}

async function latestAttemptFailed(db: Db, companyId: string, source: SourceId): Promise<boolean> {
  const row = await db
    .selectFrom('sanction_source_attempts')
    .select('outcome')
    .where('company_id', '=', companyId)
    .where('source', '=', source)
    .orderBy('attempt_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.outcome === 'failed' || row?.outcome === 'refused';
}

/** Mails the company's admins (users whose role holds the Sanction Sources function) that a refresh failed. */
async function mailAdmins(deps: RefreshDeps, companyId: string, source: SourceId, reason: string): Promise<void> {
  const admins = await deps.db
    .selectFrom('users')
    .innerJoin('role_functions', 'role_functions.role_id', 'users.role_id')
    .select(['users.email'])
    .where('users.company_id', '=', companyId)
    .where('role_functions.function_id', '=', FunctionId.SANCTION_SOURCES)
    .where('users.is_locked', '=', false)
    .where('users.email', 'is not', null)
    .execute();
  for (const { email } of admins) {
    if (!email) continue;
    await deps.mailer.send({
      to: email,
      subject: `Sanctions list refresh failed: ${SOURCE_LABELS[source]}`,
      text: [
        `The scheduled refresh of ${SOURCE_LABELS[source]} (${source}) for ${companyId} failed:`,
        '',
        reason,
        '',
        'Shipments are still screened against the current version. The Sanction Sources page shows the failure; an admin can upload the file there.',
      ].join('\n'),
    });
  }
}

/**
 * Fetches every configured source that is due and brings each screening company up to it. One instance at a time
 * (a session advisory lock on a connection of its own; another instance finding it held does nothing).
 */
export async function refreshSanctionSources(deps: RefreshDeps, { force = false }: { force?: boolean } = {}): Promise<RefreshReport[]> {
  const configured = Object.entries(deps.config.sanctionsSources) as [SourceId, string[]][];
  const every = deps.config.sanctionsRefreshMinutes;
  if (configured.length === 0 || (every === undefined && !force)) return [];
  return deps.db.connection().execute(async (connection) => {
    const key = 'cargo-portal:sanctions-refresh';
    const locked = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS locked`.execute(connection);
    if (!locked.rows[0]?.locked) return [];
    try {
      const reports: RefreshReport[] = [];
      const now = deps.now?.() ?? new Date();
      for (const [source, urls] of configured) {
        const last = await lastScheduled(deps.db, source);
        if (!force && last && every !== undefined && now.getTime() - last.getTime() < every * 60_000) continue;
        const download = await downloadSource(source, urls);
        const companies = await screeningCompanies(deps.db);
        for (const companyId of companies) await applyDownload(deps, companyId, source, download);
        reports.push({ source, outcome: download.ok ? 'fetched' : download.outcome, companies: companies.length });
      }
      return reports;
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}

async function applyDownload(deps: RefreshDeps, companyId: string, source: SourceId, download: Download): Promise<void> {
  const fail = async (outcome: 'failed' | 'refused', reason: string, problems?: readonly SourceProblem[]) => {
    const firstFailure = !(await latestAttemptFailed(deps.db, companyId, source));
    await recordAttempt(deps.db, { companyId, source, via: 'schedule', outcome, reason, ...(problems ? { problems } : {}) });
    if (firstFailure) await mailAdmins(deps, companyId, source, `${reason} The current version stays.`);
  };
  if (!download.ok) return fail(download.outcome, download.reason, download.problems);
  const current = await latestVersion(deps.db, companyId, source);
  if (current && current.file_hash !== download.fileHash && download.summary.entries < current.entries * (1 - SHRINK_LIMIT)) {
    const shrink = Math.round((1 - download.summary.entries / current.entries) * 100);
    return fail(
      'failed',
      `The list shrank from ${current.entries.toLocaleString('en')} to ${download.summary.entries.toLocaleString('en')} entries (${shrink} %) at once, more than ${SHRINK_LIMIT * 100} %: taken for a broken file, not imported.`,
    );
  }
  await importSourceVersion(deps.db, deps.jobs, {
    companyId,
    source,
    fileHash: download.fileHash,
    fileNames: download.fileNames,
    entries: download.entries,
    summary: download.summary,
    publishedAt: download.publishedAt,
    via: 'schedule',
  });
}

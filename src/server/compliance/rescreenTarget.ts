import { sql } from 'kysely';
import type { AirWaybill, HouseManifest } from '../../domain/cargoMessages';
import { houseSubjects, SanctionScreener, screeningEntriesSteps, waybillSubjects, type EntryScreener } from '../../domain/screening';
import type { SourceEntry } from '../../domain/screening/sources';
import type { Db } from '../db/database';
import type { RescreenScope } from '../db/schema';
import { runInSlices } from '../eventLoop';
import { currentFiles } from '../sanctionSources/store';
import { sourceScreener } from './carrierRules';
import { reviewedHitsOf } from './storedHits';

/**
 * What a new version of a sanctions source concerns (issue 34, 5): the shipments whose parties match an entry it
 * added or changed, and those holding a hit on an entry it removed or changed. The added and changed entries are
 * indexed alone, weighed by the words of the whole version (SanctionScreener.alongside), so a party matches one
 * of them exactly as the whole version's screener would match it; every other shipment's screening is unchanged,
 * and a run limited to the scope passes over them.
 */

export interface RescreenTarget {
  concerns(shipment: { waybill: unknown; house_manifest: unknown; sanction_hits: unknown }): boolean;
  /** Entries the versions added or changed, and removed or changed. */
  entries: { addedOrChanged: number; removedOrChanged: number };
}

/** The entries of `to` that `from` lacks as they are, and the ids of those of `from` that `to` lacks as they are. */
async function changedEntries(db: Db, from: string, to: string): Promise<{ added: SourceEntry[]; gone: string[] }> {
  const added = await sql<{ entry: SourceEntry }>`
    SELECT a.entry FROM sanction_source_entries a
    WHERE a.file_hash = ${to}
      AND NOT EXISTS (SELECT 1 FROM sanction_source_entries b WHERE b.file_hash = ${from} AND b.entry_id = a.entry_id AND b.content_hash = a.content_hash)
    ORDER BY a.entry_id`.execute(db);
  const gone = await sql<{ entry_id: string }>`
    SELECT b.entry_id FROM sanction_source_entries b
    WHERE b.file_hash = ${from}
      AND NOT EXISTS (SELECT 1 FROM sanction_source_entries a WHERE a.file_hash = ${to} AND a.entry_id = b.entry_id AND a.content_hash = b.content_hash)`.execute(
    db,
  );
  return { added: added.rows.map((row) => row.entry), gone: gone.rows.map((row) => row.entry_id) };
}

/**
 * The target of a run, made once for all its chunks (a version changing thousands of entries takes seconds to
 * compare and index), as long as the company's current files are those it was made for.
 */
const targets = new Map<string, { files: string; target: Promise<RescreenTarget | undefined> }>();

export async function rescreenTargetOfRun(db: Db, runId: string, companyId: string, scope: RescreenScope): Promise<RescreenTarget | undefined> {
  const files = JSON.stringify(await currentFiles(db, companyId));
  const kept = targets.get(runId);
  if (kept?.files === files) return kept.target;
  // A few runs' targets (one per company re-screening at once); the oldest goes first.
  targets.delete(runId);
  if (targets.size >= 4) targets.delete(targets.keys().next().value as string);
  const target = rescreenTarget(db, companyId, scope);
  targets.set(runId, { files, target });
  target.catch(() => targets.delete(runId));
  return target;
}

/**
 * The target of a run limited to `scope`, against the company's current versions; undefined when it concerns every
 * shipment (a source's first version, or one no longer current).
 */
export async function rescreenTarget(db: Db, companyId: string, scope: RescreenScope): Promise<RescreenTarget | undefined> {
  const current = new Map((await currentFiles(db, companyId)).map((file) => [file.source, file.fileHash]));
  const screeners: EntryScreener[] = [];
  const gone = new Set<string>();
  let addedOrChanged = 0;
  for (const { source, fromFile } of scope.sources) {
    const to = current.get(source);
    if (!fromFile || !to) return undefined;
    if (fromFile === to) continue;
    const changes = await changedEntries(db, fromFile, to);
    for (const id of changes.gone) gone.add(id);
    addedOrChanged += changes.added.length;
    if (changes.added.length === 0) continue;
    const whole = await sourceScreener(db, to);
    screeners.push(await runInSlices(SanctionScreener.alongsideSteps(whole, await runInSlices(screeningEntriesSteps(changes.added)))));
  }
  return {
    entries: { addedOrChanged, removedOrChanged: gone.size },
    concerns(shipment) {
      if (reviewedHitsOf(shipment.sanction_hits).some((hit) => gone.has(hit.entryId))) return true;
      if (screeners.length === 0 || !shipment.waybill) return false;
      const waybill = shipment.waybill as AirWaybill;
      const subjects = [
        ...waybillSubjects(waybill),
        ...((shipment.house_manifest as HouseManifest | null)?.houses ?? []).flatMap((house) => houseSubjects(house)),
      ];
      return subjects.some((subject) => screeners.some((screener) => screener.screenSubject(subject).length > 0));
    },
  };
}

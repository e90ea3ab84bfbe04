import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { DECIDING_LISTS, effectListsOf, listsPreparation, type EffectList, type RuleLists, type RuleRow } from '../../domain/compliance';
import {
  editedScreenerSteps,
  SanctionScreener,
  SanctionWhitelist,
  ScreenerSet,
  type EntryScreener,
  sanctionEntryFromRow,
  screeningEntriesSteps,
  whitelistEntryFromRow,
  type SanctionListEntry,
  type WhitelistEntry,
} from '../../domain/screening';
import { readInChunks, type Db } from '../db/database';
import { runInSlices } from '../eventLoop';
import { currentFiles, entriesOfFile } from '../sanctionSources/store';
import { effectPlugins } from './effectLists';

/**
 * A carrier's rule lists as the engine reads them, with the sanction screening: a screener of its
 * Sanction List's rows and one of each official source's current version (issue 34), screened as one.
 * Building a screener over the whole SDN list takes seconds, so each is kept: per database and company
 * while the lists' signature (rows and last change per list, the sources' current versions) holds, and
 * by content (the rows') or file (a source version's) across companies and databases, so a new version
 * of one source, or an edit of one row, rebuilds only its own screener; and an edit of a few rows is
 * screened at once beside the index of the rows before it while the list's own is built (EditedScreener).
 */

export interface CarrierRules {
  carrierId: string;
  lists: RuleLists;
  /** The lists whose plugins declare effects, with their rows, for the engine's generic rules. */
  effectLists: EffectList[];
  screener: ScreenerSet;
  whitelist: SanctionWhitelist;
  /** The Sanction Whitelist row each whitelist entry was read from, and who added or last changed it. */
  whitelistRows: ReadonlyMap<WhitelistEntry, { rowId: string; by: string }>;
  /** Entries of the sanction list: its rows and the current versions of its sources. */
  sanctionEntries: number;
  /** Changes whenever any of the carrier's lists changes. */
  signature: string;
}

/**
 * A carrier's rules by signature; `previousScreener` holds the sanction screener of the rules they replace until
 * they are loaded (held weakly otherwise, it is then reused rather than built again). Only the screener: the
 * rules it came with (their lists' rows and compiled matching values, some 100 MB for a list of 50,000 rows)
 * are let go as the new ones load, not held beside them.
 */
/** `loaded`: the sanction entries and the time of the last rules that finished loading (the previous ones' while these load), for the metrics. */
interface CachedRules {
  signature: string;
  rules: Promise<CarrierRules>;
  previousScreener?: Promise<EntryScreener | undefined>;
  loaded?: { entries: number; at: number };
}
const byDatabase = new WeakMap<Db, Map<string, CachedRules>>();
/**
 * Screeners by their list's content: held while they are built, then only as long as some carrier's
 * rules hold them (a WeakRef), so that a list's older versions do not stay in memory beside the new
 * (a screener of a large list is hundreds of megabytes).
 */
const screeners = new Map<string, { building?: Promise<SanctionScreener>; built?: WeakRef<SanctionScreener> }>();

/** The lists the engine and screening read: the built-in deciding lists and those whose plugins declare effects. */
function readLists(db: Db): string[] {
  return [...DECIDING_LISTS, ...effectPlugins(db).map((plugin) => plugin.name)];
}

async function signatureOf(db: Db, carrierId: string): Promise<string> {
  const rows = await db
    .selectFrom('rule_list_rows')
    .select([
      'list_name',
      sql<string>`count(*)`.as('rows'),
      sql<string>`max(row_id)`.as('last_id'),
      sql<string>`max(updated_at)::text`.as('changed'),
      // Every change of a row moves its version: a replacing import's edits in place, stamped with its
      // transaction's start, may be older than a change that committed before it.
      sql<string>`sum(version)`.as('versions'),
    ])
    .where('company_id', '=', carrierId)
    .where('list_name', 'in', readLists(db))
    .groupBy('list_name')
    .orderBy('list_name')
    .execute();
  const sources = await currentFiles(db, carrierId);
  return [
    ...rows.map((row) => `${row.list_name}:${row.rows}:${row.last_id}:${row.changed}:${row.versions}`),
    ...sources.map((file) => `source:${file.source}:${file.versionId}:${file.fileHash}`),
  ].join('|');
}

/**
 * The screener of a sanction list's content, built once however many requests ask for it at the same
 * time; the build yields between slices (SanctionScreener.build), so the process answers meanwhile.
 */
async function screenerFor(entries: SanctionListEntry[], previous?: EntryScreener): Promise<EntryScreener> {
  const key = await runInSlices(contentKey(entries));
  const kept = screeners.get(key);
  const built = kept?.built?.deref();
  if (built) return built;
  // An edit of the list the carrier's rules screened with: its index kept, the edited entries beside it,
  // the whole list indexed meanwhile (EditedScreener).
  const edited = previous && !kept?.building ? await runInSlices(editedScreenerSteps(previous, entries)) : undefined;
  const whole = keptScreener(key, async () => entries);
  if (!edited) return whole;
  whole.then(
    (screener) => edited.replaceWith(screener),
    () => undefined,
  );
  return edited;
}

/** The screener of a source's version: its file's entries, read from the database only when no carrier holds it built. */
export function sourceScreener(db: Db, fileHash: string): Promise<SanctionScreener> {
  return keptScreener(`source:${fileHash}`, async () => runInSlices(screeningEntriesSteps(await entriesOfFile(db, fileHash))));
}

async function sourceScreenerFor(db: Db, fileHash: string): Promise<{ screener: SanctionScreener; entries: number }> {
  const screener = await sourceScreener(db, fileHash);
  return { screener, entries: screener.entryCount };
}

/** The screener kept under `key`, or one built of the entries `read` answers (once, however many ask meanwhile). */
async function keptScreener(key: string, read: () => Promise<readonly SanctionListEntry[]>): Promise<SanctionScreener> {
  for (const [held, kept] of screeners) if (kept.built && !kept.built.deref()) screeners.delete(held);
  const kept = screeners.get(key);
  const alive = kept?.built?.deref();
  if (alive) return alive;
  if (kept?.building) return kept.building;
  const building = read().then((entries) => SanctionScreener.build(entries));
  const slot = { building };
  screeners.set(key, slot);
  building.then(
    (screener) => screeners.get(key) === slot && screeners.set(key, { built: new WeakRef(screener) }),
    () => screeners.get(key) === slot && screeners.delete(key),
  );
  return building;
}

/** The SHA-256 of a sanction list's content, taken a few hundred entries at a time (a list of 50,000 is megabytes of JSON). */
function* contentKey(entries: readonly SanctionListEntry[]): Generator<void, string> {
  const hash = createHash('sha256');
  for (let from = 0; from < entries.length; from += 500) {
    hash.update(JSON.stringify(entries.slice(from, from + 500)));
    yield;
  }
  return hash.digest('hex');
}

/** Stores a value for the callers to share until `settles` fails; then it goes (unless replaced meanwhile), so that the next caller tries again. */
function keptUnlessFailed<K, V>(cache: Map<K, V>, key: K, value: V, settles: Promise<unknown>): V {
  cache.set(key, value);
  settles.catch(() => {
    if (cache.get(key) === value) cache.delete(key);
  });
  return value;
}

/** The lists' rows grouped by list, the sanction list's entries and the whitelist's, read a few hundred rows at a time. */
function* readRows(rows: readonly { row_id: string; list_name: string; row_values: unknown; updated_by: string }[]) {
  const lists: Record<string, RuleRow[]> = {};
  const entries: SanctionListEntry[] = [];
  const whitelistRows = new Map<WhitelistEntry, { rowId: string; by: string }>();
  for (const [index, row] of rows.entries()) {
    if (index % 500 === 499) yield;
    const ruleRow = { id: String(row.row_id), values: row.row_values as RuleRow['values'] };
    lists[row.list_name] ??= [];
    lists[row.list_name].push(ruleRow);
    if (row.list_name === 'sanctionlist') {
      const entry = sanctionEntryFromRow(ruleRow.values);
      if (entry) entries.push(entry);
    } else if (row.list_name === 'sanctionwhitelist') {
      const entry = whitelistEntryFromRow(ruleRow.values);
      if (entry) whitelistRows.set(entry, { rowId: ruleRow.id, by: row.updated_by });
    }
  }
  return { lists, entries, whitelistRows };
}

async function loadCarrierRules(db: Db, carrierId: string, signature: string, previousScreener?: Promise<EntryScreener | undefined>): Promise<CarrierRules> {
  const rows = await readInChunks(
    db
      .selectFrom('rule_list_rows')
      .select(['row_id', 'list_name', 'row_values', 'updated_by'])
      .where('company_id', '=', carrierId)
      .where('list_name', 'in', readLists(db))
      .orderBy('row_id'),
  );
  const { lists, entries, whitelistRows } = await runInSlices(readRows(rows));
  const whitelist = [...whitelistRows.keys()];
  const effectLists = effectListsOf(effectPlugins(db), lists);
  // What the engine derives from the rows (places, compiled matching values) is built now, in slices,
  // rather than by the first shipment evaluated, which would hold the thread for it.
  await runInSlices(listsPreparation(lists as RuleLists, effectLists));
  const internal = await screenerFor(entries, await previousScreener);
  const sources = [];
  for (const file of await currentFiles(db, carrierId)) {
    const version = { versionId: file.versionId, publishedAt: file.publishedAt, importedAt: file.importedAt };
    sources.push({ ...(await sourceScreenerFor(db, file.fileHash)), version });
  }
  return {
    carrierId,
    lists: lists as RuleLists,
    effectLists,
    screener: new ScreenerSet([internal, ...sources.map((source) => source.screener)], [undefined, ...sources.map((source) => source.version)]),
    whitelist: await runInSlices(SanctionWhitelist.steps(whitelist)),
    whitelistRows,
    sanctionEntries: entries.length + sources.reduce((sum, source) => sum + source.entries, 0),
    signature,
  };
}

/** A carrier's screening index as this process loaded it last: how many sanction entries, since when (metrics). */
export interface ScreeningIndex {
  carrierId: string;
  entries: number;
  loadedAt: number;
}

export function screeningIndexes(db: Db): ScreeningIndex[] {
  return [...(byDatabase.get(db) ?? [])].flatMap(([carrierId, cached]) =>
    cached.loaded ? [{ carrierId, entries: cached.loaded.entries, loadedAt: cached.loaded.at }] : [],
  );
}

/**
 * The carrier's rules for the lists as they are now. Requests that come while they load (the first
 * screening builds the sanction screener over seconds) share that one load instead of each reading
 * and hashing the whole list again.
 */
export async function carrierRules(db: Db, carrierId: string): Promise<CarrierRules> {
  const signature = await signatureOf(db, carrierId);
  let cache = byDatabase.get(db);
  if (!cache) {
    cache = new Map();
    byDatabase.set(db, cache);
  }
  const cached = cache.get(carrierId);
  if (cached && cached.signature === signature) return cached.rules;
  const previousScreener = cached?.rules.then(
    (previous) => previous.screener.screeners[0],
    () => undefined,
  );
  const rules = loadCarrierRules(db, carrierId, signature, previousScreener);
  const entry: CachedRules = { signature, rules, ...(previousScreener ? { previousScreener } : {}), ...(cached?.loaded ? { loaded: cached.loaded } : {}) };
  rules.then(
    (loaded) => {
      delete entry.previousScreener;
      entry.loaded = { entries: loaded.sanctionEntries, at: Date.now() };
    },
    () => undefined,
  );
  return keptUnlessFailed(cache, carrierId, entry, rules).rules;
}

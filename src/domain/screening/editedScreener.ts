import type { SanctionHit, SanctionListEntry, ScreeningSubject } from './sanctionList';
import { SanctionScreener } from './sanctionScreener';

/**
 * An edit of a company's own sanction list reaching the next screening at once (issue 34): the index of
 * the list as it was is kept, the entries the edit added or changed are indexed beside it (weighed by
 * the same word statistics), and those it removed or changed are left out of the kept index's hits.
 * Indexing 7,383 entries again took each process 1.1 s; an edit's few take milliseconds. The whole
 * list's own index is built meanwhile (in slices) and, once there, screens alone: the statistics of
 * the words then count the edited entries too, as a process started after the edit counts them.
 */

/** What a ScreenerSet screens with: a list's screener, or an edited one. */
export interface EntryScreener {
  readonly threshold: number;
  readonly entryCount: number;
  screenSubject(subject: ScreeningSubject, threshold?: number): SanctionHit[];
}

/** The most entries an edit may add, change or remove beside a kept index; more are indexed with the whole list at once. */
export const EDITED_ENTRIES_MAX = 1_000;

/** Entries compared between two pauses of the comparison of two versions of a list. */
const ENTRIES_PER_STEP = 500;

export class EditedScreener implements EntryScreener {
  readonly threshold: number;
  /** The kept index and what the edit changed beside it, until the whole list's own index replaces them (and lets them go). */
  private layers: { base: SanctionScreener; removed: ReadonlySet<number>; added: SanctionScreener } | undefined;
  private rebuilt: SanctionScreener | undefined;
  private distinctEntries: number | undefined;

  /**
   * `base`: the index of the list as it was (its entries in `base.entries`); `removed`: its entries (by their
   * index in its list) the edit removed or changed; `added`: the entries the edit added or changed, indexed
   * alone; `entries`: the list as it is now.
   */
  constructor(
    base: SanctionScreener,
    removed: ReadonlySet<number>,
    added: SanctionScreener,
    readonly entries: readonly SanctionListEntry[],
  ) {
    this.threshold = base.threshold;
    this.layers = { base, removed, added };
  }

  get entryCount(): number {
    this.distinctEntries ??= new Set(this.entries.map((entry) => entry.entryId)).size;
    return this.distinctEntries;
  }

  /** The index a later edit is compared with: the whole list's once built, else the kept one. */
  get index(): SanctionScreener {
    return this.rebuilt ?? (this.layers as NonNullable<typeof this.layers>).base;
  }

  /** Whether the whole list's own index screens (replaceWith came). */
  get isWhole(): boolean {
    return this.rebuilt !== undefined;
  }

  /** The whole list's own index, which screens alone from now on. */
  replaceWith(screener: SanctionScreener): void {
    this.rebuilt = screener;
    this.layers = undefined;
  }

  screenSubject(subject: ScreeningSubject, threshold = this.threshold): SanctionHit[] {
    if (this.rebuilt) return this.rebuilt.screenSubject(subject, threshold);
    const { base, removed, added } = this.layers as NonNullable<typeof this.layers>;
    const best = new Map<string, SanctionHit>();
    for (const hit of [...base.screenSubject(subject, threshold, removed), ...added.screenSubject(subject, threshold)]) {
      const current = best.get(hit.entryId);
      if (!current || current.score < hit.score) best.set(hit.entryId, hit);
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId));
  }
}

/**
 * The screener of `entries` made from the one of an earlier version of the list (`previous`, itself
 * perhaps edited: its kept index is compared, so edits never stack), pausing (yielding) every few
 * hundred entries; undefined when more than EDITED_ENTRIES_MAX entries differ.
 */
export function* editedScreenerSteps(previous: EntryScreener, entries: readonly SanctionListEntry[]): Generator<void, EditedScreener | undefined> {
  const base = previous instanceof SanctionScreener ? previous : previous instanceof EditedScreener ? previous.index : undefined;
  if (!base) return undefined;
  const at = new Map<string, number[]>();
  for (let index = 0; index < base.entries.length; index++) {
    if (index % ENTRIES_PER_STEP === ENTRIES_PER_STEP - 1) yield;
    const key = JSON.stringify(base.entries[index]);
    const held = at.get(key);
    if (held) held.push(index);
    else at.set(key, [index]);
  }
  const added: SanctionListEntry[] = [];
  for (let index = 0; index < entries.length; index++) {
    if (index % ENTRIES_PER_STEP === ENTRIES_PER_STEP - 1) yield;
    const kept = at.get(JSON.stringify(entries[index]));
    if (kept && kept.length > 0) kept.pop();
    else if (added.push(entries[index]) > EDITED_ENTRIES_MAX) return undefined;
  }
  const removed = new Set<number>();
  for (const left of at.values()) for (const index of left) removed.add(index);
  if (added.length + removed.size > EDITED_ENTRIES_MAX) return undefined;
  return new EditedScreener(base, removed, yield* SanctionScreener.alongsideSteps(base, added), entries);
}

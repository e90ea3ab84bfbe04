import { runToEnd } from '../steps';
import type { Matcher, MatchingMethod } from '../wildcard';
import { compileFoldedPattern, readMatchingValue } from './matchingValues';
import { normaliseName } from './nameNormalisation';
import type { SanctionHit, ScreenedRole, ScreeningSubject } from './sanctionList';
import { foldText } from './textFolding';

/**
 * The sanction whitelist: parties cleared after review. A hit is suppressed when its party matches
 * an active, unexpired entry for its role (and country and carrier when the entry names them);
 * an entry with a sanction reference clears the party against that list entry only.
 */

export interface WhitelistEntry {
  /** The party name, a matching value. */
  name: string;
  matchingMethod: MatchingMethod;
  partyRole: 'Any' | Exclude<ScreenedRole, 'Goods'>;
  countryCode?: string;
  carrierId?: string;
  /** The list entry the party was cleared against, e.g. SDN-36; none clears it against every entry. */
  sanctionReference?: string;
  /** Last day of validity, ISO yyyy-mm-dd. */
  validUntil?: string;
  active: boolean;
  reason?: string;
}

export interface WhitelistContext {
  /** The day of screening, ISO yyyy-mm-dd. */
  date: string;
  /** The carrier the shipment is screened for. */
  carrierId?: string;
}

/** How an entry's name is compared with a party, worked out once per entry. */
type PartyTest =
  | { kind: 'pattern'; expression: Matcher }
  | { kind: 'Exact'; listed: string }
  | { kind: 'Keyword'; words: string }
  | { kind: 'Default'; listed: string };

function partyTest(entry: WhitelistEntry): PartyTest | undefined {
  const value = readMatchingValue(entry.name);
  if (value.kind === 'invalid') return undefined;
  if (value.kind === 'pattern') return { kind: 'pattern', expression: compileFoldedPattern(value.folded, entry.matchingMethod) };
  // Literal names compare as names: folded, legal forms removed, under the entry's method.
  const listed = normaliseName(value.text).text;
  if (!listed) return undefined;
  if (entry.matchingMethod === 'Exact') return { kind: 'Exact', listed };
  if (entry.matchingMethod === 'Keyword') return { kind: 'Keyword', words: ` ${listed} ` };
  return { kind: 'Default', listed };
}

/** A party's text as the entries compare it, each form made once per party, when first needed. */
class ComparedParty {
  #name: string | undefined;
  #folded: string | undefined;

  constructor(private readonly text: string) {}

  get name(): string {
    this.#name ??= normaliseName(this.text).text;
    return this.#name;
  }

  get folded(): string {
    this.#folded ??= foldText(this.text);
    return this.#folded;
  }
}

function matches(test: PartyTest, party: ComparedParty): boolean {
  switch (test.kind) {
    case 'pattern':
      return test.expression.test(party.folded);
    case 'Exact':
      return party.name === test.listed;
    case 'Keyword':
      return ` ${party.name} `.includes(test.words);
    case 'Default':
      return party.name.includes(test.listed);
  }
}

type Kept = { entry: WhitelistEntry; test: PartyTest };

/** Entries read between two pauses of a build (a whitelist of 40,000 rows took 400 ms to read at once). */
const ENTRIES_PER_STEP = 200;

export class SanctionWhitelist {
  /** The entries of an exact name, by that name; the others in list order. */
  private readonly exact = new Map<string, Kept[]>();
  private readonly others: Kept[] = [];
  /** Each entry's position, so that the first entry of the list that clears a hit is the one named. */
  private readonly order = new Map<Kept, number>();

  constructor(entries: readonly WhitelistEntry[] = []) {
    runToEnd(this.adding(entries));
  }

  /** A whitelist made a few hundred entries at a time, pausing (yielding) between them: the server runs it in slices. */
  static *steps(entries: readonly WhitelistEntry[]): Generator<void, SanctionWhitelist> {
    const whitelist = new SanctionWhitelist();
    yield* whitelist.adding(entries);
    return whitelist;
  }

  private *adding(entries: readonly WhitelistEntry[]): Generator<void> {
    for (const [index, entry] of entries.entries()) {
      if (index % ENTRIES_PER_STEP === ENTRIES_PER_STEP - 1) yield;
      const test = entry.active ? partyTest(entry) : undefined;
      if (!test) continue;
      const kept = { entry, test };
      this.order.set(kept, this.order.size);
      if (test.kind === 'Exact') {
        const same = this.exact.get(test.listed);
        if (same) same.push(kept);
        else this.exact.set(test.listed, [kept]);
      } else this.others.push(kept);
    }
  }

  /** The whitelist entry that clears this hit on this party, if any (the first of the list when several do). */
  clearing(hit: SanctionHit, subject: ScreeningSubject, context: WhitelistContext): WhitelistEntry | undefined {
    if (subject.role === 'Goods') return undefined;
    const party = new ComparedParty(subject.text);
    const applies = ({ entry }: Kept) =>
      (entry.partyRole === 'Any' || entry.partyRole === subject.role) &&
      (!entry.validUntil || entry.validUntil >= context.date) &&
      (!entry.countryCode || entry.countryCode === subject.countryCode) &&
      (!entry.carrierId || entry.carrierId === context.carrierId) &&
      (!entry.sanctionReference || entry.sanctionReference === hit.entryId);
    let first: Kept | undefined;
    const consider = (kept: Kept) => {
      if ((!first || (this.order.get(kept) ?? 0) < (this.order.get(first) ?? 0)) && applies(kept) && matches(kept.test, party)) first = kept;
    };
    for (const kept of this.exact.get(party.name) ?? []) consider(kept);
    for (const kept of this.others) {
      if (first && (this.order.get(kept) ?? 0) > (this.order.get(first) ?? 0)) break;
      consider(kept);
    }
    return first?.entry;
  }
}

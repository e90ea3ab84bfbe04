import type { Matcher, MatchingMethod } from '../wildcard';
import { FuzzyNameIndex } from './fuzzyNameIndex';
import { compileFoldedPattern, readMatchingValue } from './matchingValues';
import { normaliseName } from './nameNormalisation';
import { compareNames, LISTED_NAME_WEIGHT, type WordWeight } from './nameSimilarity';
import type { RiskLevel, SanctionHit, SanctionListEntry, ScreeningSubject } from './sanctionList';
import { citationOf, controlledCommodityOf, embargoOf } from './sanctionPrograms';
import { foldText } from './textFolding';
import type { SanctionWhitelist, WhitelistContext, WhitelistEntry } from './whitelist';

/**
 * Screens shipment texts against a sanction list. Each listed name (the primary name and every
 * alias) is matched by its entry's method:
 * - Exact: the screened name, normalised, equals the listed name, normalised;
 * - Keyword: the listed name occurs in the screened text as whole words;
 * - Default: fuzzy — the names are alike word by word (Jaro-Winkler, any word order) at least to
 *   the threshold; in addresses and goods descriptions, where fuzzy comparison of whole texts
 *   means little, the listed name must occur as whole words (as Keyword).
 * Listed names with wildcards are matched by the rule-list wildcard matcher on the folded texts.
 */

/** The Default (fuzzy) threshold, chosen on the labelled evaluation set (see evaluation/ and bench/screening.ts). */
export const DEFAULT_FUZZY_THRESHOLD = 0.85;
/** Fuzzy hits scoring below this are one risk level lower than their entry. */
export const HIGH_CONFIDENCE_SCORE = 0.97;

export interface ScreenerOptions {
  threshold?: number;
  listedNameWeight?: number;
}

interface ListedName {
  entry: number;
  /** The name as listed (a matching value). */
  phrase: string;
  method: MatchingMethod;
  words: string[];
}

export interface ScreeningOutcome {
  hits: SanctionHit[];
  /** Hits a whitelist entry clears, with the entry that clears each. */
  cleared: { hit: SanctionHit; clearedBy: WhitelistEntry }[];
}

const LOWER: Record<RiskLevel, RiskLevel> = { High: 'Medium', Medium: 'Low', Low: 'Low' };

/** The least a word counts for, however common it is on the list. */
export const MIN_INFORMATIVENESS = 0.2;

/**
 * Word weights for fuzzy matching: length times informativeness, the inverse document frequency
 * of the word among the listed names scaled to 1 for a word found in one name (and for words not on
 * the list), down to MIN_INFORMATIVENESS for the commonest (AL, TRADING, COMPANY ...).
 */
function informativeWeights(entries: readonly SanctionListEntry[]): WordWeight {
  const documents = new Map<string, number>();
  let names = 0;
  for (const entry of entries) {
    for (const phrase of new Set([entry.name, ...entry.aliases])) {
      const value = readMatchingValue(phrase);
      if (value.kind !== 'literal') continue;
      names++;
      for (const word of new Set(normaliseName(value.text).words)) documents.set(word, (documents.get(word) ?? 0) + 1);
    }
  }
  const scale = Math.log(1 + Math.max(names, 1));
  return (word) => {
    const frequency = documents.get(word);
    const informativeness = frequency === undefined ? 1 : Math.max(MIN_INFORMATIVENESS, Math.log(1 + names / frequency) / scale);
    return word.length * informativeness;
  };
}

export class SanctionScreener {
  readonly threshold: number;
  private readonly listedNameWeight: number;
  private readonly entries: readonly SanctionListEntry[];
  private readonly names: ListedName[] = [];
  private readonly fuzzy: FuzzyNameIndex;
  /** A word weighs its length times how rare it is among the listed names (see informativeness). */
  readonly weightOf: WordWeight;
  /** Fuzzy index id -> listed name. */
  private readonly fuzzyNames: number[] = [];
  private readonly exact = new Map<string, number[]>();
  /** Listed names matched as whole words, by their first word (one-word names) or first two words. */
  private readonly phrases = new Map<string, number[]>();
  private readonly patterns: { name: number; expression: Matcher; method: MatchingMethod }[] = [];

  constructor(entries: readonly SanctionListEntry[], options: ScreenerOptions = {}) {
    this.threshold = options.threshold ?? DEFAULT_FUZZY_THRESHOLD;
    this.listedNameWeight = options.listedNameWeight ?? LISTED_NAME_WEIGHT;
    this.entries = entries;
    this.weightOf = informativeWeights(entries);
    this.fuzzy = new FuzzyNameIndex(this.weightOf);
    entries.forEach((entry, entryIndex) => {
      for (const phrase of new Set([entry.name, ...entry.aliases])) this.addName(entryIndex, phrase, entry.matchingMethod);
    });
  }

  private addName(entry: number, phrase: string, method: MatchingMethod): void {
    const value = readMatchingValue(phrase);
    if (value.kind === 'invalid') return;
    const id = this.names.length;
    if (value.kind === 'pattern') {
      this.names.push({ entry, phrase, method, words: [] });
      this.patterns.push({ name: id, expression: compileFoldedPattern(value.folded, method), method });
      return;
    }
    const { words, text } = normaliseName(value.text);
    if (words.length === 0) return;
    this.names.push({ entry, phrase, method, words });
    if (method === 'Exact') {
      const list = this.exact.get(text) ?? [];
      list.push(id);
      this.exact.set(text, list);
      return;
    }
    const key = words.length === 1 ? words[0] : `${words[0]} ${words[1]}`;
    const list = this.phrases.get(key) ?? [];
    list.push(id);
    this.phrases.set(key, list);
    if (method === 'Default') {
      this.fuzzyNames[this.fuzzy.add(words)] = id;
    }
  }

  /** The listed names (by id) that occur in `words` as whole words, with the methods allowed. */
  private phraseMatches(words: string[], methods: ReadonlySet<MatchingMethod>): number[] {
    const found: number[] = [];
    for (let start = 0; start < words.length; start++) {
      const keys = [words[start]];
      if (start + 1 < words.length) keys.push(`${words[start]} ${words[start + 1]}`);
      for (const key of keys) {
        for (const id of this.phrases.get(key) ?? []) {
          const name = this.names[id];
          if (!methods.has(name.method) || start + name.words.length > words.length) continue;
          if (name.words.every((word, offset) => words[start + offset] === word)) found.push(id);
        }
      }
    }
    return found;
  }

  private hit(subject: ScreeningSubject, id: number, score: number): SanctionHit {
    const name = this.names[id];
    const entry = this.entries[name.entry];
    const base: RiskLevel = entry.riskLevel ?? (entry.listName === 'INTERNAL' ? 'Medium' : 'High');
    const embargo = embargoOf(entry.programs);
    const controlledCommodity = controlledCommodityOf(entry.programs);
    return {
      role: subject.role,
      kind: subject.kind,
      screenedText: subject.text,
      riskLevel: name.method === 'Default' && score < HIGH_CONFIDENCE_SCORE ? LOWER[base] : base,
      matchedPhrase: name.phrase,
      method: name.method,
      score,
      listName: entry.listName,
      entryId: entry.entryId,
      entryName: entry.name,
      partyType: entry.partyType,
      programs: entry.programs,
      citation: citationOf(entry.programs),
      ...(embargo ? { embargo } : {}),
      ...(controlledCommodity ? { controlledCommodity } : {}),
    };
  }

  /** Every listed name the subject matches, best first, one hit per list entry. */
  screenSubject(subject: ScreeningSubject, threshold = this.threshold): SanctionHit[] {
    const { words, text } = normaliseName(subject.text);
    if (words.length === 0) return [];
    const scores = new Map<number, number>();
    const found = (id: number, score: number) => {
      if ((scores.get(id) ?? -1) < score) scores.set(id, score);
    };
    // Scores are kept to 4 decimals, and the threshold is held against the score as kept.
    const rounded = (score: number) => Math.round(score * 10_000) / 10_000;
    const isName = subject.kind === 'name';
    if (isName) {
      for (const id of this.exact.get(text) ?? []) found(id, 1);
      for (const id of this.phraseMatches(words, new Set(['Keyword']))) found(id, 1);
      // Fuzzy: only names that could reach the threshold are compared in full.
      const minCoverage = (threshold - (1 - this.listedNameWeight)) / this.listedNameWeight;
      for (const fuzzyId of this.fuzzy.candidates(words, minCoverage)) {
        const id = this.fuzzyNames[fuzzyId];
        const score = rounded(compareNames(this.names[id].words, words, this.listedNameWeight, this.weightOf).score);
        if (score >= threshold) found(id, score);
      }
    } else {
      for (const id of this.phraseMatches(words, new Set(['Keyword', 'Default']))) found(id, 1);
    }
    if (this.patterns.length > 0) {
      const folded = foldText(subject.text);
      for (const pattern of this.patterns) {
        if (!isName && pattern.method === 'Exact') continue;
        if (pattern.expression.test(folded)) found(pattern.name, 1);
      }
    }
    const best = new Map<number, SanctionHit>();
    for (const [id, score] of scores) {
      const entry = this.names[id].entry;
      const current = best.get(entry);
      if (!current || current.score < score) best.set(entry, this.hit(subject, id, score));
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId));
  }

  /** Screens the texts of a shipment; hits a whitelist entry clears are set apart. */
  screen(subjects: readonly ScreeningSubject[], whitelist?: SanctionWhitelist, context?: WhitelistContext): ScreeningOutcome {
    const outcome: ScreeningOutcome = { hits: [], cleared: [] };
    for (const subject of subjects) {
      for (const hit of this.screenSubject(subject)) {
        const clearedBy = whitelist && context ? whitelist.clearing(hit, subject, context) : undefined;
        if (clearedBy) outcome.cleared.push({ hit, clearedBy });
        else outcome.hits.push(hit);
      }
    }
    return outcome;
  }

  /** Ad hoc name check: the best hits for a name, down to `minScore`, at most `limit`. */
  search(name: string, { limit = 10, minScore = Math.min(this.threshold, 0.8) }: { limit?: number; minScore?: number } = {}): SanctionHit[] {
    return this.screenSubject({ role: 'Shipper', kind: 'name', text: name }, minScore).slice(0, limit);
  }
}

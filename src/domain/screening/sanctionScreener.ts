import { runToEnd } from '../steps';
import { HIGH_CONFIDENCE_SCORE, REVIEW_FLOOR, sanctionRiskLevel } from '../sanctionRisk';
import { requiredAsciiLiteral, type Matcher, type MatchingMethod } from '../wildcard';
import { FuzzyNameIndex } from './fuzzyNameIndex';
import { compileFoldedPattern, readMatchingValue, type ReadValue } from './matchingValues';
import { normaliseName, type NormalisedName } from './nameNormalisation';
import { genericGroupOf, GENERIC_INFORMATIVENESS } from './genericWords';
import {
  compareNames,
  LISTED_NAME_WEIGHT,
  listedWordWeights,
  type ListedNameShape,
  type NameComparison,
  type NameVocabulary,
  type WordWeight,
} from './nameSimilarity';
import type { HitExplanation, SanctionHit, SanctionListEntry, ScreeningSubject } from './sanctionList';
import { LEGAL_FORM_WORDS, LONG_LEGAL_FORM_WORDS, withoutRunInLegalForms } from './legalForms';
import { ARTICLES, matchWords } from './wordMatch';
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

/**
 * How much lower a hit scores when the party's country is known and is not the listed entry's (issue
 * 34, 4): a little, never below the threshold, since a country alone never clears a hit (a listed
 * company trades through other countries; a person travels). It can lower a fuzzy hit's risk level.
 */
export const COUNTRY_PENALTY = 0.02;

function withCountry(
  subject: ScreeningSubject,
  entry: SanctionListEntry,
  score: number,
  explanation: HitExplanation,
  threshold: number,
): { score: number; explanation: HitExplanation } {
  const party = subject.countryCode?.trim().toUpperCase();
  const listed = entry.countryCode?.trim().toUpperCase();
  if (!party || !listed || party === listed) return { score, explanation };
  const lowered = Math.max(Math.min(score, threshold), Math.round((score - COUNTRY_PENALTY) * 10_000) / 10_000);
  if (lowered === score) return { score, explanation };
  const by = Math.round((score - lowered) * 10_000) / 10_000;
  return {
    score: lowered,
    explanation: {
      ...explanation,
      score: lowered,
      country: { party, listed, lowered: by },
      summary: `${explanation.summary}; the party is in ${party}, the entry in ${listed}: ${lowered}`,
    },
  };
}

/** The Default (fuzzy) threshold, chosen on the labelled evaluation set (see evaluation/ and bench/screening.ts). */
export const DEFAULT_FUZZY_THRESHOLD = 0.85;
/** Fuzzy hits scoring below this are one risk level lower than their entry (the rule is sanctionRisk.ts's). */
export { HIGH_CONFIDENCE_SCORE };

export interface ScreenerOptions {
  threshold?: number;
  listedNameWeight?: number;
}

interface ListedName extends ListedNameShape {
  entry: number;
  /** The name as listed (a matching value). */
  phrase: string;
  method: MatchingMethod;
}

export interface ScreeningOutcome {
  hits: SanctionHit[];
  /** Hits a whitelist entry clears, with the entry that clears each. */
  cleared: { hit: SanctionHit; clearedBy: WhitelistEntry }[];
}

/** A shipment's texts screened one by one (a screener's or a ScreenerSet's screenSubject), the hits a whitelist entry clears set apart. */
export function screenSubjects(
  screenSubject: (subject: ScreeningSubject) => SanctionHit[],
  subjects: readonly ScreeningSubject[],
  whitelist?: SanctionWhitelist,
  context?: WhitelistContext,
): ScreeningOutcome {
  const outcome: ScreeningOutcome = { hits: [], cleared: [] };
  for (const subject of subjects) {
    for (const hit of screenSubject(subject)) {
      const clearedBy = whitelist && context ? whitelist.clearing(hit, subject, context) : undefined;
      if (clearedBy) outcome.cleared.push({ hit, clearedBy });
      else outcome.hits.push(hit);
    }
  }
  return outcome;
}

/** The least a word counts for, however common it is on the list. */
export const MIN_INFORMATIVENESS = 0.2;
/** Words at least this informative (and not generic) tell parties apart: one replaced by another caps the score (REPLACED_WORD_CAP). */
export const DISTINCTIVE_INFORMATIVENESS = 0.3;

/**
 * What the list says of its words. A word weighs its length times its informativeness: the inverse
 * document frequency of the word among the listed names, scaled to 1 for a word found in one name
 * (and for words not on the list), down to MIN_INFORMATIVENESS for the commonest (AL, COMPANY ...);
 * generic trade words (genericWords.ts: TRADING, MACHINERY, AIRLINES ...) at most
 * GENERIC_INFORMATIVENESS, however rare on the list, and so do legal forms left inside a name
 * (LIMITED BRECO SERVICES) or misspelt (LIMITID).
 */
function listVocabulary(entries: readonly SanctionListEntry[], read: PhrasesRead): NameVocabulary {
  return runToEnd(vocabularySteps(entries, read));
}

/**
 * A listed phrase as a build reads it: its matching value and, for a literal, the name normalised. The vocabulary
 * reads every phrase first and keeps them here for the names added next, which read each again two to four times
 * (its text, its shape, a person's surname and given names): a fifth of a 100,000-name build.
 */
interface PhraseRead {
  value: ReadValue;
  name?: NormalisedName;
}
type PhrasesRead = Map<string, PhraseRead>;

function readPhrase(phrase: string): PhraseRead {
  const value = readMatchingValue(phrase);
  return value.kind === 'literal' ? { value, name: normaliseName(value.text) } : { value };
}

/** listVocabulary, pausing (yielding) every BUILD_SLICE entries, for `build` to give the event loop a turn; keeps each phrase as read in `read`. */
function* vocabularySteps(entries: readonly SanctionListEntry[], read: PhrasesRead): Generator<void, NameVocabulary> {
  const documents = new Map<string, number>();
  let names = 0;
  for (const [index, entry] of entries.entries()) {
    if (index % BUILD_SLICE === BUILD_SLICE - 1) yield;
    for (const phrase of new Set([entry.name, ...entry.aliases])) {
      let phraseRead = read.get(phrase);
      if (!phraseRead) {
        phraseRead = readPhrase(phrase);
        read.set(phrase, phraseRead);
      }
      if (!phraseRead.name) continue;
      names++;
      for (const word of new Set(phraseRead.name.words)) documents.set(word, (documents.get(word) ?? 0) + 1);
    }
  }
  const scale = Math.log(1 + Math.max(names, 1));
  const misspeltLegalForms = new Map<string, boolean>();
  /** A word not on the list that is a legal form misspelt (LIMITID, COMFPANY) says no more than the legal form would. */
  const misspeltLegalForm = (word: string) => {
    let found = misspeltLegalForms.get(word);
    if (found === undefined) {
      found = word.length >= 5 && LONG_LEGAL_FORM_WORDS.some((form) => matchWords(form, word) !== undefined);
      if (misspeltLegalForms.size > 100_000) misspeltLegalForms.clear();
      misspeltLegalForms.set(word, found);
    }
    return found;
  };
  const isGeneric = (word: string) => genericGroupOf(word) !== undefined || LEGAL_FORM_WORDS.has(word) || (!documents.has(word) && misspeltLegalForm(word));
  const informativeness = (word: string) => {
    const frequency = documents.get(word);
    const fromList = frequency === undefined ? 1 : Math.max(MIN_INFORMATIVENESS, Math.log(1 + names / frequency) / scale);
    return isGeneric(word) ? Math.min(fromList, GENERIC_INFORMATIVENESS) : fromList;
  };
  return {
    weightOf: (word) => word.length * informativeness(word),
    isDistinctive: (word) => word.length >= 3 && !ARTICLES.has(word) && !isGeneric(word) && informativeness(word) >= DISTINCTIVE_INFORMATIVENESS,
    isListed: (word) => documents.has(word),
  };
}

/**
 * A listed name as compared: its words and, for a person listed as SURNAME, Given Names, that it
 * is one and which words are middle names (the given names after the first), which a shipment
 * often leaves out.
 */
export function listedNameShape(phrase: string, partyType: SanctionListEntry['partyType'], normalised = normaliseName(phrase)): ListedNameShape {
  const { words, initials: written } = normalised;
  const initials = written ? { initials: written } : {};
  const comma = phrase.indexOf(',');
  if (partyType !== 'Individual' || comma < 0) return { words, ...initials };
  const surname = normaliseName(phrase.slice(0, comma)).words;
  const given = normaliseName(phrase.slice(comma + 1)).words;
  if (given.length === 0 || surname.length + given.length !== words.length || ![...surname, ...given].every((word, index) => word === words[index]))
    return { words, ...initials };
  return {
    words,
    ...initials,
    person: true,
    surnameWords: surname.length,
    ...(given.length >= 2 ? { middle: words.map((_, index) => index > surname.length) } : {}),
  };
}

/**
 * The ways fuzzy matching reads a name's words: with a legal form run into its last word split off
 * (TELESERVE PLUSSAL -> TELESERVE PLUS) and, when that changed anything, also as written, since the
 * end may be part of the name (FAYSAL is not FAY SAL, PATRICIA not PATRI CIA). A listed name scores
 * its better reading.
 */
function fuzzyReadings(words: string[]): string[][] {
  const split = withoutRunInLegalForms(words);
  return split === words ? [words] : [split, words];
}

/** What a hit's comparison found, for the hit to explain itself. */
function explain(comparison: NameComparison, score: number): HitExplanation {
  const words = comparison.pairs.map(
    (pair) => `${pair.screened} ${pair.how === 'exact' ? '=' : '~'} ${pair.listed} (${pair.how}${pair.how === 'exact' ? '' : ` ${pair.similarity}`})`,
  );
  const notes = [
    ...(comparison.missing.length > 0 ? [`not on the shipment: ${comparison.missing.join(', ')}`] : []),
    ...(comparison.extra.length > 0 ? [`not in the listed name: ${comparison.extra.join(', ')}`] : []),
    ...(comparison.replaced ? [`${comparison.replaced.listed} replaced by ${comparison.replaced.screened}`] : []),
    ...(comparison.anotherName ? [`another name: ${comparison.anotherName}`] : []),
  ];
  return {
    how: 'fuzzy',
    score,
    words: comparison.pairs,
    missing: comparison.missing,
    extra: comparison.extra,
    ...(comparison.replaced ? { replaced: comparison.replaced } : {}),
    summary: `${[words.join(', '), ...notes].filter(Boolean).join('; ')}; score ${score}`,
  };
}

/** Entries indexed between two yields of `SanctionScreener.build` (a few milliseconds of work each). */
const BUILD_SLICE = 25;
/** A turn of the event loop, after pending I/O (setImmediate where there is one: a timer waits at least a millisecond). */
const nextTurn = (): Promise<void> => new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));
/** Passed by `build` alone (it is not exported): the constructor takes the vocabulary it made and leaves the names to it, to add in slices. */
const NAMES_IN_SLICES: unique symbol = Symbol('names added in slices by build');

const WHOLE_NAME: Record<MatchingMethod, HitExplanation['how']> = { Exact: 'exact', Keyword: 'keyword', Default: 'keyword' };

export class SanctionScreener {
  readonly threshold: number;
  private readonly listedNameWeight: number;
  /** The list indexed, in its order. */
  readonly entries: readonly SanctionListEntry[];
  private readonly names: ListedName[] = [];
  private readonly fuzzy: FuzzyNameIndex;
  /** What the list says of its words: weights and distinctiveness (see listVocabulary). */
  readonly vocabulary: NameVocabulary;
  /** A word weighs its length times how rare it is among the listed names (see listVocabulary). */
  readonly weightOf: WordWeight;
  /** Fuzzy index id -> listed name. */
  private readonly fuzzyNames: number[] = [];
  private readonly exact = new Map<string, number[]>();
  /** Listed names matched as whole words, by their first word (one-word names) or first two words. */
  private readonly phrases = new Map<string, number[]>();
  /**
   * Listed names written with wildcards, one entry per pattern and method however many names share it,
   * with the literal text every match holds: a text without it is passed over without running the
   * pattern (a list of 50,000 wildcard names tested each against every text took 2 s a shipment).
   */
  private readonly patterns = new Map<string, { expression: Matcher; method: MatchingMethod; literal?: string; names: number[] }>();

  /**
   * Builds the index in one go: over the whole SDN list that is about a second of CPU, so a server
   * builds it with `SanctionScreener.build`, which leaves the event loop free between slices.
   */
  constructor(
    entries: readonly SanctionListEntry[],
    options: ScreenerOptions = {},
    inSlices?: { by: typeof NAMES_IN_SLICES; vocabulary: NameVocabulary; read?: PhrasesRead },
  ) {
    this.threshold = options.threshold ?? DEFAULT_FUZZY_THRESHOLD;
    this.listedNameWeight = options.listedNameWeight ?? LISTED_NAME_WEIGHT;
    this.entries = entries;
    if (inSlices?.by === NAMES_IN_SLICES) {
      this.vocabulary = inSlices.vocabulary;
      this.read = inSlices.read;
    } else {
      this.read = new Map();
      this.vocabulary = listVocabulary(entries, this.read);
    }
    this.weightOf = this.vocabulary.weightOf;
    this.fuzzy = new FuzzyNameIndex((word) => !this.vocabulary.isListed?.(word));
    if (inSlices?.by !== NAMES_IN_SLICES) {
      this.addEntries(0, entries.length);
      this.read = undefined;
      runToEnd(this.fuzzy.packSteps());
    }
  }

  /** The phrases as the vocabulary read them, while the build adds the names (then dropped). */
  private read: PhrasesRead | undefined;

  /**
   * The same screener as the constructor's, built in slices of BUILD_SLICE entries with a macrotask
   * between them, so that a server keeps answering other requests while it indexes a large list
   * (issue 14: the whole SDN list held an app process for seconds).
   */
  static async build(entries: readonly SanctionListEntry[], options: ScreenerOptions = {}): Promise<SanctionScreener> {
    const read: PhrasesRead = new Map();
    const vocabulary = vocabularySteps(entries, read);
    let step = vocabulary.next();
    while (!step.done) {
      await nextTurn();
      step = vocabulary.next();
    }
    const screener = new SanctionScreener(entries, options, { by: NAMES_IN_SLICES, vocabulary: step.value, read });
    for (let from = 0; from < entries.length; from += BUILD_SLICE) {
      await nextTurn();
      screener.addEntries(from, Math.min(entries.length, from + BUILD_SLICE));
    }
    screener.read = undefined;
    const packing = screener.fuzzy.packSteps();
    while (!packing.next().done) await nextTurn();
    return screener;
  }

  /**
   * A screener of a few entries that weighs their words as `base` does (its vocabulary): what a list's edit adds
   * beside the index of the list before it (EditedScreener), built in a few milliseconds where the whole list's
   * index takes seconds.
   */
  static alongside(base: SanctionScreener, entries: readonly SanctionListEntry[]): SanctionScreener {
    return runToEnd(SanctionScreener.alongsideSteps(base, entries));
  }

  /** `alongside`, pausing (yielding) every BUILD_SLICE entries: a new source version may change thousands (the server runs it in slices). */
  static *alongsideSteps(base: SanctionScreener, entries: readonly SanctionListEntry[]): Generator<void, SanctionScreener> {
    const screener = new SanctionScreener(
      entries,
      { threshold: base.threshold, listedNameWeight: base.listedNameWeight },
      { by: NAMES_IN_SLICES, vocabulary: base.vocabulary },
    );
    for (let from = 0; from < entries.length; from += BUILD_SLICE) {
      if (from > 0) yield;
      screener.addEntries(from, Math.min(entries.length, from + BUILD_SLICE));
    }
    yield* screener.fuzzy.packSteps();
    return screener;
  }

  /** The listed parties: entries of one id (a source's entry and its weak aliases, sourceScreening.ts) count once. */
  get entryCount(): number {
    this.distinctEntries ??= new Set(this.entries.map((entry) => entry.entryId)).size;
    return this.distinctEntries;
  }

  private distinctEntries: number | undefined;

  /** Indexes every name (primary and aliases) of the entries from `from` up to `to`, in list order. */
  private addEntries(from: number, to: number): void {
    for (let entryIndex = from; entryIndex < to; entryIndex++) {
      const entry = this.entries[entryIndex];
      for (const phrase of new Set([entry.name, ...entry.aliases])) this.addName(entryIndex, phrase, entry.matchingMethod, entry.partyType);
    }
  }

  private addName(entry: number, phrase: string, method: MatchingMethod, partyType: SanctionListEntry['partyType']): void {
    const { value, name: normalised } = this.read?.get(phrase) ?? readPhrase(phrase);
    if (value.kind === 'invalid') return;
    const id = this.names.length;
    if (value.kind === 'pattern') {
      this.names.push({ entry, phrase, method, words: [] });
      const key = `${method} ${value.folded}`;
      const known = this.patterns.get(key);
      if (known) known.names.push(id);
      else {
        // Folded text is upper-case letters, digits and spaces: the literal's case is restored as it was.
        const literal = requiredAsciiLiteral(value.folded)?.toUpperCase();
        this.patterns.set(key, { expression: compileFoldedPattern(value.folded, method), method, ...(literal ? { literal } : {}), names: [id] });
      }
      return;
    }
    const { text } = normalised ?? normaliseName(value.text);
    const shape = listedNameShape(value.text, partyType, normalised);
    const { words } = shape;
    if (words.length === 0) return;
    this.names.push({ entry, phrase, method, ...shape });
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
      this.fuzzyNames[this.fuzzy.add(words, listedWordWeights(shape, this.weightOf), shape.initials, shape.person ? shape.surnameWords : undefined)] = id;
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

  /** Compares a listed name (by id) with screened words as fuzzy matching does. */
  private compare(id: number, words: string[], initials: readonly string[] | undefined): NameComparison {
    return compareNames(this.names[id], { words, initials }, this.listedNameWeight, this.vocabulary);
  }

  /** How a listed name compares with a name, as Default matching scores it (score rounded to 4 decimals as hits keep it). */
  compareWithListed(phrase: string, partyType: SanctionListEntry['partyType'], name: string): NameComparison {
    const shape = listedNameShape(phrase, partyType);
    const { words: screened, initials } = normaliseName(name);
    const comparison = fuzzyReadings(screened)
      .map((words) => compareNames(shape, { words, initials }, this.listedNameWeight, this.vocabulary))
      .reduce((best, next) => (next.score > best.score ? next : best));
    return { ...comparison, score: Math.round(comparison.score * 10_000) / 10_000 };
  }

  private hit(subject: ScreeningSubject, id: number, matched: number, found: HitExplanation, threshold: number): SanctionHit {
    const name = this.names[id];
    const entry = this.entries[name.entry];
    const { score, explanation } = withCountry(subject, entry, matched, found, threshold);
    const embargo = embargoOf(entry.programs);
    const controlledCommodity = controlledCommodityOf(entry.programs);
    return {
      role: subject.role,
      kind: subject.kind,
      screenedText: subject.text,
      riskLevel: sanctionRiskLevel(entry, { method: name.method, score }),
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
      explanation,
      ...(entry.aliases.length > 0 ? { entryAliases: entry.aliases.slice(0, 20) } : {}),
    };
  }

  /** Every listed name the subject matches, best first, one hit per list entry; `skipped`: entries (by their index in the list) left out. */
  screenSubject(subject: ScreeningSubject, threshold = this.threshold, skipped?: ReadonlySet<number>): SanctionHit[] {
    const { words, text, initials } = normaliseName(subject.text);
    if (words.length === 0) return [];
    const scores = new Map<number, { score: number; explanation: () => HitExplanation }>();
    const found = (id: number, score: number, explanation: () => HitExplanation) => {
      if ((scores.get(id)?.score ?? -1) < score) scores.set(id, { score, explanation });
    };
    const whole = (id: number, how: HitExplanation['how']) => () => {
      const phrase = this.names[id].phrase;
      return {
        how,
        score: 1,
        words: [],
        missing: [],
        extra: [],
        summary: `${how === 'wildcard' ? 'matches the pattern' : how === 'exact' ? 'is the listed name' : 'holds the listed name'} ${phrase}; score 1`,
      };
    };
    // Scores are kept to 4 decimals, and the threshold is held against the score as kept.
    const rounded = (score: number) => Math.round(score * 10_000) / 10_000;
    const isName = subject.kind === 'name';
    if (isName) {
      for (const id of this.exact.get(text) ?? []) found(id, 1, whole(id, 'exact'));
      for (const id of this.phraseMatches(words, new Set(['Keyword']))) found(id, 1, whole(id, 'keyword'));
      // Fuzzy: only names that could reach the threshold are compared in full.
      const minCoverage = (threshold - (1 - this.listedNameWeight)) / this.listedNameWeight;
      for (const fuzzyWords of fuzzyReadings(words)) {
        for (const fuzzyId of this.fuzzy.candidates(fuzzyWords, minCoverage, initials)) {
          const id = this.fuzzyNames[fuzzyId];
          const comparison = this.compare(id, fuzzyWords, initials);
          const score = rounded(comparison.score);
          if (score >= threshold) found(id, score, () => explain(comparison, score));
        }
      }
    } else {
      for (const id of this.phraseMatches(words, new Set(['Keyword', 'Default']))) {
        // A listed name that is only a number (11420 CORP.) says nothing in an address, where numbers are house numbers and postcodes.
        if (this.names[id].method === 'Default' && this.names[id].words.every((word) => /^\d+$/.test(word))) continue;
        found(id, 1, whole(id, WHOLE_NAME[this.names[id].method]));
      }
    }
    if (this.patterns.size > 0) {
      const folded = foldText(subject.text);
      for (const pattern of this.patterns.values()) {
        if (!isName && pattern.method === 'Exact') continue;
        if (pattern.literal !== undefined && !folded.includes(pattern.literal)) continue;
        if (pattern.expression.test(folded)) for (const name of pattern.names) found(name, 1, whole(name, 'wildcard'));
      }
    }
    // One hit per entry: its best name (by the score as matched; the country lowers every name of an entry alike).
    const best = new Map<number, { id: number; score: number; explanation: () => HitExplanation }>();
    for (const [id, found] of scores) {
      const entry = this.names[id].entry;
      if (skipped?.has(entry)) continue;
      const current = best.get(entry);
      if (!current || current.score < found.score) best.set(entry, { id, ...found });
    }
    return [...best.values()]
      .map(({ id, score, explanation }) => this.hit(subject, id, score, explanation(), threshold))
      .sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId));
  }

  /** Screens the texts of a shipment; hits a whitelist entry clears are set apart. */
  screen(subjects: readonly ScreeningSubject[], whitelist?: SanctionWhitelist, context?: WhitelistContext): ScreeningOutcome {
    return screenSubjects((subject) => this.screenSubject(subject), subjects, whitelist, context);
  }

  /** Ad hoc name check: the best hits for a name, down to `minScore`, at most `limit`. */
  search(name: string, { limit = 10, minScore = Math.min(this.threshold, REVIEW_FLOOR) }: { limit?: number; minScore?: number } = {}): SanctionHit[] {
    return this.screenSubject({ role: 'Shipper', kind: 'name', text: name }, minScore).slice(0, limit);
  }
}

import { literalOfMatchingValue } from '../../wildcard';
import { isGenericWord } from '../genericWords';
import { normaliseName } from '../nameNormalisation';
import type { SanctionListEntry } from '../sanctionList';
import { decoyCompanyName, decoyPersonName, givenNamesAlone, nearMiss, sharedGenericWords, sharedGivenNames } from './decoyNames';
import { applyVariant, recase, VARIANT_KINDS, type VariantKind } from './nameVariants';
import { pick, seededRandom } from '../../seededRandom';

/**
 * A labelled set of name pairs for measuring Default (fuzzy) matching, generated from a sanction
 * list with a seed, so that the same list and seed always give the same set:
 * - positives: a listed name (or alias) written differently (see nameVariants.ts), labelled with
 *   the entry it must find;
 * - negatives: ordinary company and person names, near misses of listed names, names sharing a
 *   listed company's generic words or a listed person's given names (with another family name, or
 *   alone) (decoyNames.ts), none holding a whole listed name.
 */

export type NegativeKind = 'company' | 'person' | 'near-miss' | 'shared-generic' | 'shared-given-names' | 'common-given-names';
export const NEGATIVE_KINDS: readonly NegativeKind[] = ['company', 'person', 'near-miss', 'shared-generic', 'shared-given-names', 'common-given-names'];

export type LabelledPair =
  | { positive: true; query: string; listedName: string; entryId: string; variants: VariantKind[] }
  | {
      positive: false;
      query: string;
      kind: NegativeKind;
      listedName?: string;
      /**
       * Only a hit on this entry is a false alarm (common-given-names: a listed person's given names
       * alone must not find that person; they may well be the whole name of another listed person,
       * Hikmat Jarjes of GARGEES, Hikmat, which the set cannot label either way).
       */
      onlyEntryId?: string;
    };

export interface LabelledSetOptions {
  positives: number;
  negatives: number;
  seed?: number;
}

/** Words that join an Arabic name's parts, not parts of their own: AL-TURKI is TURKI. */
const PARTICLES = new Set(['AL', 'EL', 'BIN', 'IBN', 'BINT']);

/** Programs of Russian, Ukrainian and Belarusian parties, whose names were romanised from Cyrillic. */
const CYRILLIC_ORIGIN = /UKRAINE|RUSSIA|BELARUS|CAATSA|CYBER|MAGNIT/;

/** Sorted word keys of the listed names of up to four words, to tell whether a text holds a whole listed name. */
export function listedWordSets(entries: readonly SanctionListEntry[]): Set<string> {
  const keys = new Set<string>();
  for (const entry of entries) {
    for (const value of [entry.name, ...entry.aliases]) {
      const words = normaliseName(literalOfMatchingValue(value) ?? value).words;
      if (words.length > 0 && words.length <= 4) keys.add([...new Set(words)].sort().join(' '));
    }
  }
  return keys;
}

/** Whether some listed name has all its words among the words of `text` (then it is no near miss but a hit). */
export function holdsListedName(text: string, keys: ReadonlySet<string>): boolean {
  const words = [...new Set(normaliseName(text).words)].sort();
  const choose = (start: number, chosen: string[]): boolean => {
    if (chosen.length > 0 && keys.has(chosen.join(' '))) return true;
    if (chosen.length === 4) return false;
    for (let index = start; index < words.length; index++) if (choose(index + 1, [...chosen, words[index]])) return true;
    return false;
  };
  return words.length <= 12 && choose(0, []);
}

/** Listed names that make sensible test material: literal, at least 6 letters. */
function materialOf(entries: readonly SanctionListEntry[]): { entry: SanctionListEntry; name: string }[] {
  return entries.flatMap((entry) =>
    entry.matchingMethod !== 'Default'
      ? []
      : [entry.name, ...entry.aliases].flatMap((value) => {
          const name = literalOfMatchingValue(value);
          return name && name.replace(/[^A-Za-z]/g, '').length >= 6 ? [{ entry, name }] : [];
        }),
  );
}

export function buildLabelledSet(entries: readonly SanctionListEntry[], options: LabelledSetOptions): LabelledPair[] {
  const random = seededRandom(options.seed ?? 20_240_601);
  const material = materialOf(entries);
  if (material.length === 0) return [];
  const wordSets = listedWordSets(entries);
  const listedKeys = new Set(
    entries.flatMap((entry) => [entry.name, ...entry.aliases].map((value) => normaliseName(literalOfMatchingValue(value) ?? value).text)),
  );
  const pairs: LabelledPair[] = [];

  for (let made = 0, attempts = 0; made < options.positives && attempts < options.positives * 20; attempts++) {
    const { entry, name } = pick(random, material);
    const isCompany = entry.partyType === 'Entity';
    // Cyrillic spellings are made only of names that were romanised from Cyrillic.
    const applicable = VARIANT_KINDS.filter((kind) => kind !== 'cyrillic' || entry.programs.some((program) => CYRILLIC_ORIGIN.test(program)));
    const kinds: VariantKind[] = [pick(random, applicable)];
    // Initials are not combined: another change of the given names first would make a wrong initial (N. ROZI for Pahlawan ROZI).
    if (random() < 0.3 && kinds[0] !== 'initials')
      kinds.push(
        pick(
          random,
          applicable.filter((kind) => kind !== kinds[0] && kind !== 'initials'),
        ),
      );
    let query: string | undefined = name;
    for (const kind of kinds) query = query === undefined ? undefined : applyVariant(kind, query, random, isCompany);
    if (!query || query === name) continue;
    pairs.push({
      positive: true,
      query: kinds.includes('cyrillic') ? query : recase(query, random),
      listedName: name,
      entryId: entry.entryId,
      variants: kinds,
    });
    made++;
  }

  const companies = material.filter(({ entry, name }) => entry.partyType === 'Entity' && normaliseName(name).words.some(isGenericWord));
  const people = material.filter(({ entry, name }) => entry.partyType === 'Individual' && name.includes(','));
  const fromListed = (kind: NegativeKind, from: typeof material, make: (name: string) => string | undefined): LabelledPair | undefined => {
    if (from.length === 0) return undefined;
    const { name } = pick(random, from);
    const query = make(name);
    return query && !holdsListedName(query, wordSets) ? { positive: false, query, kind, listedName: name } : undefined;
  };
  for (let made = 0, attempts = 0; made < options.negatives && attempts < options.negatives * 20; attempts++) {
    const roll = random();
    let pair: LabelledPair | undefined;
    if (roll < 0.25) pair = { positive: false, query: decoyCompanyName(random), kind: 'company' };
    else if (roll < 0.4) pair = { positive: false, query: decoyPersonName(random), kind: 'person' };
    else if (roll < 0.6) pair = fromListed('near-miss', material, (name) => nearMiss(name, random));
    else if (roll < 0.75) pair = fromListed('shared-generic', companies, (name) => sharedGenericWords(name, random));
    else if (roll < 0.9) pair = fromListed('shared-given-names', people, (name) => sharedGivenNames(name, random));
    else {
      // Given names alone, unless they hold another name, or the family name of another name, of the same
      // person (Badran Turki of AL-TURKI, Badran; Mahmoud Bagheri of BAGHERI, Mahmud Kazemabad: true hits).
      const { entry, name } = pick(random, people);
      const query = givenNamesAlone(name);
      const words = new Set(query ? normaliseName(query).words : []);
      const holdsOwnName = [entry.name, ...entry.aliases].some((value) => {
        const literal = literalOfMatchingValue(value) ?? value;
        const family = literal.includes(',') ? literal.slice(0, literal.indexOf(',')) : literal;
        return [literal, family].some((part) => {
          const own = normaliseName(part).words.filter((word) => !PARTICLES.has(word));
          return own.length > 0 && own.every((word) => words.has(word));
        });
      });
      if (query && !holdsOwnName && !holdsListedName(query, wordSets))
        pair = { positive: false, query, kind: 'common-given-names', listedName: name, onlyEntryId: entry.entryId };
    }
    if (!pair || listedKeys.has(normaliseName(pair.query).text) || holdsListedName(pair.query, wordSets)) continue;
    pairs.push({ ...pair, query: recase(pair.query, random) });
    made++;
  }
  return pairs;
}

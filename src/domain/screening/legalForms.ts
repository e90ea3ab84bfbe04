/**
 * Legal forms that say what kind of company a name belongs to, not which one: removed before names
 * are compared, so ACME TRADING LLC and ACME TRADING LIMITED are the same name. Written as folded
 * tokens (see textFolding.ts; single letters run together, so S.A. DE C.V. is SA DE CV).
 */

const TRAILING = [
  'LTD',
  'LIMITED',
  'LLC',
  'LLP',
  'LP',
  'PLC',
  'INC',
  'INCORPORATED',
  'CORP',
  'CORPORATION',
  'CO',
  'COMPANY',
  'CIE',
  'GMBH',
  'MBH',
  'AG',
  'KG',
  'OHG',
  'EV',
  'SA',
  'SAS',
  'SARL',
  'SRL',
  'SPA',
  'SNC',
  'SL',
  'SLU',
  'BV',
  'NV',
  'VOF',
  'PTE',
  'PTY',
  'PVT',
  'KK',
  'YK',
  'JSC',
  'OJSC',
  'CJSC',
  'PJSC',
  'OOO',
  'ZAO',
  'OAO',
  'PAO',
  'AB',
  'AS',
  'ASA',
  'OY',
  'OYJ',
  'APS',
  'SE',
  'SDN',
  'BHD',
  'BERHAD',
  'TBK',
  'FZE',
  'FZCO',
  'FZC',
  'FZ',
  'DMCC',
  'WLL',
  'SAL',
  'SAOG',
  'SAE',
  'SAOC',
  'SPC',
  'CV',
  'SAPI',
  'SRO',
  'DOO',
  'AD',
  'EOOD',
  'OOD',
  'ZRT',
  'KFT',
  'SP',
  'ZOO',
].map((form) => [form]);

const TRAILING_PHRASES = [
  ['SA', 'DE', 'CV'],
  ['SAPI', 'DE', 'CV'],
  ['S', 'DE', 'RL'],
  ['SRL', 'DE', 'CV'],
  ['DE', 'CV'],
  ['DE', 'RL'],
  ['SP', 'Z', 'OO'],
  ['SPZOO'],
  ['CO', 'LTD'],
  ['CO', 'LIMITED'],
  ['PTE', 'LTD'],
  ['PVT', 'LTD'],
  ['PTY', 'LTD'],
  ['SDN', 'BHD'],
  ['FZ', 'LLC'],
  ['GMBH', 'CO', 'KG'],
  ['AG', 'CO', 'KG'],
  ['CO', 'KG'],
  ['LIMITED', 'LIABILITY', 'COMPANY'],
  ['JOINT', 'STOCK', 'COMPANY'],
  ['PUBLIC', 'LIMITED', 'COMPANY'],
];

const LEADING_PHRASES = [
  ['LIMITED', 'LIABILITY', 'COMPANY'],
  ['LIMITED', 'LIABILITY', 'PARTNERSHIP'],
  ['OPEN', 'JOINT', 'STOCK', 'COMPANY'],
  ['CLOSED', 'JOINT', 'STOCK', 'COMPANY'],
  ['PUBLIC', 'JOINT', 'STOCK', 'COMPANY'],
  ['JOINT', 'STOCK', 'COMPANY'],
  ['OOO'],
  ['ZAO'],
  ['OAO'],
  ['PAO'],
  ['AO'],
  ['TOO'],
  ['PT'],
  ['JSC'],
  ['OJSC'],
  ['CJSC'],
  ['PJSC'],
  ['LLC'],
];

/** The words of legal forms (LTD, COMPANY, JOINT, STOCK ...), which say nothing of which party a name is wherever they stand. */
export const LEGAL_FORM_WORDS: ReadonlySet<string> = new Set([...TRAILING_PHRASES, ...TRAILING, ...LEADING_PHRASES].flat().filter((word) => word.length >= 2));
/** Those of five letters or more (LIMITED, COMPANY ...): a screened word misspelling one is no party's name. */
export const LONG_LEGAL_FORM_WORDS: readonly string[] = [...LEGAL_FORM_WORDS].filter((word) => word.length >= 5);

/** Phrases by their last word (trailing forms) and by their first word (leading forms), longest first. */
function byWord(phrases: string[][], pick: (phrase: string[]) => string): Map<string, string[][]> {
  const map = new Map<string, string[][]>();
  for (const phrase of [...phrases].sort((a, b) => b.length - a.length)) {
    const key = pick(phrase);
    map.set(key, [...(map.get(key) ?? []), phrase]);
  }
  return map;
}

const trailing = byWord([...TRAILING_PHRASES, ...TRAILING], (phrase) => phrase[phrase.length - 1]);
const leading = byWord(LEADING_PHRASES, (phrase) => phrase[0]);

function endsWith(tokens: string[], phrase: string[]): boolean {
  if (phrase.length >= tokens.length) return false;
  return phrase.every((token, index) => tokens[tokens.length - phrase.length + index] === token);
}

function startsWith(tokens: string[], phrase: string[]): boolean {
  if (phrase.length >= tokens.length) return false;
  return phrase.every((token, index) => tokens[index] === token);
}

/** The name without its legal forms at either end; a name that is nothing but legal forms keeps its last word. */
export function withoutLegalForms(tokens: string[]): string[] {
  let result = tokens;
  for (let changed = true; changed; ) {
    changed = false;
    const suffix = trailing.get(result[result.length - 1])?.find((phrase) => endsWith(result, phrase));
    if (suffix) {
      result = result.slice(0, result.length - suffix.length);
      changed = true;
    }
    const prefix = leading.get(result[0])?.find((phrase) => startsWith(result, phrase));
    if (prefix) {
      result = result.slice(prefix.length);
      changed = true;
    }
  }
  return result;
}

/** Trailing legal forms of three letters or more, longest first, for finding one run into a name's last word. */
const RUN_IN_FORMS = [...new Set(TRAILING.map(([form]) => form).filter((form) => form.length >= 3))].sort((a, b) => b.length - a.length);

/** Trailing legal forms of one word, for finding one with a letter moved across the space before it. */
const SINGLE_FORMS = new Set(TRAILING.map(([form]) => form));

/**
 * A name's words with a legal form at its end whose space moved by a letter put back and the form
 * removed: the form's first letter left on the word before (RAHAT ENTERPRISESL TD, CRYMSAF ZE) or the
 * word's last letter run into the form (TAR ALIMITED); the word keeps three letters. Unchanged otherwise.
 */
function withoutMovedLegalForm(words: string[]): string[] {
  if (words.length < 2) return words;
  const [before, last] = [words[words.length - 2], words[words.length - 1]];
  if (SINGLE_FORMS.has(last)) return words;
  if (before.length > 3 && SINGLE_FORMS.has(before.slice(-1) + last))
    return withoutLegalForms([...words.slice(0, -2), before.slice(0, -1), before.slice(-1) + last]);
  if (last.length > 3 && RUN_IN_FORMS.includes(last.slice(1)) && before.length >= 3)
    return withoutLegalForms([...words.slice(0, -2), before + last[0], last.slice(1)]);
  return words;
}

/**
 * A name's words with a legal form run into its last word split off and removed
 * (SUPERMARKETCOMPANY -> SUPERMARKET, TELESERVE PLUSSAL -> TELESERVE PLUS), as often as one is
 * found; the part left must keep three letters; and a legal form whose space moved by a letter
 * (withoutMovedLegalForm). For fuzzy comparison only.
 */
export function withoutRunInLegalForms(words: string[]): string[] {
  let result = withoutMovedLegalForm(words);
  for (;;) {
    const last = result[result.length - 1];
    const form = last && RUN_IN_FORMS.find((candidate) => last.length - candidate.length >= 3 && last.endsWith(candidate));
    if (!form) return result;
    result = withoutLegalForms([...result.slice(0, -1), last.slice(0, last.length - form.length), form]);
  }
}

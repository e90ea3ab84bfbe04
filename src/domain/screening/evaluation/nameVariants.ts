import { pick, shuffled } from '../../seededRandom';

/**
 * Ways a listed name gets written differently on a shipment: word order, a typing error, dropped
 * letters, another transliteration (or Cyrillic script), a company suffix added or removed,
 * different punctuation. Each returns undefined when it does not apply to the name.
 */

export type VariantKind = 'word-order' | 'typo' | 'dropped-letters' | 'transliteration' | 'cyrillic' | 'suffix' | 'punctuation';
export const VARIANT_KINDS: readonly VariantKind[] = ['word-order', 'typo', 'dropped-letters', 'transliteration', 'cyrillic', 'suffix', 'punctuation'];

type Random = () => number;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const VOWELS = new Set(['A', 'E', 'I', 'O', 'U']);

function words(name: string): string[] {
  return name.split(/\s+/).filter(Boolean);
}

/** "CRUZ, Juan M. de la" -> "Juan M. de la CRUZ"; other names: the words in another order. */
function wordOrder(name: string, random: Random): string | undefined {
  const comma = name.indexOf(', ');
  if (comma > 0) return `${name.slice(comma + 2)} ${name.slice(0, comma)}`;
  const parts = words(name);
  if (parts.length < 2) return undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const order = shuffled(random, parts);
    if (order.join(' ') !== parts.join(' ')) return order.join(' ');
  }
  return [...parts.slice(1), parts[0]].join(' ');
}

/** A word of at least `minLength` letters to change, by index; undefined when there is none. */
function wordToChange(parts: string[], random: Random, minLength: number): number | undefined {
  const candidates = parts.map((part, index) => (/^[A-Za-z]+$/.test(part) && part.length >= minLength ? index : -1)).filter((index) => index >= 0);
  return candidates.length > 0 ? pick(random, candidates) : undefined;
}

/** One keyboard slip in one word, never on its first letter: a letter replaced, added, dropped or two swapped. */
function typo(name: string, random: Random): string | undefined {
  const parts = words(name);
  const index = wordToChange(parts, random, 4);
  if (index === undefined) return undefined;
  const word = parts[index].toUpperCase();
  const at = 1 + Math.floor(random() * (word.length - 1));
  const letter = pick(
    random,
    LETTERS.split('').filter((candidate) => candidate !== word[at]),
  );
  const edits = [
    () => word.slice(0, at) + letter + word.slice(at + 1),
    () => word.slice(0, at) + letter + word.slice(at),
    () => word.slice(0, at) + word.slice(at + 1),
    () => (at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word.slice(0, at)),
  ];
  parts[index] = pick(random, edits)();
  return parts.join(' ');
}

/** Vowels or a doubled letter left out (MAHMOOD -> MAHMOD, HASSAN -> HSSAN). */
function droppedLetters(name: string, random: Random): string | undefined {
  const parts = words(name);
  const index = wordToChange(parts, random, 5);
  if (index === undefined) return undefined;
  const word = parts[index].toUpperCase();
  const doubled = /([A-Z])\1/.exec(word);
  if (doubled && random() < 0.5) parts[index] = word.slice(0, doubled.index) + word.slice(doubled.index + 1);
  else {
    const vowels = [...word].map((char, position) => (position > 0 && VOWELS.has(char) ? position : -1)).filter((position) => position >= 0);
    if (vowels.length === 0) return undefined;
    const drop = new Set(shuffled(random, vowels).slice(0, vowels.length > 2 ? 2 : 1));
    parts[index] = [...word].filter((_, position) => !drop.has(position)).join('');
  }
  return parts.join(' ');
}

/** Spellings of the same name in common romanisations of Arabic, Persian and Russian names. */
const SPELLINGS: string[][] = [
  ['MOHAMMED', 'MOHAMMAD', 'MUHAMMAD', 'MUHAMMED', 'MOHAMED', 'MOHAMAD', 'MUHAMAD'],
  ['AHMED', 'AHMAD'],
  ['HUSSEIN', 'HUSSAIN', 'HUSAYN', 'HOSSEIN'],
  ['HASSAN', 'HASAN'],
  ['YUSUF', 'YOUSEF', 'YOUSSEF', 'YUSSUF'],
  ['OMAR', 'UMAR'],
  ['OSAMA', 'USAMA'],
  ['QADHAFI', 'QADDAFI', 'GADDAFI', 'KADHAFI'],
  ['ABU', 'ABOU'],
  ['ABDUL', 'ABDEL'],
  ['MAHMOUD', 'MAHMUD', 'MAHMOOD'],
  ['MUSTAFA', 'MOSTAFA'],
  ['KHALED', 'KHALID'],
  ['SAEED', 'SAID', 'SAYED'],
  ['YURIY', 'YURI', 'IURII'],
  ['DMITRIY', 'DMITRI', 'DMITRY'],
  ['ALEKSANDR', 'ALEXANDER', 'ALEKSANDER'],
  ['SERGEY', 'SERGEI'],
  ['ALEKSEY', 'ALEXEI', 'ALEKSEI'],
  ['EVGENIY', 'YEVGENIY', 'EVGENY'],
];

/** Letter-level spelling rules, applied to one word: [pattern, replacement]. */
const RULES: [RegExp, string][] = [
  [/OU/, 'U'],
  [/KH/, 'H'],
  [/Q/, 'K'],
  [/EE/, 'I'],
  [/IY$/, 'I'],
  [/OV$/, 'OFF'],
  [/EV$/, 'EFF'],
  [/SH/, 'SCH'],
  [/PH/, 'F'],
  [/W/, 'V'],
  [/EI/, 'EY'],
  [/AI/, 'AY'],
  [/^AL-/, 'EL-'],
  [/^EL-/, 'AL-'],
  [/^J/, 'DZH'],
  [/TS/, 'TZ'],
  [/KS/, 'X'],
  [/X/, 'KS'],
];

function transliteration(name: string, random: Random): string | undefined {
  const parts = words(name.toUpperCase());
  const options: (() => void)[] = [];
  parts.forEach((part, index) => {
    const bare = part.replace(/[^A-Z-]/g, '');
    const family = SPELLINGS.find((spellings) => spellings.includes(bare));
    if (family)
      options.push(
        () =>
          (parts[index] = part.replace(
            bare,
            pick(
              random,
              family.filter((spelling) => spelling !== bare),
            ),
          )),
      );
    for (const [pattern, replacement] of RULES) if (pattern.test(part)) options.push(() => (parts[index] = part.replace(pattern, replacement)));
  });
  if (options.length === 0) return undefined;
  pick(random, options)();
  return parts.join(' ');
}

/** Latin to Cyrillic letters, the reverse of the romanisation screening undoes. */
const TO_CYRILLIC: [string, string][] = [
  ['SHCH', 'Щ'],
  ['ZH', 'Ж'],
  ['KH', 'Х'],
  ['TS', 'Ц'],
  ['CH', 'Ч'],
  ['SH', 'Ш'],
  ['YU', 'Ю'],
  ['YA', 'Я'],
  ['A', 'А'],
  ['B', 'Б'],
  ['V', 'В'],
  ['G', 'Г'],
  ['D', 'Д'],
  ['E', 'Е'],
  ['Z', 'З'],
  ['I', 'И'],
  ['Y', 'Й'],
  ['K', 'К'],
  ['L', 'Л'],
  ['M', 'М'],
  ['N', 'Н'],
  ['O', 'О'],
  ['P', 'П'],
  ['R', 'Р'],
  ['S', 'С'],
  ['T', 'Т'],
  ['U', 'У'],
  ['F', 'Ф'],
  ['C', 'К'],
  ['Q', 'К'],
  ['W', 'В'],
  ['X', 'КС'],
  ['H', 'Х'],
  ['J', 'ДЖ'],
];

function cyrillic(name: string): string | undefined {
  const upper = name.toUpperCase();
  if (!/^[A-Z .,'-]+$/.test(upper)) return undefined;
  let out = '';
  for (let index = 0; index < upper.length; ) {
    const match = TO_CYRILLIC.find(([latin]) => upper.startsWith(latin, index));
    if (match) {
      out += match[1];
      index += match[0].length;
    } else {
      out += upper[index];
      index++;
    }
  }
  return out;
}

const LEGAL_FORM_AT_END =
  /[\s,]+(LLC|L\.L\.C\.|LTD\.?|LIMITED|CO\.,? LTD\.?|COMPANY|CORP\.?|CORPORATION|INC\.?|GMBH|S\.A\.(?: DE C\.V\.)?|SA|JSC|OJSC|CJSC|OOO|FZE|FZCO|PLC|B\.V\.|PTE\.? LTD\.?)$/i;
const ADDED_FORMS = ['LLC', 'LTD', 'LIMITED', 'CO., LTD.', 'GMBH', 'S.A.', 'INC.', 'JSC', 'FZE', 'PTE LTD', 'CORPORATION'];

/** A company's legal form removed, or one added. */
function suffix(name: string, random: Random, isCompany: boolean): string | undefined {
  if (!isCompany) return undefined;
  const existing = LEGAL_FORM_AT_END.exec(name);
  if (existing && random() < 0.6) return name.slice(0, existing.index);
  return `${existing ? name.slice(0, existing.index) : name}${random() < 0.3 ? ',' : ''} ${pick(random, ADDED_FORMS)}`;
}

/** Hyphens, dots, commas and apostrophes dropped or changed, or words joined by a hyphen. */
function punctuation(name: string, random: Random): string | undefined {
  const options: (() => string)[] = [];
  if (/[-]/.test(name)) options.push(() => name.replace(/-/g, ' '));
  if (/[.,']/.test(name)) options.push(() => name.replace(/[.,']/g, ''));
  if (/ AND /i.test(name)) options.push(() => name.replace(/ AND /i, ' & '));
  if (/ & /.test(name)) options.push(() => name.replace(/ & /, ' AND '));
  const parts = words(name);
  if (parts.length >= 2) {
    options.push(() => {
      const at = Math.floor(random() * (parts.length - 1));
      return [...parts.slice(0, at), `${parts[at]}-${parts[at + 1]}`, ...parts.slice(at + 2)].join(' ');
    });
  }
  return options.length > 0 ? pick(random, options)() : undefined;
}

export function applyVariant(kind: VariantKind, name: string, random: Random, isCompany: boolean): string | undefined {
  switch (kind) {
    case 'word-order':
      return wordOrder(name, random);
    case 'typo':
      return typo(name, random);
    case 'dropped-letters':
      return droppedLetters(name, random);
    case 'transliteration':
      return transliteration(name, random);
    case 'cyrillic':
      return cyrillic(name);
    case 'suffix':
      return suffix(name, random, isCompany);
    case 'punctuation':
      return punctuation(name, random);
  }
}

/** Written the way a shipper's system might: upper case, or title case. */
export function recase(name: string, random: Random): string {
  if (random() < 0.7) return name.toUpperCase();
  return name.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

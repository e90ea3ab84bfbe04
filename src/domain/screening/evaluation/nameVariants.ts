import { pick, shuffled } from '../../seededRandom';

/**
 * Ways a listed name gets written differently on a shipment: word order, a typing error (also in
 * a word's first letter), dropped letters, another transliteration (or Cyrillic script), a company
 * suffix added or removed, a generic trade word added or changed (MAHAN AIRLINES for MAHAN AIR),
 * a letter moved across a space or two words run together, a person's middle name left out, a
 * person's given names as initials, different punctuation. Each returns undefined when it does not apply to the name.
 */

export type VariantKind =
  | 'word-order'
  | 'typo'
  | 'first-letter'
  | 'dropped-letters'
  | 'transliteration'
  | 'cyrillic'
  | 'suffix'
  | 'generic-word'
  | 'moved-space'
  | 'joined-words'
  | 'middle-name'
  | 'initials'
  | 'punctuation';
export const VARIANT_KINDS: readonly VariantKind[] = [
  'word-order',
  'typo',
  'first-letter',
  'dropped-letters',
  'transliteration',
  'cyrillic',
  'suffix',
  'generic-word',
  'moved-space',
  'joined-words',
  'middle-name',
  'initials',
  'punctuation',
];

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

/** One keyboard slip at the start of a word: its first letter replaced, dropped or swapped with the second, or a letter added before it. */
function firstLetter(name: string, random: Random): string | undefined {
  const parts = words(name);
  const index = wordToChange(parts, random, 4);
  if (index === undefined) return undefined;
  const word = parts[index].toUpperCase();
  const letter = pick(
    random,
    LETTERS.split('').filter((candidate) => candidate !== word[0]),
  );
  const edits = [() => letter + word.slice(1), () => word.slice(1), () => word[1] + word[0] + word.slice(2), () => letter + word];
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
  ['HIZBALLAH', 'HEZBOLLAH', 'HIZBOLLAH', 'HEZBALLAH'],
  ['HOSSEINI', 'HUSSEINI', 'HOSEINI'],
  ['REZA', 'RIZA'],
  ['ZADEH', 'ZADE', 'ZADA'],
  ['JAFAR', 'JAAFAR', 'DJAFAR'],
  ['ALI', 'ALY'],
  ['ZHANG', 'CHANG'],
  ['ZHOU', 'CHOU', 'CHOW'],
  ['XIAO', 'HSIAO'],
  ['LIANG', 'LEUNG'],
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
  [/DH/, 'Z'],
  [/Z/, 'DH'],
  [/AY/, 'EI'],
  [/EI/, 'AI'],
  [/([^AEIOU])I([^AEIOU])/, '$1E$2'],
  [/([^AEIOU])E([^AEIOU])/, '$1I$2'],
  [/([^AEIOU])O([^AEIOU])/, '$1A$2'],
  [/([^AEIOU])U([^AEIOU])/, '$1O$2'],
  [/EH$/, 'E'],
  [/IA$/, 'IYA'],
  [/^YU/, 'IU'],
  [/^YA/, 'IA'],
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

/** Generic trade words a shipper adds to a company's name, and the interchangeable forms of some (see genericWords.ts). */
const ADDED_GENERIC_WORDS = ['GROUP', 'INTERNATIONAL', 'TRADING', 'HOLDING', 'INDUSTRIES', 'ENTERPRISES', 'SERVICES', 'GLOBAL', 'TECHNOLOGY'];
const GENERIC_FORMS: string[][] = [
  ['AIR', 'AIRLINES', 'AIRWAYS'],
  ['TRADING', 'TRADE', 'TRADERS'],
  ['INDUSTRIES', 'INDUSTRY', 'INDUSTRIAL'],
  ['INTERNATIONAL', 'INTL'],
  ['ELECTRONICS', 'ELECTRONIC'],
  ['MACHINERY', 'MACHINES'],
  ['CHEMICALS', 'CHEMICAL'],
  ['SHIPPING', 'SHIPS'],
  ['TECHNOLOGY', 'TECHNOLOGIES', 'TECH'],
  ['ENGINEERING', 'ENGINEERS'],
  ['GROUP', 'GRUPO'],
  ['SERVICES', 'SERVICE'],
  ['HOLDING', 'HOLDINGS'],
];

/** A company's generic word written in another form (MAHAN AIRLINES), or one added before its legal form (ACME GROUP LLC). */
function genericWord(name: string, random: Random, isCompany: boolean): string | undefined {
  if (!isCompany) return undefined;
  const parts = words(name);
  const swaps = parts.flatMap((part, index) => {
    const bare = part.toUpperCase().replace(/[^A-Z]/g, '');
    const forms = GENERIC_FORMS.find((group) => group.includes(bare));
    return forms
      ? [
          () =>
            (parts[index] = part.toUpperCase().replace(
              bare,
              pick(
                random,
                forms.filter((form) => form !== bare),
              ),
            )),
        ]
      : [];
  });
  if (swaps.length > 0 && random() < 0.5) {
    pick(random, swaps)();
    return parts.join(' ');
  }
  const existing = LEGAL_FORM_AT_END.exec(name);
  const body = existing ? name.slice(0, existing.index) : name;
  const added = pick(
    random,
    ADDED_GENERIC_WORDS.filter((word) => !body.toUpperCase().includes(word)),
  );
  return `${body} ${added}${existing ? name.slice(existing.index) : ''}`;
}

/** A letter moved across the space between two words: MAHAN AIR -> MAHA NAIR or MAHANA IR. */
function movedSpace(name: string, random: Random): string | undefined {
  const parts = words(name);
  const pairs = parts.flatMap((part, index) =>
    index + 1 < parts.length && /^[A-Za-z]{3,}$/.test(part) && /^[A-Za-z]{3,}$/.test(parts[index + 1]) ? [index] : [],
  );
  if (pairs.length === 0) return undefined;
  const at = pick(random, pairs);
  const [first, second] = [parts[at], parts[at + 1]];
  parts.splice(at, 2, ...(random() < 0.5 ? [first.slice(0, -1), first.slice(-1) + second] : [first + second[0], second.slice(1)]));
  return parts.join(' ');
}

/** Two neighbouring words run together: MAHAN AIR -> MAHANAIR, ABDUL RAHMAN -> ABDULRAHMAN. */
function joinedWords(name: string, random: Random): string | undefined {
  const parts = words(name.replace(/-/g, ' '));
  const pairs = parts.flatMap((part, index) =>
    index + 1 < parts.length && /^[A-Za-z]{2,}$/.test(part) && /^[A-Za-z]{2,}$/.test(parts[index + 1]) ? [index] : [],
  );
  if (pairs.length === 0) return undefined;
  const at = pick(random, pairs);
  parts.splice(at, 2, parts[at] + parts[at + 1]);
  return parts.join(' ');
}

/** A person listed as SURNAME, Given Middle written without one of the middle names: Given SURNAME. */
function middleName(name: string, random: Random, isCompany: boolean): string | undefined {
  const comma = name.indexOf(', ');
  if (isCompany || comma < 0) return undefined;
  const given = words(name.slice(comma + 2));
  const middles = given.flatMap((part, index) => (index > 0 && /^[A-Za-z'-]{3,}$/.test(part) ? [index] : []));
  if (middles.length === 0) return undefined;
  const dropped = pick(random, middles);
  const kept = given.filter((_, index) => index !== dropped).join(' ');
  return random() < 0.5 ? `${kept} ${name.slice(0, comma)}` : `${name.slice(0, comma)}, ${kept}`;
}

/**
 * A person's given names written as initials before the family name (issue 34, 4): RAMIREZ GARCIA,
 * Hector Fabio -> H. F. RAMIREZ GARCIA, or the first given name kept: Hector F. RAMIREZ GARCIA.
 */
function initials(name: string, random: Random, isCompany: boolean): string | undefined {
  const comma = name.indexOf(', ');
  if (isCompany || comma < 0) return undefined;
  const given = words(name.slice(comma + 2)).filter((part) => /^[A-Za-z]/.test(part));
  if (given.length === 0) return undefined;
  const keepFirst = given.length > 1 && random() < 0.5;
  // The initial of al-Hishan is H, as a clerk writes it.
  const initial = (part: string) => `${part.replace(/^(al|el)-/i, '')[0].toUpperCase()}.`;
  const written = given.map((part, index) => (keepFirst && index === 0 ? part : initial(part)));
  return `${written.join(' ')} ${name.slice(0, comma)}`;
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
    case 'first-letter':
      return firstLetter(name, random);
    case 'generic-word':
      return genericWord(name, random, isCompany);
    case 'moved-space':
      return movedSpace(name, random);
    case 'joined-words':
      return joinedWords(name, random);
    case 'middle-name':
      return middleName(name, random, isCompany);
    case 'initials':
      return initials(name, random, isCompany);
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

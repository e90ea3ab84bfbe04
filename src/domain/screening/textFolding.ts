import { isAsciiText } from '../asciiText';
/**
 * Folding text for comparison: invisible format characters removed, compatibility forms read as the
 * letters they stand for (Unicode NFKC: fullwidth, ligatures), Cyrillic written in Latin letters,
 * accents and other marks removed (NFKD), upper case, apostrophes dropped (O'BRIEN = OBRIEN), every
 * other character that is not a letter or digit read as a space, spaces collapsed.
 */

/**
 * Unicode's format characters (category Cf): zero width spaces and joiners (U+200B-U+200D), the
 * soft hyphen (U+00AD), the word joiner and invisible operators (U+2060-U+2064), the byte order mark
 * (U+FEFF), bidirectional marks, embeddings and isolates, tags; and the other characters Unicode says
 * to ignore when they cannot be shown (Default_Ignorable_Code_Point): the Hangul fillers (U+115F,
 * U+1160, U+3164, U+FFA0), which are letters to a regular expression, the combining grapheme joiner,
 * variation selectors. Nothing shows them, so they are no part of a name: I\u200DRAN C\u200DHARAK
 * reads IRAN CHARAK (issue 33), not I RAN C HARAK.
 */
const FORMAT_CHARACTERS = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** The text without its format characters: screening (foldKeepingEdges) and the rule lists' matching values (wildcard.ts) read texts so. */
export function withoutFormatCharacters(text: string): string {
  return text.replace(FORMAT_CHARACTERS, '');
}

/** BGN/PCGN-style romanisation of Russian, Ukrainian and Belarusian letters, as sanction lists spell them. */
const CYRILLIC: Record<string, string> = {
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Д: 'D',
  Е: 'E',
  Ё: 'E',
  Ж: 'ZH',
  З: 'Z',
  И: 'I',
  Й: 'Y',
  К: 'K',
  Л: 'L',
  М: 'M',
  Н: 'N',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  У: 'U',
  Ф: 'F',
  Х: 'KH',
  Ц: 'TS',
  Ч: 'CH',
  Ш: 'SH',
  Щ: 'SHCH',
  Ъ: '',
  Ы: 'Y',
  Ь: '',
  Э: 'E',
  Ю: 'YU',
  Я: 'YA',
  Є: 'YE',
  І: 'I',
  Ї: 'YI',
  Ґ: 'G',
  Ў: 'U',
};

/** Latin letters that NFKD does not take apart. */
const LATIN_SPECIAL: Record<string, string> = { Æ: 'AE', Œ: 'OE', Ø: 'O', Ł: 'L', Đ: 'D', Ð: 'D', Þ: 'TH', Ħ: 'H', Ŧ: 'T', Ŋ: 'NG' };

const APOSTROPHES = /['’‘`´ʼʻ]/g;

function replaceLetters(text: string): string {
  let out = '';
  for (const char of text) {
    const upper = char.toUpperCase();
    out += CYRILLIC[upper] ?? LATIN_SPECIAL[upper] ?? upper;
  }
  return out;
}

/** Letters and digits only, upper case, single spaces; keeps a leading and trailing space when the text had one there. */
export function foldKeepingEdges(text: string): string {
  // Most names are plain ASCII: they hold no format character and need neither romanisation nor Unicode normalisation.
  const letters = isAsciiText(text)
    ? text.toUpperCase()
    : replaceLetters(withoutFormatCharacters(text).normalize('NFKC')).normalize('NFKD').replace(/\p{M}/gu, '');
  return letters.replace(APOSTROPHES, '').replace(/[^A-Z0-9]+/g, ' ');
}

/** "Müller & Söhne, s.r.o." -> "MULLER SOHNE S R O"; "Щербаков" -> "SHCHERBAKOV". */
export function foldText(text: string): string {
  return foldKeepingEdges(text).trim();
}

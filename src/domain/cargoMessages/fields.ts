import type { Volume, VolumeUnit, Weight } from './model';

/** Field-level readers and writers shared by the Cargo-IMP segments. */

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A non-negative decimal as Cargo-IMP writes amounts and weights: digits with an optional decimal part. */
export function readDecimal(text: string, maxIntegerDigits = 12, maxDecimals = 4): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || match[1].length > maxIntegerDigits || (match[2] ?? '').length > maxDecimals) return undefined;
  return Number(text);
}

export function readInteger(text: string, maxDigits: number): number | undefined {
  return new RegExp(`^\\d{1,${maxDigits}}$`).test(text) ? Number(text) : undefined;
}

/** 245 -> "245", 36.75 -> "36.75", 3.10 -> "3.1": the shortest exact decimal. */
export function formatDecimal(value: number, maxDecimals = 4): string {
  const fixed = value.toFixed(maxDecimals);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

/** "K245" or "L12.5". */
export function readWeight(text: string): Weight | undefined {
  const match = /^([KL])(\d{1,7}(?:\.\d{1,2})?)$/.exec(text);
  return match ? { unit: match[1] as Weight['unit'], value: Number(match[2]) } : undefined;
}

export function formatWeight(weight: Weight): string {
  return `${weight.unit}${formatDecimal(weight.value, 2)}`;
}

const VOLUME_UNITS: readonly VolumeUnit[] = ['MC', 'CC', 'CF', 'CI'];

/** "MC1.03". */
export function readVolume(text: string): Volume | undefined {
  const match = /^(MC|CC|CF|CI)(\d{1,9}(?:\.\d{1,2})?)$/.exec(text);
  return match ? { unit: match[1] as VolumeUnit, value: Number(match[2]) } : undefined;
}

export function isVolumeUnit(text: string): text is VolumeUnit {
  return (VOLUME_UNITS as readonly string[]).includes(text);
}

export function formatVolume(volume: Volume): string {
  return `${volume.unit}${formatDecimal(volume.value, 2)}`;
}

/** "08DEC10" -> "2010-12-08"; two-digit years 70-99 are 19xx, 00-69 are 20xx. */
export function readCargoDate(text: string): string | undefined {
  const match = /^(\d{2})([A-Z]{3})(\d{2})$/.exec(text);
  if (!match) return undefined;
  return isoDate(Number(match[1]), MONTHS.indexOf(match[2]) + 1, Number(match[3]));
}

/** "13FEB151630" -> "2015-02-13T16:30" (the e-CSD screening date and time). */
export function readCargoDateTime(text: string): string | undefined {
  const match = /^(\d{2})([A-Z]{3})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = isoDate(Number(match[1]), MONTHS.indexOf(match[2]) + 1, Number(match[3]));
  const hours = Number(match[4]);
  const minutes = Number(match[5]);
  if (!date || hours > 23 || minutes > 59) return undefined;
  return `${date}T${match[4]}:${match[5]}`;
}

function isoDate(day: number, month: number, shortYear: number): string | undefined {
  if (month < 1) return undefined;
  const year = shortYear >= 70 ? 1900 + shortYear : 2000 + shortYear;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "2010-12-08" -> "08DEC10". */
export function formatCargoDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}${MONTHS[Number(month) - 1]}${year.slice(2)}`;
}

/**
 * The characters a Cargo-IMP text field may hold (the IATA "mixed" set without the separator '/').
 * Readers accept any printable ASCII; writers insist on these so that every line reads back.
 */
/** A harmonised commodity code: 6 to 18 digits, in Cargo-IMP and Cargo-XML alike. */
export const HS_CODE = /^\d{6,18}$/;
/** A house waybill number: 1 to 12 capital letters or digits. */
export const HOUSE_WAYBILL_NUMBER = /^[A-Z0-9]{1,12}$/;

const FIELD_TEXT = /^[A-Z0-9 .,\-()'":+=?!%&*;<>#@]*$/;

export function isCargoImpText(text: string): boolean {
  return FIELD_TEXT.test(text);
}

/** Why a text cannot be written as a Cargo-IMP field of at most `maxLength` characters; undefined when it can. */
export function cargoImpTextProblem(text: string, maxLength: number, { required = true } = {}): string | undefined {
  if (text === '') return required ? 'is empty' : undefined;
  if (text !== text.trim()) return 'starts or ends with a space';
  if (text.length > maxLength) return `is ${text.length} characters long; at most ${maxLength} fit`;
  if (!isCargoImpText(text)) return "holds characters Cargo-IMP cannot carry (only capitals, digits, spaces and plain punctuation, no '/')";
  return undefined;
}

/** Splits a text into lines of at most `width` characters at word boundaries (long words are cut). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > width) {
      if (current) lines.push(current);
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
      current = '';
    }
    if (!current) current = rest;
    else if (current.length + 1 + rest.length <= width) current += ` ${rest}`;
    else {
      lines.push(current);
      current = rest;
    }
  }
  if (current) lines.push(current);
  return lines;
}

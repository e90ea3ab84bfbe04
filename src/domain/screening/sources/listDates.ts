import type { SourceDate } from './model';

/**
 * Dates as the lists write them: OFAC's "28 Jul 1963", "Jul 1963", "1963", "circa 1964", "01 Jan 1960 to 31 Dec 1962",
 * "1955-1957"; the UN's and the CSL's ISO "1966-09-09" (with "1961-00-00" for a year alone); the UN's notes
 * "Nov. 1973", "August 1961". A date written any other way (e.g. "12/05/1970", day and month in an unknown order)
 * is not read.
 */

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

interface Span {
  precision: 'day' | 'month' | 'year';
  earliest: string;
  latest: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function day(year: number, month: number, dayOfMonth: number): Span | undefined {
  if (month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > daysIn(year, month)) return undefined;
  const iso = `${pad(year, 4)}-${pad(month)}-${pad(dayOfMonth)}`;
  return { precision: 'day', earliest: iso, latest: iso };
}

function month(year: number, monthOfYear: number): Span | undefined {
  if (monthOfYear < 1 || monthOfYear > 12) return undefined;
  return {
    precision: 'month',
    earliest: `${pad(year, 4)}-${pad(monthOfYear)}-01`,
    latest: `${pad(year, 4)}-${pad(monthOfYear)}-${pad(daysIn(year, monthOfYear))}`,
  };
}

function year(value: number): Span {
  return { precision: 'year', earliest: `${pad(value, 4)}-01-01`, latest: `${pad(value, 4)}-12-31` };
}

const monthNumber = (name: string): number | undefined => MONTHS[name.toLowerCase()];

/** One date: a day, a month or a year. */
function readSpan(text: string): Span | undefined {
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match) {
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (m === 0) return d === 0 ? year(y) : undefined;
    return d === 0 ? month(y, m) : day(y, m, d);
  }
  match = /^(\d{4})-(\d{2})$/.exec(text);
  if (match) return month(Number(match[1]), Number(match[2]));
  match = /^(\d{4})$/.exec(text);
  if (match) return year(Number(match[1]));
  match = /^(\d{1,2})\s+([A-Za-z]+)\.?,?\s+(\d{4})$/.exec(text);
  if (match) {
    const m = monthNumber(match[2]);
    return m ? day(Number(match[3]), m, Number(match[1])) : undefined;
  }
  match = /^([A-Za-z]+)\.?\s+(\d{1,2}),\s+(\d{4})$/.exec(text);
  if (match) {
    const m = monthNumber(match[1]);
    return m ? day(Number(match[3]), m, Number(match[2])) : undefined;
  }
  match = /^([A-Za-z]+)\.?,?\s+(\d{4})$/.exec(text);
  if (match) {
    const m = monthNumber(match[1]);
    return m ? month(Number(match[2]), m) : undefined;
  }
  return undefined;
}

const APPROXIMATE = /^(?:circa|ca\.|c\.|approximately|approx\.|about|around)\s+/i;

/** A date of birth (or any date) as a list writes it, or undefined when it cannot be read. */
export function readListDate(written: string, approximate = false): SourceDate | undefined {
  const text = written.trim().replace(/\s+/g, ' ');
  let rest = text.replace(/\.$/, '');
  let circa = approximate;
  if (APPROXIMATE.test(rest)) {
    circa = true;
    rest = rest.replace(APPROXIMATE, '');
  }
  rest = rest.replace(/^between\s+(.+)\s+and\s+(.+)$/i, '$1 to $2');
  const range = /^(.+?)\s+(?:to|-|–)\s+(.+)$/.exec(rest) ?? /^(\d{4})\s*[-–]\s*(\d{4})$/.exec(rest);
  if (range) {
    const from = readSpan(range[1].replace(/\.$/, ''));
    const to = readSpan(range[2].replace(/\.$/, ''));
    if (!from || !to || from.earliest > to.latest) return undefined;
    return { text, precision: 'range', earliest: from.earliest, latest: to.latest, approximate: circa };
  }
  const span = readSpan(rest);
  return span ? { text, ...span, approximate: circa } : undefined;
}

/** An ISO day (yyyy-mm-dd) from a date a list gives as a whole day, else undefined. */
export function isoDay(written: string | undefined): string | undefined {
  if (!written) return undefined;
  const date = readListDate(written);
  return date?.precision === 'day' ? date.earliest : undefined;
}

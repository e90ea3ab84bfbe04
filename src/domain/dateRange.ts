import { ShipmentMessages } from './shipmentMessages';
import { formatMessage } from './statusCodes';

/** The summary's date filters (spec 5): flight date, message date and STD, each range within 7 days. */
export const MAX_RANGE_DAYS = 7;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date 'YYYY-MM-DD' as a UTC day number, or undefined when it is not a real date. */
export function dayNumber(text: string): number | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(time);
  if (date.getUTCFullYear() !== Number(match[1]) || date.getUTCMonth() !== Number(match[2]) - 1 || date.getUTCDate() !== Number(match[3])) return undefined;
  return time / 86_400_000;
}

/**
 * "Within 7 days": from and to inclusive span at most 7 calendar days (e.g. 1st to 7th).
 * One side alone is allowed (an open range); both empty means no filter.
 */
export function dateRangeProblem(field: string, from: string | undefined, to: string | undefined): string | undefined {
  const start = from ? dayNumber(from) : undefined;
  const end = to ? dayNumber(to) : undefined;
  if ((from && start === undefined) || (to && end === undefined)) return formatMessage(ShipmentMessages.dateInvalid, { field });
  if (start === undefined || end === undefined) return undefined;
  if (start > end) return formatMessage(ShipmentMessages.dateRangeReversed, { field });
  if (end - start + 1 > MAX_RANGE_DAYS) return formatMessage(ShipmentMessages.dateRangeTooLong, { field });
  return undefined;
}

/** 'YYYY-MM-DD' of a Date in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' of a Date in the local time zone: the browser's calendar day (the server accepts a day of difference for the zone). */
export function localIsoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export function addDaysIso(day: string, days: number): string {
  const base = dayNumber(day);
  if (base === undefined) throw new Error(`not a date: ${day}`);
  return isoDay(new Date((base + days) * 86_400_000));
}

const ZONED = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/**
 * The one way the portal shows a moment: 'YYYY-MM-DD HH:mm UTC' ('HH:mm:ss' for logs; without ' UTC'
 * where a column's header says it once), whatever the
 * browser's locale. A time without a zone is already UTC (the wire's convention); text that is not a
 * time is shown as it came.
 */
export function utcDateTime(value: string | Date | null | undefined, { seconds = false, zone = true } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  // 'YYYY-MM-DD HH:mm[:ss]' (a space for the T, as PostgreSQL writes it) is the same moment as with the T.
  const text = typeof value === 'string' ? value.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})/, '$1T$2') : value;
  const date = typeof text === 'string' ? new Date(ZONED.test(text) || !text.includes('T') ? text : `${text}Z`) : text;
  if (Number.isNaN(date.getTime())) return String(value);
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, seconds ? 19 : 16)}${zone ? ' UTC' : ''}`;
}

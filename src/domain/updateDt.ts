/**
 * UpdateDT (CONTRACTS.md): ISO 8601 UTC with milliseconds, strictly increasing on every change of a
 * shipment. awbcheckupdate takes it with colons, dashes and spaces removed (spec 7).
 */

const ISO_UPDATE_DT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const COMPACT_UPDATE_DT = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z$/;

export function formatUpdateDt(date: Date): string {
  return date.toISOString();
}

export function isUpdateDt(text: string): boolean {
  return ISO_UPDATE_DT.test(text) && !Number.isNaN(Date.parse(text));
}

/** '2026-11-22T10:15:30.123Z' -> '20261122T101530.123Z'. */
export function compactUpdateDt(updateDt: string): string {
  return updateDt.replace(/[:\- ]/g, '');
}

/** The inverse of compactUpdateDt; undefined for anything else. */
export function parseCompactUpdateDt(text: string): string | undefined {
  const match = COMPACT_UPDATE_DT.exec(text);
  if (!match) return undefined;
  const iso = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}.${match[7]}Z`;
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString() !== iso ? undefined : iso;
}

/** A JSON-schema pattern for UpdateDT on the wire. */
export const UPDATE_DT_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$';
export const COMPACT_UPDATE_DT_PATTERN = '^\\d{8}T\\d{6}\\.\\d{3}Z$';

import { formatAwbNumber, hasValidCheckDigit, parseAwbNumber, type AwbNumber } from './awb';
import { ShipmentMessages } from './shipmentMessages';

/** The AWB search box of spec 5: tags of AWB numbers, at most 5, no duplicates, each 3 + 8 digits. */

export const MAX_SEARCH_TAGS = 5;

export type TagProblem = 'searchEmpty' | 'awbFormat' | 'tooManyTags' | 'searchDuplicate';

export type TagResult = { ok: true; awb: AwbNumber; tags: AwbNumber[]; checkDigitValid: boolean } | { ok: false; problem: TagProblem; message: string };

const refuse = (problem: TagProblem): TagResult => ({ ok: false, problem, message: ShipmentMessages[problem] });

export function sameAwb(a: AwbNumber, b: AwbNumber): boolean {
  return a.prefix === b.prefix && a.suffix === b.suffix;
}

/** Adds the typed text as a tag to `tags`, or says which rule it breaks (in the spec's order of checks). */
export function addSearchTag(tags: readonly AwbNumber[], text: string): TagResult {
  if (text.trim() === '') return refuse('searchEmpty');
  const awb = parseAwbNumber(text);
  if (!awb) return refuse('awbFormat');
  if (tags.some((tag) => sameAwb(tag, awb))) return refuse('searchDuplicate');
  if (tags.length >= MAX_SEARCH_TAGS) return refuse('tooManyTags');
  return { ok: true, awb, tags: [...tags, awb], checkDigitValid: hasValidCheckDigit(awb.suffix) };
}

/**
 * Splits pasted text ("160-12345675, 16012345686 ...") into candidate tags. A prefix and a serial
 * number separated by spaces ("160 12345675", as printed on many air waybills) are one AWB number.
 */
export function splitSearchText(text: string): string[] {
  return text
    .replace(/(?<!\d)(\d{3})[ \t]+(\d{8})(?!\d)/g, '$1-$2')
    .split(/[\s,;]+/)
    .filter((part) => part !== '');
}

/** The server's check of a whole fieldSearch: the same rules, all at once. */
export function searchTagsProblem(tags: readonly { AWBPrefix: string; AWBSuffix: string }[]): TagResult | undefined {
  let accepted: AwbNumber[] = [];
  for (const tag of tags) {
    const result = addSearchTag(accepted, `${tag.AWBPrefix}-${tag.AWBSuffix}`);
    if (!result.ok) return result;
    accepted = result.tags;
  }
  return undefined;
}

/** Tags whose check digit does not match: searched as entered, flagged to the user. */
export function checkDigitMismatches(tags: readonly AwbNumber[]): string[] {
  return tags.filter((tag) => !hasValidCheckDigit(tag.suffix)).map(formatAwbNumber);
}

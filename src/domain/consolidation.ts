/**
 * A consolidation: a master air waybill and the house waybills of its FHL. What a house's goods are
 * called, and whether the houses add up to the master, read the same on the detail page and on the
 * printouts.
 */

/** A house's nature of goods from its FHL: the short manifest description (HBS) and the free text (TXT lines). */
export function houseGoodsDescription(manifestDescription: string, textLines: readonly string[]): string {
  const summary = manifestDescription.trim();
  // TXT lines are one text wrapped at the line length, not a list.
  const text = textLines
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  const plain = (value: string) => value.replace(/\s+/g, ' ').toUpperCase();
  // The summary is usually the text again, or its first 15 characters: print it once.
  if (!text || plain(summary).includes(plain(text))) return summary;
  if (!summary || plain(text).includes(plain(summary))) return text;
  return `${summary} - ${text}`;
}

export interface Consignment {
  pieces: number;
  weightKg: number;
}

export interface ConsolidationTotals {
  master: Consignment;
  houses: Consignment & { count: number };
  /** How far apart they are (absolute): 0 pieces and 0 kg when the houses add up to the master. */
  difference: Consignment;
  agrees: boolean;
}

/** The houses' pieces and weight against the master's; null when there are no houses (not a consolidation). */
export function consolidationTotals(master: Consignment, houses: readonly Consignment[]): ConsolidationTotals | null {
  if (houses.length === 0) return null;
  // Weights are kept to 0.1 kg: summed in tenths, so that no floating-point remainder reads as a difference.
  const tenths = (kg: number) => Math.round(kg * 10);
  const pieces = houses.reduce((sum, house) => sum + house.pieces, 0);
  const weightTenths = houses.reduce((sum, house) => sum + tenths(house.weightKg), 0);
  const difference = { pieces: Math.abs(pieces - master.pieces), weightKg: Math.abs(weightTenths - tenths(master.weightKg)) / 10 };
  return {
    master: { pieces: master.pieces, weightKg: tenths(master.weightKg) / 10 },
    houses: { count: houses.length, pieces, weightKg: weightTenths / 10 },
    difference,
    agrees: difference.pieces === 0 && difference.weightKg === 0,
  };
}

/**
 * Made when first used: the first NumberFormat of a page loads Chromium's ICU number data (30 to 70 ms), and this
 * module shares a chunk with what the shipment list needs, which paid for it on every start (issue 16).
 */
let kilograms: Intl.NumberFormat | undefined;

/** A weight as the consolidation figures show it: '4,603.5'. */
export function formatKg(weightKg: number): string {
  kilograms ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return kilograms.format(weightKg);
}

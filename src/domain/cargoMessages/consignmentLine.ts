import { awbCheckDigit, hasValidCheckDigit } from '../awb';
import type { FaultList } from './faults';
import { formatVolume, formatWeight, readVolume, readWeight } from './fields';
import type { ConsignmentSummary, ShipmentDescriptionCode } from './model';

/**
 * The AWB consignment detail: `006-96667465DFWFRA/T4K245[MC1.2][DG3]`, the second line of an FWB
 * and, after `MBI/`, the master line of an FHL.
 */

const AWB_HEAD = /^(\d{3})-(\d{8})([A-Z]{3})([A-Z]{3})\/(.*)$/;
const QUANTITY = /^([TPSDM])(\d{1,4})([KL]\d+(?:\.\d+)?)((?:MC|CC|CF|CI)\d+(?:\.\d+)?)?(?:DG(\d{1,2}))?$/;

/** Reads the consignment detail; the check digit must hold (8th digit = first 7 digits mod 7). */
export function readConsignmentLine(text: string, line: number, faults: FaultList, segment?: string): ConsignmentSummary | undefined {
  const awbOnly = /^(\d{3})-?(\d{8})/.exec(text);
  if (!awbOnly) {
    return faults.add(line, 'malformed', 'The AWB number must be a 3-digit airline prefix, a hyphen and an 8-digit serial, e.g. 006-96667465.', segment);
  }
  const [, prefix, suffix] = awbOnly;
  if (!hasValidCheckDigit(suffix)) {
    const seven = suffix.slice(0, 7);
    return faults.add(
      line,
      'check-digit',
      `AWB ${prefix}-${suffix} fails its check digit: the 8th digit must be the first seven digits modulo 7 (${seven} mod 7 = ${awbCheckDigit(seven)}), not ${suffix[7]}.`,
      segment,
    );
  }
  const head = AWB_HEAD.exec(text);
  if (!head) {
    return faults.add(
      line,
      'malformed',
      `After AWB ${prefix}-${suffix} come the origin and destination airports (3 letters each), a '/', then the quantity, e.g. DFWFRA/T4K245.`,
      segment,
    );
  }
  const quantity = QUANTITY.exec(head[5]);
  if (!quantity) {
    return faults.add(
      line,
      'malformed',
      `The quantity '${head[5]}' must be the shipment code (T, P, S, D or M), the pieces, K or L and the weight, optionally a volume (e.g. MC1.2): e.g. T4K245.`,
      segment,
    );
  }
  const weight = readWeight(quantity[3]);
  if (!weight) return faults.add(line, 'malformed', `The weight ${quantity[3]} has too many digits: at most 7, and 2 decimals.`, segment);
  const volume = quantity[4] === undefined ? undefined : readVolume(quantity[4]);
  if (quantity[4] !== undefined && !volume)
    return faults.add(line, 'malformed', `The volume ${quantity[4]} has too many digits: at most 9, and 2 decimals.`, segment);
  const pieces = Number(quantity[2]);
  if (pieces === 0) return faults.add(line, 'malformed', 'The number of pieces must be at least 1.', segment);
  return {
    awb: { prefix, suffix },
    origin: head[3],
    destination: head[4],
    shipmentDescriptionCode: quantity[1] as ShipmentDescriptionCode,
    pieces,
    weight,
    ...(volume ? { volume } : {}),
    ...(quantity[5] !== undefined ? { densityGroup: Number(quantity[5]) } : {}),
  };
}

export function formatConsignmentLine(consignment: ConsignmentSummary): string {
  const { awb, origin, destination } = consignment;
  const volume = consignment.volume ? formatVolume(consignment.volume) : '';
  const density = consignment.densityGroup === undefined ? '' : `DG${consignment.densityGroup}`;
  return `${awb.prefix}-${awb.suffix}${origin}${destination}/${consignment.shipmentDescriptionCode}${consignment.pieces}${formatWeight(consignment.weight)}${volume}${density}`;
}

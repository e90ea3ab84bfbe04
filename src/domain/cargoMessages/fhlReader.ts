import { groupSegments, readMessageLines, type Segment } from './cargoImpLines';
import { readChargeDeclarations } from './charges';
import { readConsignmentLine } from './consignmentLine';
import { readCustomsInformation } from './customs';
import { checkText } from './fieldChecks';
import { readInteger, readWeight, HS_CODE, HOUSE_WAYBILL_NUMBER } from './fields';
import { FaultList, type ParseOutcome } from './faults';
import { withDefaultLimits, type CargoMessageLimits } from './limits';
import { readHeader } from './messageHeader';
import type { HouseManifest, HouseWaybill } from './model';
import { PARTY_ROLES, readParty } from './parties';
import { readSpecialHandling, readTextLines } from './waybillSegments';

/**
 * FHL/4, the house manifest: the master (MBI), then for each house its HBS line and what follows it.
 *
 *   MBI/006-96667465DFWFRA/T4K245
 *   HBS/SEKO0001/DFWFRA/2/K120/2/ELECTRONICS     house, origin+destination, pieces, weight, SLAC, manifest description
 *   /EAW/SPX                                     optional special handling codes
 *   TXT/...  HTS/...  OCI/...  SHP/...  CNE/...  CVD/...
 */

export const FHL_VERSIONS = [4] as const;
export const HOUSE_LIMITS = { hawb: 12, manifestDescription: 15, slacDigits: 5, goodsLines: 9 } as const;
const FHL_TAGS: ReadonlySet<string> = new Set(['MBI', 'HBS', 'TXT', 'HTS', 'OCI', 'SHP', 'CNE', 'CVD']);
const HOUSE_PARTS = new Set(['TXT', 'HTS', 'OCI', 'SHP', 'CNE', 'CVD']);

function readHouseLine(segment: Segment, faults: FaultList): HouseWaybill | undefined {
  const before = faults.faults.length;
  const line = segment.line;
  const [hawb = '', route = '', piecesText = '', weightText = '', slacText = '', description = '', ...extra] = segment.head.fields;
  if (extra.length > 0)
    faults.add(line, 'malformed', 'The house line holds house number, origin and destination, pieces, weight, SLAC and description only.', 'HBS');
  if (!HOUSE_WAYBILL_NUMBER.test(hawb)) faults.add(line, 'malformed', `The house waybill number '${hawb}' must be 1 to 12 letters or digits.`, 'HBS');
  const airports = /^([A-Z]{3})([A-Z]{3})$/.exec(route);
  if (!airports) faults.add(line, 'malformed', `'${route}' must be the house's origin and destination airports, 3 letters each, e.g. DFWFRA.`, 'HBS');
  const pieces = readInteger(piecesText, 4);
  if (pieces === undefined || pieces === 0) faults.add(line, 'malformed', `The house's pieces '${piecesText}' must be a number from 1 to 9999.`, 'HBS');
  const weight = readWeight(weightText);
  if (!weight) faults.add(line, 'malformed', `The house's weight '${weightText}' must be K or L and the weight, e.g. K120.5.`, 'HBS');
  const slac = slacText === '' ? undefined : readInteger(slacText, HOUSE_LIMITS.slacDigits);
  if (slacText !== '' && slac === undefined) faults.add(line, 'malformed', `The shipper's load and count '${slacText}' must be up to 5 digits.`, 'HBS');
  checkText(description, HOUSE_LIMITS.manifestDescription, 'the manifest description of goods', line, faults, 'HBS');
  const specialHandlingCodes =
    segment.continuations.length > 0
      ? readSpecialHandling({ ...segment, head: segment.continuations[0], continuations: segment.continuations.slice(1) }, faults)
      : [];
  if (faults.faults.length > before || !airports || pieces === undefined || !weight) return undefined;
  return {
    hawb,
    origin: airports[1],
    destination: airports[2],
    pieces,
    weight,
    ...(slac !== undefined ? { slac } : {}),
    manifestDescription: description,
    specialHandlingCodes,
    goodsDescription: [],
    hsCodes: [],
    customsInformation: [],
  };
}

function readHsCodes(segment: Segment, faults: FaultList): string[] {
  const codes: string[] = [];
  for (const line of [segment.head, ...segment.continuations]) {
    for (const code of line.fields) {
      if (HS_CODE.test(code)) codes.push(code);
      else faults.add(line.number, 'malformed', `The harmonised tariff code '${code}' must be 6 to 18 digits.`, 'HTS');
    }
  }
  return codes;
}

export function readFhl(text: string, limits?: Partial<CargoMessageLimits>): ParseOutcome<HouseManifest> {
  const faults = new FaultList();
  const lines = readMessageLines(text, withDefaultLimits(limits), faults);
  if (lines.length === 0) return faults.outcome<HouseManifest>(undefined);
  const header = readHeader(lines, 'FHL', FHL_VERSIONS, faults);
  if (!header) return faults.outcome<HouseManifest>(undefined);
  const segments = groupSegments(lines.slice(header.next), FHL_TAGS, faults, 'an FHL');
  const [first, ...rest] = segments;
  if (first?.tag !== 'MBI') {
    faults.add(
      first?.line ?? header.line,
      'missing-segment',
      'The master line MBI (e.g. MBI/006-96667465DFWFRA/T4K245) must follow the message identifier.',
      'MBI',
    );
    return faults.outcome<HouseManifest>(undefined);
  }
  if (first.continuations.length > 0) faults.add(first.continuations[0].number, 'malformed', 'MBI is one line.', 'MBI');
  const master = readConsignmentLine(first.head.fields.join('/'), first.line, faults, 'MBI');

  const houses: HouseWaybill[] = [];
  let house: HouseWaybill | undefined;
  let houseSeen = false;
  const seenInHouse = new Set<string>();
  for (const segment of rest) {
    if (segment.tag === 'HBS') {
      houseSeen = true;
      seenInHouse.clear();
      house = readHouseLine(segment, faults);
      if (house) houses.push(house);
      continue;
    }
    if (segment.tag === 'MBI') {
      faults.add(segment.line, 'duplicate-segment', 'MBI appears a second time; an FHL has one master.', 'MBI');
      continue;
    }
    if (!houseSeen) {
      faults.add(segment.line, 'malformed', `${segment.tag} must follow a house line (HBS).`, segment.tag);
      continue;
    }
    if (!HOUSE_PARTS.has(segment.tag)) continue;
    if (seenInHouse.has(segment.tag) && segment.tag !== 'OCI')
      faults.add(segment.line, 'duplicate-segment', `${segment.tag} appears twice for the same house.`, segment.tag);
    seenInHouse.add(segment.tag);
    switch (segment.tag) {
      case 'TXT': {
        const texts = readTextLines(segment, faults, 'the description of goods');
        if (texts.length > HOUSE_LIMITS.goodsLines)
          faults.add(segment.line, 'malformed', `The description of goods has ${texts.length} lines; at most ${HOUSE_LIMITS.goodsLines} are allowed.`, 'TXT');
        house?.goodsDescription.push(...texts);
        break;
      }
      case 'HTS':
        house?.hsCodes.push(...readHsCodes(segment, faults));
        break;
      case 'OCI':
        house?.customsInformation.push(...readCustomsInformation(segment, faults));
        break;
      case 'SHP': {
        const shipper = readParty(segment, PARTY_ROLES.houseShipper, faults);
        if (house && shipper) house.shipper = shipper;
        break;
      }
      case 'CNE': {
        const consignee = readParty(segment, PARTY_ROLES.houseConsignee, faults);
        if (house && consignee) house.consignee = consignee;
        break;
      }
      case 'CVD': {
        const declarations = readChargeDeclarations(segment, faults);
        if (house && declarations) house.chargeDeclarations = declarations;
        break;
      }
    }
  }
  if (!houseSeen) faults.add(first.line, 'missing-segment', 'The FHL lists no house (HBS).', 'HBS');
  const manifest = master ? { version: header.version, master, houses } : undefined;
  return faults.outcome(manifest);
}

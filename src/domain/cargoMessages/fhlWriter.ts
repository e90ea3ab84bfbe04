import { chargeDeclarationProblems, formatChargeDeclarations } from './charges';
import { formatConsignmentLine } from './consignmentLine';
import { customsInformationProblems, formatCustomsInformation } from './customs';
import { FHL_VERSIONS, HOUSE_LIMITS } from './fhlReader';
import { ModelChecks } from './fieldChecks';
import { formatWeight, HOUSE_WAYBILL_NUMBER, HS_CODE } from './fields';
import type { ModelFault, WriteOutcome } from './faults';
import { consignmentProblems } from './fwbWriter';
import { finishMessage } from './messageText';
import type { HouseManifest, HouseWaybill } from './model';
import { formatParty, partyProblems } from './parties';
import { formatTextLines, specialHandlingProblems, textLineProblems } from './waybillSegments';

/** Writes a house manifest as a Cargo-IMP FHL/4, the inverse of readFhl. */

function houseProblems(house: HouseWaybill, path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  checks.pattern(house.hawb, HOUSE_WAYBILL_NUMBER, 'hawb', '1 to 12 letters or digits');
  checks.pattern(house.origin, /^[A-Z]{3}$/, 'origin', '3 letters');
  checks.pattern(house.destination, /^[A-Z]{3}$/, 'destination', '3 letters');
  if (!Number.isInteger(house.pieces) || house.pieces < 1 || house.pieces > 9999) checks.add('pieces', 'The pieces must be 1 to 9999.');
  checks.amount(house.weight.value, 'weight', 7, 2);
  checks.amount(house.slac, 'slac', HOUSE_LIMITS.slacDigits, 0, true);
  checks.text(house.manifestDescription, HOUSE_LIMITS.manifestDescription, 'manifestDescription');
  checks.merge(specialHandlingProblems(house.specialHandlingCodes, `${path}.specialHandlingCodes`));
  checks.merge(textLineProblems(house.goodsDescription, `${path}.goodsDescription`));
  if (house.goodsDescription.length > HOUSE_LIMITS.goodsLines) checks.add('goodsDescription', `At most ${HOUSE_LIMITS.goodsLines} lines fit.`);
  house.hsCodes.forEach((code, index) => {
    checks.pattern(code, HS_CODE, `hsCodes[${index}]`, '6 to 18 digits');
  });
  checks.merge(customsInformationProblems(house.customsInformation, `${path}.customsInformation`));
  if (house.shipper) checks.merge(partyProblems(house.shipper, `${path}.shipper`, 'name-first'));
  if (house.consignee) checks.merge(partyProblems(house.consignee, `${path}.consignee`, 'name-first'));
  if (house.chargeDeclarations) checks.merge(chargeDeclarationProblems(house.chargeDeclarations, `${path}.chargeDeclarations`, false));
  return checks.problems;
}

function houseLines(house: HouseWaybill): string[] {
  const slac = house.slac === undefined ? '' : String(house.slac);
  const lines = [`HBS/${house.hawb}/${house.origin}${house.destination}/${house.pieces}/${formatWeight(house.weight)}/${slac}/${house.manifestDescription}`];
  if (house.specialHandlingCodes.length > 0) lines.push(`/${house.specialHandlingCodes.join('/')}`);
  if (house.goodsDescription.length > 0) lines.push(...formatTextLines('TXT', house.goodsDescription));
  house.hsCodes.forEach((code, index) => {
    lines.push(`${index === 0 ? 'HTS' : ''}/${code}`);
  });
  if (house.customsInformation.length > 0) lines.push(...formatCustomsInformation(house.customsInformation));
  if (house.shipper) lines.push(...formatParty('SHP', house.shipper, 'name-first'));
  if (house.consignee) lines.push(...formatParty('CNE', house.consignee, 'name-first'));
  if (house.chargeDeclarations) lines.push(formatChargeDeclarations(house.chargeDeclarations, false));
  return lines;
}

export function writeFhl(manifest: HouseManifest): WriteOutcome {
  const checks = new ModelChecks('');
  if (!(FHL_VERSIONS as readonly number[]).includes(manifest.version)) checks.add('version', `FHL/${manifest.version} is not written; use FHL/4.`);
  checks.merge(consignmentProblems(manifest.master, 'master'));
  if (manifest.houses.length === 0) checks.add('houses', 'An FHL lists at least one house.');
  manifest.houses.forEach((house, index) => {
    checks.merge(houseProblems(house, `houses[${index}]`));
  });
  if (checks.problems.length > 0) return { ok: false, faults: checks.problems };
  return finishMessage([`FHL/${manifest.version}`, `MBI/${formatConsignmentLine(manifest.master)}`, ...manifest.houses.flatMap(houseLines)]);
}

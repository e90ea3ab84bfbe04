import { hasValidCheckDigit } from '../awb';
import {
  chargeDeclarationProblems,
  chargeSummaryProblems,
  formatChargeDeclarations,
  formatChargeSummary,
  formatOtherCharges,
  otherChargeProblems,
} from './charges';
import { formatConsignmentLine } from './consignmentLine';
import { customsInformationProblems, formatCustomsInformation } from './customs';
import { ModelChecks } from './fieldChecks';
import type { ModelFault, WriteOutcome } from './faults';
import { finishMessage } from './messageText';
import { FWB_KEPT_TAGS, FWB_VERSIONS } from './fwbReader';
import type { AirWaybill, ConsignmentSummary } from './model';
import { agentProblems, formatAgent, formatParty, partyProblems } from './parties';
import { formatRateDescription, rateLineProblems } from './rates';
import {
  accountingProblems,
  executionProblems,
  flightProblems,
  formatAccounting,
  formatExecution,
  formatFlights,
  formatOtherSegment,
  formatReference,
  formatRouting,
  formatTextLines,
  otherSegmentProblems,
  referenceProblems,
  routingProblems,
  specialHandlingProblems,
  textLineProblems,
} from './waybillSegments';

/** Writes an air waybill as a Cargo-IMP FWB, the inverse of readFwb: reading the text gives the model back. */

export function consignmentProblems(consignment: ConsignmentSummary, path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  checks.pattern(consignment.awb.prefix, /^\d{3}$/, 'awb.prefix', '3 digits');
  if (!hasValidCheckDigit(consignment.awb.suffix)) checks.add('awb.suffix', 'The serial must be 8 digits whose last is the first seven modulo 7.');
  checks.pattern(consignment.origin, /^[A-Z]{3}$/, 'origin', '3 letters');
  checks.pattern(consignment.destination, /^[A-Z]{3}$/, 'destination', '3 letters');
  checks.pattern(consignment.shipmentDescriptionCode, /^[TPSDM]$/, 'shipmentDescriptionCode', 'T, P, S, D or M');
  if (!Number.isInteger(consignment.pieces) || consignment.pieces < 1 || consignment.pieces > 9999) checks.add('pieces', 'The pieces must be 1 to 9999.');
  checks.amount(consignment.weight.value, 'weight', 7, 2);
  if (consignment.volume) checks.amount(consignment.volume.value, 'volume', 9, 2);
  if (
    consignment.densityGroup !== undefined &&
    !(Number.isInteger(consignment.densityGroup) && consignment.densityGroup >= 0 && consignment.densityGroup <= 99)
  ) {
    checks.add('densityGroup', 'The density group is 0 to 99.');
  }
  return checks.problems;
}

function waybillProblems(waybill: AirWaybill): ModelFault[] {
  const checks = new ModelChecks('');
  if (!(FWB_VERSIONS as readonly number[]).includes(waybill.version))
    checks.add('version', `FWB/${waybill.version} is not written; use ${FWB_VERSIONS.join(' or ')}.`);
  checks.merge(consignmentProblems(waybill.consignment, 'consignment'));
  checks.merge(flightProblems(waybill.flights, 'flights'));
  checks.merge(routingProblems(waybill.routing, 'routing'));
  checks.merge(partyProblems(waybill.shipper, 'shipper', 'account-first'));
  checks.merge(partyProblems(waybill.consignee, 'consignee', 'account-first'));
  if (waybill.agent) checks.merge(agentProblems(waybill.agent, 'agent'));
  checks.merge(textLineProblems(waybill.specialServiceRequests, 'specialServiceRequests'));
  if (waybill.notify) checks.merge(partyProblems(waybill.notify, 'notify', 'name-first'));
  checks.merge(accountingProblems(waybill.accounting, 'accounting'));
  checks.merge(chargeDeclarationProblems(waybill.chargeDeclarations, 'chargeDeclarations', true));
  checks.merge(rateLineProblems(waybill.rateLines, 'rateLines'));
  checks.merge(otherChargeProblems(waybill.otherCharges, 'otherCharges'));
  if (waybill.prepaidSummary) checks.merge(chargeSummaryProblems(waybill.prepaidSummary, 'prepaidSummary'));
  if (waybill.collectSummary) checks.merge(chargeSummaryProblems(waybill.collectSummary, 'collectSummary'));
  checks.text(waybill.certification, 20, 'certification', true);
  checks.merge(executionProblems(waybill.execution, 'execution'));
  checks.merge(textLineProblems(waybill.otherServiceInformation, 'otherServiceInformation'));
  if (waybill.reference) checks.merge(referenceProblems(waybill.reference, 'reference'));
  checks.merge(specialHandlingProblems(waybill.specialHandlingCodes, 'specialHandlingCodes'));
  checks.merge(customsInformationProblems(waybill.customsInformation, 'customsInformation'));
  checks.merge(otherSegmentProblems(waybill.otherSegments, 'otherSegments', FWB_KEPT_TAGS));
  return checks.problems;
}

export function writeFwb(waybill: AirWaybill): WriteOutcome {
  const problems = waybillProblems(waybill);
  if (problems.length > 0) return { ok: false, faults: problems };
  const lines = [`FWB/${waybill.version}`, formatConsignmentLine(waybill.consignment)];
  if (waybill.flights.length > 0) lines.push(...formatFlights(waybill.flights));
  if (waybill.routing.length > 0) lines.push(...formatRouting(waybill.routing));
  lines.push(...formatParty('SHP', waybill.shipper, 'account-first'));
  lines.push(...formatParty('CNE', waybill.consignee, 'account-first'));
  if (waybill.agent) lines.push(...formatAgent(waybill.agent));
  if (waybill.specialServiceRequests.length > 0) lines.push(...formatTextLines('SSR', waybill.specialServiceRequests));
  if (waybill.notify) lines.push(...formatParty('NFY', waybill.notify, 'name-first'));
  if (waybill.accounting.length > 0) lines.push(...formatAccounting(waybill.accounting));
  lines.push(formatChargeDeclarations(waybill.chargeDeclarations, true));
  lines.push(...formatRateDescription(waybill.rateLines));
  if (waybill.otherCharges.length > 0) lines.push(...formatOtherCharges(waybill.otherCharges));
  if (waybill.prepaidSummary) lines.push(...formatChargeSummary('PPD', waybill.prepaidSummary));
  if (waybill.collectSummary) lines.push(...formatChargeSummary('COL', waybill.collectSummary));
  if (waybill.certification !== undefined) lines.push(`CER/${waybill.certification}`);
  lines.push(formatExecution(waybill.execution));
  if (waybill.otherServiceInformation.length > 0) lines.push(...formatTextLines('OSI', waybill.otherServiceInformation));
  if (waybill.reference) lines.push(formatReference(waybill.reference));
  if (waybill.specialHandlingCodes.length > 0) lines.push(`SPH/${waybill.specialHandlingCodes.join('/')}`);
  if (waybill.customsInformation.length > 0) lines.push(...formatCustomsInformation(waybill.customsInformation));
  for (const segment of waybill.otherSegments) lines.push(...formatOtherSegment(segment));
  return finishMessage(lines);
}

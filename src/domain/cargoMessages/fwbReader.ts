import { groupSegments, readMessageLines, type Segment } from './cargoImpLines';
import { readChargeDeclarations, readChargeSummary, readOtherCharges } from './charges';
import { readConsignmentLine } from './consignmentLine';
import { readCustomsInformation } from './customs';
import { FaultList, type ParseOutcome } from './faults';
import { withDefaultLimits, type CargoMessageLimits } from './limits';
import { readHeader, requireSegment, takeSingle } from './messageHeader';
import type { AirWaybill } from './model';
import { PARTY_ROLES, readAgent, readParty } from './parties';
import { readRateDescription } from './rates';
import {
  readAccounting,
  readCertification,
  readExecution,
  readFlights,
  readOtherSegment,
  readReference,
  readRouting,
  readSpecialHandling,
  readTextLines,
} from './waybillSegments';

/** FWB, the air waybill data message (Cargo-IMP versions 16 and 17). */

export const FWB_VERSIONS = [16, 17] as const;

/** Segments read into the model. */
const READ_TAGS = ['FLT', 'RTG', 'SHP', 'CNE', 'AGT', 'SSR', 'NFY', 'ACC', 'CVD', 'RTD', 'OTH', 'PPD', 'COL', 'CER', 'ISU', 'OSI', 'REF', 'SPH', 'OCI'];
/** Segments of FWB/16-17 kept as written: currency conversion, customs origin, commission, sales incentive, agent file reference, nominated handling party, shipment reference, other participants. */
export const FWB_KEPT_TAGS: ReadonlySet<string> = new Set(['CDC', 'COR', 'COI', 'SII', 'ARD', 'NOM', 'SRI', 'OPI']);
const FWB_TAGS: ReadonlySet<string> = new Set([...READ_TAGS, ...FWB_KEPT_TAGS]);

export function readFwb(text: string, limits?: Partial<CargoMessageLimits>): ParseOutcome<AirWaybill> {
  const faults = new FaultList();
  const lines = readMessageLines(text, withDefaultLimits(limits), faults);
  if (lines.length === 0) return faults.outcome<AirWaybill>(undefined);
  const header = readHeader(lines, 'FWB', FWB_VERSIONS, faults);
  if (!header) return faults.outcome<AirWaybill>(undefined);
  const awbLine = lines[header.next];
  if (!awbLine) {
    faults.add(header.line, 'missing-segment', 'The AWB consignment line (e.g. 006-96667465DFWFRA/T4K245) must follow the message identifier.');
    return faults.outcome<AirWaybill>(undefined);
  }
  const consignment = readConsignmentLine(awbLine.text, awbLine.number, faults, 'AWB');
  const segments = groupSegments(lines.slice(header.next + 1), FWB_TAGS, faults, 'an FWB');
  const all = (tag: string): Segment[] => segments.filter((segment) => segment.tag === tag);
  const single = (tag: string) => takeSingle(segments, tag, faults);

  const shipperSegment = single('SHP');
  const consigneeSegment = single('CNE');
  const declarationSegment = single('CVD');
  const executionSegment = single('ISU');
  const rateSegments = all('RTD');
  const present = [
    requireSegment(shipperSegment, 'SHP', 'shipper', header.line, 'FWB', faults),
    requireSegment(consigneeSegment, 'CNE', 'consignee', header.line, 'FWB', faults),
    requireSegment(declarationSegment, 'CVD', 'charge declarations', header.line, 'FWB', faults),
    requireSegment(rateSegments[0], 'RTD', 'rate description', header.line, 'FWB', faults),
    requireSegment(executionSegment, 'ISU', 'carrier execution', header.line, 'FWB', faults),
  ];

  const shipper = shipperSegment && readParty(shipperSegment, PARTY_ROLES.shipper, faults);
  const consignee = consigneeSegment && readParty(consigneeSegment, PARTY_ROLES.consignee, faults);
  const agentSegment = single('AGT');
  const agent = agentSegment && readAgent(agentSegment, faults);
  const notifySegment = single('NFY');
  const notify = notifySegment && readParty(notifySegment, PARTY_ROLES.notify, faults);
  const chargeDeclarations = declarationSegment && readChargeDeclarations(declarationSegment, faults);
  const prepaidSegment = single('PPD');
  const collectSegment = single('COL');
  const certificationSegment = single('CER');
  const referenceSegment = single('REF');
  const execution = executionSegment && readExecution(executionSegment, faults);

  const waybill: Partial<AirWaybill> = {
    version: header.version,
    consignment,
    flights: all('FLT').flatMap((segment) => readFlights(segment, faults)),
    routing: all('RTG').flatMap((segment) => readRouting(segment, faults)),
    shipper,
    consignee,
    ...(agent ? { agent } : {}),
    specialServiceRequests: all('SSR').flatMap((segment) => readTextLines(segment, faults, 'the special service request')),
    ...(notify ? { notify } : {}),
    accounting: all('ACC').flatMap((segment) => readAccounting(segment, faults)),
    chargeDeclarations,
    rateLines: rateSegments.flatMap((segment) => readRateDescription(segment, faults)),
    otherCharges: all('OTH').flatMap((segment) => readOtherCharges(segment, faults)),
    ...(prepaidSegment ? { prepaidSummary: readChargeSummary(prepaidSegment, faults) } : {}),
    ...(collectSegment ? { collectSummary: readChargeSummary(collectSegment, faults) } : {}),
    ...(certificationSegment ? { certification: readCertification(certificationSegment, faults) } : {}),
    execution,
    otherServiceInformation: all('OSI').flatMap((segment) => readTextLines(segment, faults, 'the other service information')),
    ...(referenceSegment ? { reference: readReference(referenceSegment, faults) } : {}),
    specialHandlingCodes: all('SPH').flatMap((segment) => readSpecialHandling(segment, faults)),
    customsInformation: all('OCI').flatMap((segment) => readCustomsInformation(segment, faults)),
    otherSegments: segments.filter((segment) => FWB_KEPT_TAGS.has(segment.tag)).map(readOtherSegment),
  };
  if (waybill.specialHandlingCodes && waybill.specialHandlingCodes.length > 9 && all('SPH').length > 1) {
    faults.add(all('SPH')[1].line, 'malformed', 'More than 9 special handling codes are given in all.', 'SPH');
  }
  return faults.outcome(present.every(Boolean) ? (waybill as AirWaybill) : undefined);
}

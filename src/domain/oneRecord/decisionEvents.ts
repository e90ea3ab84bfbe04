import { CONTEXT, logisticsObjectIri, xsdDateTime } from './vocabulary';
import type { JsonLdNode } from './waybillObjects';

/**
 * The portal's decisions on a shipment, and its sanction hold and release, as ONE Record logistics events of its Shipment (issue 37, 3). The
 * standard's StatusCode list is closed and has no code for a screening decision (BRIEF.md, section 4), so the
 * events carry a code of the portal's own list, ScreeningStatus, published at `{base}/code-lists/ScreeningStatus`
 * where each code resolves. An event tells what was decided and when, never why: hit details (names, lists,
 * scores) and remarks stay in the portal.
 *
 * Each decision is also a Check of the Shipment (BRIEF.md, section 4: `Check{checkedObject Shipment, usedTemplate}`
 * with a `CheckTotalResult{passed}`): its own logistics object `{shipmentId}-check-{eventId}`, made once and never
 * changed (revision 1), seen by whoever sees the shipment; its event links to it (`cargo:externalReferences`). The
 * Shipment does not list its checks (`cargo:checks`): its revisions are its FWBs, and a decision makes none.
 */

export const SCREENING_STATUS_CODES = {
  ACCEPTED: 'Accepted for carriage: the screening and the rules let it go',
  REJECTED: 'Rejected: not accepted for carriage',
  ON_HOLD: 'On sanction hold: a party may be on a sanctions list, under review; it cannot be accepted meanwhile',
  RELEASED: 'Released from sanction hold: no open sanction hit',
} as const;
export type ScreeningStatusCode = keyof typeof SCREENING_STATUS_CODES;

/** The portal's own code list: its IRI, and the IRI of one of its codes. */
export const screeningStatusList = (base: string) => `${base}/code-lists/ScreeningStatus`;
const codeIri = (base: string, code: ScreeningStatusCode) => `${screeningStatusList(base)}#${code}`;

/** A line of the shipment's history that is an event (a decision, a sanction hold and its release): the code it is told with. */
export const DECISION_CODES: Record<string, ScreeningStatusCode> = { ACCEPT: 'ACCEPTED', REJECT: 'REJECTED', HOLD: 'ON_HOLD', RELEASE: 'RELEASED' };

export interface DecisionRow {
  eventId: string;
  kind: string;
  at: Date;
}

/** The id of the Shipment object whose events the decisions are. */
export const shipmentObjectId = (shipmentId: string) => `${shipmentId}-shipment`;

/** The id of a decision's Check: the shipment's, then the decision's history line (`815-check-4021`). */
export const checkObjectId = (shipmentId: string, eventId: string) => `${shipmentId}-check-${eventId}`;
export const CHECK_ID_PATTERN = /^([1-9][0-9]{0,17})-check-([1-9][0-9]{0,17})$/;

/** The two checks a decision can be, each a CheckTemplate the portal serves to every caller. */
export const CHECK_TEMPLATES = {
  'check-template-acceptance': {
    name: 'Acceptance for carriage',
    purpose: "An operator accepts the shipment for carriage, or rejects it, under the company's acceptance rules.",
  },
  'check-template-sanctions': {
    name: 'Sanctions screening',
    purpose: "The shipment's parties screened against the sanctions lists: held while a possible match is reviewed, released when none is left.",
  },
} as const;
export type CheckTemplateId = keyof typeof CHECK_TEMPLATES;
export const isCheckTemplateId = (id: string): id is CheckTemplateId => Object.hasOwn(CHECK_TEMPLATES, id);
/** When the templates were first served: their cargo:date and Last-Modified. */
export const CHECK_TEMPLATES_RELEASED = new Date('2026-11-30T00:00:00Z');

const CHECK_OF_CODE: Record<ScreeningStatusCode, { template: CheckTemplateId; passed: boolean }> = {
  ACCEPTED: { template: 'check-template-acceptance', passed: true },
  REJECTED: { template: 'check-template-acceptance', passed: false },
  ON_HOLD: { template: 'check-template-sanctions', passed: false },
  RELEASED: { template: 'check-template-sanctions', passed: true },
};

/** A CheckTemplate, revision 1 for ever. */
export function checkTemplate(base: string, id: CheckTemplateId): JsonLdNode {
  const { name, purpose } = CHECK_TEMPLATES[id];
  return {
    '@id': logisticsObjectIri(base, id),
    '@type': 'cargo:CheckTemplate',
    'cargo:name': name,
    'cargo:templatePurpose': purpose,
    'cargo:version': '1',
    'cargo:date': xsdDateTime(CHECK_TEMPLATES_RELEASED),
  };
}

/** A decision as the Check of the shipment's Shipment object; undefined for a history line that is no decision. */
export function decisionCheck(base: string, shipmentId: string, row: DecisionRow): JsonLdNode | undefined {
  const code = DECISION_CODES[row.kind];
  if (!code) return undefined;
  const iri = logisticsObjectIri(base, checkObjectId(shipmentId, row.eventId));
  const { template, passed } = CHECK_OF_CODE[code];
  return {
    '@id': iri,
    '@type': 'cargo:Check',
    'cargo:checkedObject': { '@id': logisticsObjectIri(base, shipmentObjectId(shipmentId)) },
    'cargo:usedTemplate': { '@id': logisticsObjectIri(base, template) },
    'cargo:checkTotalResult': {
      '@id': `${iri}#checkTotalResult`,
      '@type': 'cargo:CheckTotalResult',
      'cargo:passed': passed,
      'cargo:checkRemark': SCREENING_STATUS_CODES[code],
    },
    'cargo:actionTimeType': { '@id': 'cargo:ACTUAL' },
    'cargo:actionEndTime': xsdDateTime(row.at),
  };
}

/** A decision as the LogisticsEvent of the shipment's Shipment object; undefined for a history line that is no decision. */
export function decisionEvent(base: string, shipmentId: string, row: DecisionRow) {
  const code = DECISION_CODES[row.kind];
  if (!code) return undefined;
  const shipment = logisticsObjectIri(base, shipmentObjectId(shipmentId));
  return {
    '@id': `${shipment}/logistics-events/${row.eventId}`,
    '@type': 'cargo:LogisticsEvent',
    'cargo:eventFor': { '@id': shipment },
    'cargo:eventCode': { '@id': codeIri(base, code) },
    'cargo:eventName': SCREENING_STATUS_CODES[code],
    'cargo:eventDate': xsdDateTime(row.at),
    'cargo:creationDate': xsdDateTime(row.at),
    'cargo:eventTimeType': { '@id': 'cargo:ACTUAL' },
    'cargo:partialEventIndicator': false,
    'cargo:externalReferences': {
      '@id': `${shipment}/logistics-events/${row.eventId}#externalReferences`,
      '@type': 'cargo:ExternalReference',
      'cargo:documentName': 'The check this decision is',
      'cargo:documentType': 'Check',
      'cargo:documentLink': logisticsObjectIri(base, checkObjectId(shipmentId, row.eventId)),
    },
  };
}

/** The ScreeningStatus code list as a document: each code a CodeListElement at its own IRI. */
export function screeningStatusDocument(base: string) {
  return {
    '@context': CONTEXT,
    '@graph': Object.entries(SCREENING_STATUS_CODES).map(([code, description]) => ({
      '@id': codeIri(base, code as ScreeningStatusCode),
      '@type': 'cargo:CodeListElement',
      'cargo:code': code,
      'cargo:codeDescription': description,
      'cargo:codeListName': 'ScreeningStatus',
      'cargo:codeListReference': screeningStatusList(base),
      'cargo:codeListVersion': '2',
    })),
  };
}

import { CONTEXT, logisticsObjectIri, xsdDateTime } from './vocabulary';

/**
 * The portal's decisions on a shipment, and its sanction hold and release, as ONE Record logistics events of its Shipment (issue 37, 3). The
 * standard's StatusCode list is closed and has no code for a screening decision (BRIEF.md, section 4), so the
 * events carry a code of the portal's own list, ScreeningStatus, published at `{base}/code-lists/ScreeningStatus`
 * where each code resolves. An event tells what was decided and when, never why: hit details (names, lists,
 * scores) and remarks stay in the portal.
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

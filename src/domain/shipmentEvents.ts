/**
 * The kinds of line a shipment's history holds (shipment_events.kind). The History tab names each in
 * words (app.shipments.history.kinds); a kind without words there showed its raw code ("LEND").
 */
export const SHIPMENT_EVENT_KINDS = [
  'FWB',
  'FHL',
  'ACCEPT',
  'REJECT',
  'MARK',
  'MODIFY',
  'DOCUMENT',
  'ACCEPT_DOCUMENT',
  'SHARE',
  'SEND',
  'STATUS',
  'PRINT',
  'DISPLAY',
  'DOWNLOAD',
  'SANCTION',
  'HOLD',
  'RELEASE',
  'RESCREEN',
  'LEND',
  'TAKE_BACK',
  'ONE_RECORD',
] as const;

export type ShipmentEventKind = (typeof SHIPMENT_EVENT_KINDS)[number];

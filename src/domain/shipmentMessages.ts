import { AWB_FORMAT_MESSAGE } from './awb';
import { formatMessage, Messages } from './statusCodes';

/**
 * The shipment area's messages. Spec wording is verbatim (spec 5 and 8); where the spec cuts a
 * message short with '...', the start is kept word for word (CONTRACTS.md "Messages"). The rest
 * are this product's own, for refusals the spec names without wording.
 */
export const ShipmentMessages = {
  // spec 5: search
  awbFormat: AWB_FORMAT_MESSAGE,
  tooManyTags: 'Only 5 input tag allowed.',
  searchEmpty: 'Search text is empty.',
  searchDuplicate: 'Search text already exists in search text.',
  // spec 8: shipment
  shipmentNotFound: Messages.shipmentNotFound,
  ipRestriction: Messages.ipRestriction,
  documentsCannotOpen: 'Selected document(s) cannot be opened, because they are archived or no longer available.',
  pouchArchived: 'This pouch was uploaded more than 30 days ago and has been archived; it can no longer be opened.',
  awbLent: Messages.awbLent,
  awbNotAccessible: Messages.awbNotAccessible,
  // spec 8: accept / reject
  acceptFail: 'Accept Shipment Fail!',
  rejectFail: 'Reject Shipment Fail!',
  markFail: 'Mark Fail!',
  recordNotFound: Messages.recordNotFound,
  searchError: 'Error on Searching!',
  networkTimeout: 'Network Timeout. Please close the pop up and refresh page.',
  // spec 8: sharing and others
  shareFail: 'Share AWB Fail!',
  selectShareInformation: '* Please select share information',
  noShipmentSelected: 'No shipment is selected.',
  // this product's own
  checkDigitMismatch: 'AWB {awb} has a check digit that does not match; it is searched as entered.',
  staleDecision: 'This shipment has changed since you opened it. Please refresh the page and try again.',
  dataChanged: 'The FWB or FHL data of this shipment has changed. Please refresh to see the latest data.',
  autoAcceptanceInProgress: 'Auto acceptance is in progress for this shipment. Please refresh the page.',
  hardBlock: 'Acceptance of this shipment is blocked for your company: {reason}',
  softBlockRemarkRequired: 'This shipment has a soft block ({reason}). Please enter a remark of 10 to 5000 characters to accept it.',
  eyeballCheckRequired: 'Please record the eyeball check before accepting this shipment.',
  sanctionHitOpen: 'This shipment has {count} open sanction hit(s): they must be decided in the sanction tab before it can be accepted.',
  noAcceptancePrivilege: 'Your company has no acceptance privilege for {carrier} at {station}.',
  privilegeRemarkRequired: 'Your acceptance privilege at {station} asks for a remark of 10 to 5000 characters.',
  softBlockNotPrivileged: 'This shipment has a soft block ({reason}); only participants with the Override Soft Block privilege at {station} may accept it.',
  dataErrors: 'This shipment has data errors; it cannot be accepted until a corrected FWB arrives.',
  notOpenForDecision: 'This shipment is in status {status} and cannot be decided.',
  companyCannotDecide: 'Your company cannot accept or reject shipments.',
  notSendable: 'This shipment came before the portal kept the messages it arrived with: send a new FWB before sending it on.',
  heldByOther: 'This shipment is being handled by {user} ({company}) since {since}.',
  onlyOwnerLends: 'Only the airline that owns the AWB lends it or takes it back.',
  nothingLent: 'The shipment is not lent to anyone.',
  noDocumentAwaiting: 'No document added after the decision waits for acceptance.',
  remarkLength: 'The remark must be 10 to 5000 characters.',
  remarkTooLong: 'The remark may be at most 5000 characters.',
  rejectReasonRequired: 'Please select at least one reject reason.',
  unknownRejectReason: 'Unknown reject reason "{code}".',
  unknownAdditionalRemark: 'Unknown additional remark "{code}".',
  dateRangeTooLong: 'The {field} range must be within 7 days.',
  dateRangeReversed: 'The {field} "from" date must not be after the "to" date.',
  dateInvalid: 'The {field} must be a date (YYYY-MM-DD).',
  specialHandlingCodes: 'Special handling codes: at most 9 codes of 3 letters, separated by a slash.',
  nothingModified: 'Nothing was changed.',
  noDocumentToAccept: 'This document does not wait for acceptance.',
  notDecidedYet: 'Additional documents are accepted on shipments that are already accepted or rejected.',
  pouchNotPdf: 'Please upload a PDF file.',
  /** A file named .pdf that starts like one but cannot be opened as one. */
  pouchUnreadablePdf: 'This file is not a readable PDF document. Please upload the PDF again, as it was saved.',
  /** Its check passed the time or memory it may take (src/server/shipments/pdfCheck.ts). */
  pouchPdfTooComplex: 'This PDF document took too long to open and was not stored. Please upload a smaller PDF, or save it again as PDF.',
  /** Every thread checking uploads is busy and the queue is full: HTTP 503 with Retry-After. */
  pouchCheckBusy: 'Too many files are being checked just now. Please upload the PDF again in a few seconds.',
  pouchTooLarge: 'The file is larger than {size}.',
  pouchEmpty: 'The file is empty.',
  pouchTypeNotAllowed: 'Your company may upload to the {pouch} only.',
  emailListHeaderInjection: 'The e-mail list may not contain line breaks or control characters.',
  shareNoDocuments: 'None of the selected shipments has the chosen documents to share.',
  shareTooLarge: 'The chosen documents are larger than {size} in all; please share fewer at a time.',
  notAcceptedForSending: 'Only accepted shipments can be sent; this one is in status {status}.',
  // issue 37: partners' ONE Record change requests, decided on the AWB detail page
  oneRecordChangeNotFound: 'This shipment has no such ONE Record change request.',
  oneRecordChangeDecided: 'This change request is {status} already.',
  oneRecordChangeOutdated: 'A newer FWB came after this request was made: accepting it will fail; reject it, and the partner may ask again.',
} as const;

export type ShipmentMessageKey = keyof typeof ShipmentMessages;

/**
 * Who handles a shipment, said one way wherever it is said (the detail and its blank window, a disabled action's
 * reason, a refused change): its time as HH:MM UTC. The server's refusal spelled it as an ISO timestamp, the pages
 * as a time: four places composed the sentence.
 */
export function heldByOtherMessage(holder: { UserName: string; CompanyId: string; Since: string }): string {
  return formatMessage(ShipmentMessages.heldByOther, { user: holder.UserName, company: holder.CompanyId, since: `${holder.Since.slice(11, 16)} UTC` });
}

import { formatAwbNumber } from '../../domain/awb';
import { documentMatchesShareOption, formatBytes, SHARE_OPTIONS, type ShareOption } from '../../domain/shipmentDocuments';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import { shareEmailListProblem, shareOptionsProblem } from '../../domain/shareRequest';
import { splitEmailList } from '../../domain/email';
import type { ShareAnswer, ShareRequest } from '../../domain/shipmentWire';
import { formatMessage } from '../../domain/statusCodes';
import type { Mailer } from '../mail/mailer';
import { writeActionLog, writeShipmentEvents, type ActionLogEntry, type ShipmentEvent } from './actionLog';
import type { DecisionCaller } from './decisions';
import type { ChangeOutcome } from './decisionGuard';
import { contentOf, documentsOfShipment, isArchived, safeFileName } from './documents';
import { findShipment, type ShipmentRecord } from './shipmentRecord';

/** Share AWB (spec 2, 3): the chosen documents of the chosen shipments, mailed to an e-mail list. */

const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

const OPTION_LABELS: Record<ShareOption, string> = {
  AWB_COPY: 'AWB copy',
  HOUSE_MANIFEST: 'House manifest',
  AIRLINE_POUCH: 'Airline pouch',
  FORWARDER_POUCH: 'Forwarder pouch',
};

export async function shareShipments(caller: DecisionCaller & { mailer: Mailer }, request: ShareRequest): Promise<ChangeOutcome<ShareAnswer>> {
  const optionsProblem = shareOptionsProblem(request.ShareOptions);
  if (optionsProblem) return { kind: 'invalid', message: optionsProblem };
  const listProblem = shareEmailListProblem(request.EmailList);
  if (listProblem) return { kind: 'invalid', message: listProblem };
  const recipients = splitEmailList(request.EmailList);
  const options = SHARE_OPTIONS.filter((option) => request.ShareOptions.includes(option));

  // The shipments and documents are read in one transaction, the mail is sent after it (holding no connection of the
  // pool while the mail server answers: ten shares at once, each waiting in its transaction for another connection
  // to keep its mail, waited for each other for ever), and the share's history and log are written once it went.
  const prepared = await caller.db.transaction().execute(async (trx): Promise<ChangeOutcome<never> | PreparedShare> => {
    const shipments: ShipmentRecord[] = [];
    for (const shipmentId of request.ShipmentIds) {
      const found = await findShipment(trx, caller.scope, { id: shipmentId });
      if (found.kind === 'notFound') return { kind: 'notFound' };
      if (found.access !== 'full') return { kind: 'access', access: found.access };
      shipments.push(found.shipment);
    }
    const attachments: { filename: string; content: Buffer; contentType: string }[] = [];
    const logEntries: ActionLogEntry[] = [];
    const withoutDocuments: string[] = [];
    const events: ShipmentEvent[] = [];
    let total = 0;
    for (const shipment of shipments) {
      const awb = formatAwbNumber({ prefix: shipment.awb_prefix, suffix: shipment.awb_suffix });
      const chosen = (await documentsOfShipment(trx, String(shipment.shipment_id))).filter(
        (document) =>
          !isArchived(document) && options.some((option) => documentMatchesShareOption(option, { docType: document.doc_type, pouchKind: document.pouch_kind })),
      );
      if (chosen.length === 0) withoutDocuments.push(awb);
      for (const document of chosen) {
        const content = await contentOf(trx, document, shipment);
        total += content.length;
        if (total > MAX_ATTACHMENT_BYTES)
          return { kind: 'refused', reason: 'tooLarge', message: formatMessage(ShipmentMessages.shareTooLarge, { size: formatBytes(MAX_ATTACHMENT_BYTES) }) };
        attachments.push({ filename: safeFileName(document.file_name), content, contentType: document.content_type });
        logEntries.push({
          actType: 'Share',
          docType: document.doc_type,
          docName: document.file_name,
          documentId: document.document_id,
          remarks: `Shared with ${recipients.join(', ')}`,
          shipmentId: String(shipment.shipment_id),
          awbPrefix: shipment.awb_prefix,
          awbSuffix: shipment.awb_suffix,
        });
      }
      if (chosen.length > 0) {
        events.push({
          shipmentId: String(shipment.shipment_id),
          kind: 'SHARE',
          description: `${chosen.map((document) => document.file_name).join(', ')} shared with ${recipients.join(', ')}`,
          companyId: caller.account.companyId,
          userId: caller.account.userId,
        });
      }
    }
    if (attachments.length === 0) return { kind: 'refused', reason: 'noDocuments', message: ShipmentMessages.shareNoDocuments };
    const awbs = shipments.map((shipment) => formatAwbNumber({ prefix: shipment.awb_prefix, suffix: shipment.awb_suffix }));
    return { kind: 'prepared', attachments, logEntries, withoutDocuments, events, awbs };
  });
  if (prepared.kind !== 'prepared') return prepared;
  const { attachments, logEntries, withoutDocuments, events, awbs } = prepared;
  const result = await caller.mailer.send({
    to: recipients.join(', '),
    subject: `Air waybill ${awbs.join(', ')} shared by ${caller.account.companyName}`,
    text: [
      `${caller.account.userName} (${caller.account.companyName}) shares the following documents with you.`,
      '',
      ...awbs.map((awb) => `AWB ${awb}${withoutDocuments.includes(awb) ? ' (none of the chosen documents)' : ''}`),
      '',
      `Documents: ${options.map((option) => OPTION_LABELS[option]).join(', ')}`,
      `Attached: ${attachments.map((file) => file.filename).join(', ')}`,
    ].join('\n'),
    attachments,
    ...(caller.account.email ? { replyTo: caller.account.email } : {}),
  });
  // The share and its log stand or fall with the mail.
  if (result.outcome === 'failed') return { kind: 'refused', reason: 'mailFailed', message: ShipmentMessages.shareFail };
  await caller.db.transaction().execute(async (trx) => {
    await writeShipmentEvents(trx, events);
    await writeActionLog(trx, caller.account, caller.ip, logEntries);
  });
  return { kind: 'ok', data: { Sent: recipients.length, Attachments: attachments.map((file) => file.filename), WithoutDocuments: withoutDocuments } };
}

interface PreparedShare {
  kind: 'prepared';
  attachments: { filename: string; content: Buffer; contentType: string }[];
  logEntries: ActionLogEntry[];
  withoutDocuments: string[];
  events: ShipmentEvent[];
  awbs: string[];
}

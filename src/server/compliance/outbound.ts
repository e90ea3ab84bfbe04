import { format } from 'date-fns';
import { writeFhl, writeFwb, type AirWaybill, type HouseManifest } from '../../domain/cargoMessages';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { QUEUES, type JobQueue } from '../jobs/jobQueue';
import type { Mailer } from '../mail/mailer';
import { writeShipmentEvent } from '../shipments/actionLog';
import type { OutboundTarget } from '../../domain/outboundMessages';

/**
 * Outbound messages (issue 6): Send ACAS, ACI, Terminal and CSS put, for each shipment, the message
 * for that receiver into the outbox: a Type B message (addressee and origin lines) carrying the
 * shipment's FWB, and its FHL when it has houses. A job delivers it (by e-mail, the usual carrier
 * of Type B traffic between systems), retried with back-off; the receiver's FMA acknowledges it
 * and an FNA refuses it, through the message API. Queued messages can be cancelled, failed or
 * sent ones sent again.
 */

/** The receivers' Type B addresses (city, department, airline code of the system). */
const TYPE_B_ADDRESSES: Record<OutboundTarget, (origin: string) => string> = {
  ACAS: () => 'WASCBXH',
  ACI: () => 'YOWCBXH',
  TERMINAL: (origin) => `${origin}FFXH`,
  CSS: () => 'BRUCSXH',
};

export function outboundPayload(target: OutboundTarget, waybill: AirWaybill, manifest: HouseManifest | undefined, now: Date): string {
  const carrier = waybill.flights[0]?.carrier ?? waybill.routing[0]?.carrier ?? 'XX';
  const origin = waybill.consignment.origin;
  const header = [`QK ${TYPE_B_ADDRESSES[target](origin)}`, `.${origin}FM${carrier} ${format(now, 'ddHHmm')}`];
  const fwb = writeFwb(waybill);
  if (!fwb.ok) throw new Error(`The shipment's FWB cannot be written: ${fwb.faults.map((fault) => `${fault.path}: ${fault.reason}`).join('; ')}`);
  const parts = [...header, fwb.text.trimEnd()];
  if (manifest) {
    const fhl = writeFhl(manifest);
    if (fhl.ok) parts.push('=', ...header, fhl.text.trimEnd());
  }
  return `${parts.join('\n')}\n`;
}

/** Queues one outbound message in the caller's transaction, and its delivery job with it. */
export async function queueOutbound(
  trx: Db,
  jobs: JobQueue | undefined,
  config: Pick<Config, 'outboundAddresses'>,
  message: { shipmentId: string; target: OutboundTarget; waybill: AirWaybill; manifest?: HouseManifest; companyId: string; userId: string },
): Promise<string> {
  const row = await trx
    .insertInto('outbound_messages')
    .values({
      shipment_id: message.shipmentId,
      target: message.target,
      payload: outboundPayload(message.target, message.waybill, message.manifest, new Date()),
      recipient: config.outboundAddresses[message.target],
      company_id: message.companyId,
      user_id: message.userId,
    })
    .returning('message_id')
    .executeTakeFirstOrThrow();
  const messageId = String(row.message_id);
  await jobs?.send(QUEUES.outbound, { messageId }, { within: trx });
  return messageId;
}

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
}

/** Delivers one queued message; throws when the mail server refuses it, so the job is retried. */
export async function deliverOutbound(deps: DeliveryDeps, messageId: string): Promise<'sent' | 'skipped'> {
  const message = await deps.db
    .selectFrom('outbound_messages as o')
    .innerJoin('shipments as s', 's.shipment_id', 'o.shipment_id')
    .select(['o.message_id', 'o.state', 'o.target', 'o.payload', 'o.recipient', 'o.attempts', 'o.shipment_id', 'o.company_id', 's.awb_prefix', 's.awb_suffix'])
    .where('o.message_id', '=', messageId)
    .executeTakeFirst();
  if (message?.state !== 'QUEUED') return 'skipped';
  const result = await deps.mailer.send({
    to: message.recipient ?? '',
    subject: `${message.target} ${message.awb_prefix}-${message.awb_suffix}`,
    text: message.payload,
  });
  const failed = result.outcome === 'failed';
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('outbound_messages')
      .set({
        attempts: message.attempts + 1,
        updated_at: new Date(),
        ...(failed
          ? { last_error: 'The mail server did not take the message; it will be tried again.' }
          : { state: 'SENT', sent_at: new Date(), last_error: null }),
      })
      .where('message_id', '=', messageId)
      .where('state', '=', 'QUEUED')
      .execute();
    if (!failed) {
      await writeShipmentEvent(trx, {
        shipmentId: String(message.shipment_id),
        kind: 'SEND',
        description: `${message.target} message ${messageId} sent to ${message.recipient}`,
        companyId: message.company_id,
        userId: null,
      });
    }
  });
  if (failed) throw new Error(`outbound message ${messageId} could not be delivered`);
  return 'sent';
}

/** Marks a message failed once its delivery job has used all its retries. */
export async function markOutboundFailed(db: Db, messageId: string, reason: string): Promise<void> {
  await db
    .updateTable('outbound_messages')
    .set({ state: 'FAILED', last_error: reason, updated_at: new Date() })
    .where('message_id', '=', messageId)
    .where('state', '=', 'QUEUED')
    .execute();
}

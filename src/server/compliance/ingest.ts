import { isDeepStrictEqual } from 'node:util';
import { sql, type Transaction } from 'kysely';
import { CompanyType } from '../../domain/access';
import { formatAwbNumber, type AwbNumber } from '../../domain/awb';
import {
  isAcknowledgement,
  readAcknowledgement,
  readCargoMessage,
  type AirWaybill,
  type CargoMessage,
  type HouseManifest,
  type MessageFault,
} from '../../domain/cargoMessages';
import { DECIDED_STATUSES, type ShipmentStatus } from '../../domain/shipmentStatus';
import { openHitCount, type ReviewedSanctionHit } from '../../domain/sanctionReview';
import type { AccountProfile } from '../auth/accounts';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { QUEUES, type JobQueue } from '../jobs/jobQueue';
import { writeShipmentEvent, writeShipmentEvents } from '../shipments/actionLog';
import { sanctionHoldEvents } from './sanctionHold';
import { assessmentColumns, assessShipmentInSlices, type Assessment } from './assessment';
import { carrierRules } from './carrierRules';
import { IngestMessages } from '../../domain/complianceMessages';
import { reviewedHitsOf } from './storedHits';
import { shipmentColumns } from './shipmentFromMessage';

/**
 * Shipments enter the portal as messages (issue 6): Cargo-IMP FWB and FHL, or their Cargo-XML
 * forms. A message is read whole first (a fault refuses it with its line and reason); then, in one
 * transaction per AWB, the shipment is created or updated, screened and evaluated, its history
 * written, and the message kept as received. An FHL whose master has not arrived waits for it.
 */

export type IngestResult =
  | { kind: 'faults'; faults: MessageFault[] }
  | { kind: 'refused'; message: string }
  | { kind: 'acknowledged'; messageId: string; messageKind: 'FMA' | 'FNA'; awb: string; outboundMessageId: string; state: 'ACKNOWLEDGED' | 'FAILED' }
  | {
      kind: 'done';
      messageId: string;
      messageKind: 'FWB' | 'FHL';
      outcome: 'created' | 'updated' | 'unchanged' | 'pending';
      awb: string;
      shipmentId: string | null;
      status: ShipmentStatus | null;
      updateDt: string | null;
      findings: number;
      openHits: number;
    };

export interface IngestContext {
  db: Db;
  account: Pick<AccountProfile, 'companyId' | 'userId' | 'companyTypeId'>;
  autoAcceptDelaySeconds: number;
  now?: Date;
  /** The seed's generated messages say when they were received. */
  receivedAt?: Date;
  /** To schedule automatic acceptance; without it the periodic sweep picks the shipment up. */
  jobs?: JobQueue;
  /** What the history says of the message's receipt, when not "FWB received from {company}/{user}". */
  receipt?: string;
}

type Trx = Transaction<Database>;

async function carrierOfPrefix(db: Db, prefix: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('company_id')
    .where('company_type_id', '=', CompanyType.AIRLINE)
    .where(sql<boolean>`${prefix} = ANY(airline_prefixes)`)
    .orderBy('company_id')
    .executeTakeFirst();
  return row?.company_id;
}

/** The portal company acting for the AWB's agent: the sender when a forwarder sends, else the carrier's IATA agent list. */
async function agentCompanyOf(
  trx: Trx,
  carrierId: string,
  account: IngestContext['account'],
  waybill: AirWaybill | undefined,
): Promise<string | null | undefined> {
  if (account.companyTypeId === CompanyType.FORWARDER) return account.companyId;
  const code = waybill?.agent?.iataCode;
  if (!code) return undefined;
  const codes = [code, waybill?.agent?.cassAddress ? code + waybill.agent.cassAddress : code];
  const row = await trx
    .selectFrom('rule_list_rows as r')
    .innerJoin('companies as c', (join) => join.onRef('c.company_id', '=', sql`r.row_values->>'companyId'`))
    .select('c.company_id')
    .where('r.company_id', '=', carrierId)
    .where('r.list_name', '=', 'iataagentcodelist')
    .where(sql<string>`r.row_values->>'agentCode'`, 'in', codes)
    .where('c.company_type_id', '=', CompanyType.FORWARDER)
    .executeTakeFirst();
  return row?.company_id;
}

/** Who may send messages for an AWB: its airline, or a forwarder for shipments it is (or becomes) the agent of. */
function senderRefusal(account: IngestContext['account'], carrierId: string, existingAgent: string | null | undefined): string | undefined {
  if (account.companyTypeId === CompanyType.AIRLINE) return account.companyId === carrierId ? undefined : IngestMessages.notYourPrefix;
  if (account.companyTypeId === CompanyType.FORWARDER) return existingAgent && existingAgent !== account.companyId ? IngestMessages.anotherAgent : undefined;
  return IngestMessages.senderType;
}

/**
 * Takes the AWB's message lock for the rest of the transaction: messages for one AWB are taken in one at a time. A
 * transaction that also locks the shipment's row takes this first, as ingesting does, so two never wait on each other.
 */
export async function lockAwbMessages(trx: Trx, awb: AwbNumber): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`awb:${formatAwbNumber(awb)}`}))`.execute(trx);
}

function awbOf(message: CargoMessage): AwbNumber {
  return message.kind === 'FWB' ? message.waybill.consignment.awb : message.manifest.master.awb;
}

export async function ingestMessage(context: IngestContext, text: string): Promise<IngestResult> {
  if (isAcknowledgement(text)) return acknowledge(context, text);
  return ingestWaybillMessage(context, text, (work) => context.db.transaction().execute(work));
}

/**
 * An FWB or FHL taken in within a transaction the caller holds (a ONE Record change an operator accepts makes its
 * FWB and takes it in with the request's decision, as one): the same steps as a message received.
 */
export function ingestWithin(trx: Trx, context: IngestContext, text: string): Promise<IngestResult> {
  return ingestWaybillMessage({ ...context, db: trx }, text, (work) => work(trx));
}

async function ingestWaybillMessage(
  context: IngestContext,
  text: string,
  inTransaction: (work: (trx: Trx) => Promise<IngestResult>) => Promise<IngestResult>,
): Promise<IngestResult> {
  const read = readCargoMessage(text);
  if (!read.ok) return { kind: 'faults', faults: read.faults };
  const message = read.value;
  const awb = awbOf(message);
  const carrierId = await carrierOfPrefix(context.db, awb.prefix);
  if (!carrierId) return { kind: 'refused', message: IngestMessages.unknownPrefix.replace('{prefix}', awb.prefix) };
  const rules = await carrierRules(context.db, carrierId);
  const now = context.now ?? new Date();
  return inTransaction(async (trx) => {
    // One message per AWB at a time: the second waits and then sees the first one's shipment.
    await lockAwbMessages(trx, awb);
    const existing = await trx
      .selectFrom('shipments')
      .selectAll()
      .where('awb_prefix', '=', awb.prefix)
      .where('awb_suffix', '=', awb.suffix)
      .forUpdate()
      .executeTakeFirst();
    const refusal = senderRefusal(context.account, carrierId, existing?.agent_company_id);
    if (refusal) return { kind: 'refused' as const, message: refusal };

    const keep = async (outcome: 'created' | 'updated' | 'unchanged' | 'pending', shipmentId: string | null) => {
      const row = await trx
        .insertInto('cargo_messages')
        .values({
          received_at: context.receivedAt ?? now,
          company_id: context.account.companyId,
          user_id: context.account.userId,
          kind: message.kind,
          format: message.format,
          awb_prefix: awb.prefix,
          awb_suffix: awb.suffix,
          shipment_id: shipmentId,
          outcome,
          body: text,
        })
        .returning('message_id')
        .executeTakeFirstOrThrow();
      return String(row.message_id);
    };

    const waybill = message.kind === 'FWB' ? message.waybill : ((existing?.waybill as AirWaybill | null) ?? undefined);
    const manifest = message.kind === 'FHL' ? message.manifest : ((existing?.house_manifest as HouseManifest | null) ?? (await pendingManifest(trx, awb)));
    if (!waybill) {
      const messageId = await keep('pending', null);
      return done(message.kind, messageId, 'pending', awb, null, null, null);
    }
    if (existing && message.kind === 'FWB' && isDeepStrictEqual(existing.waybill, message.waybill)) {
      const messageId = await keep('unchanged', String(existing.shipment_id));
      return done(message.kind, messageId, 'unchanged', awb, String(existing.shipment_id), existing.status as ShipmentStatus, existing.update_dt, existing);
    }

    const baseCodes = message.kind === 'FWB' || !existing ? waybill.specialHandlingCodes : existing.special_handling_codes;
    const previousHits = existing ? reviewedHitsOf(existing.sanction_hits) : [];
    const assessment = await assessShipmentInSlices(rules, {
      waybill,
      manifest,
      specialHandlingCodes: baseCodes,
      previousHits,
      now,
      autoAcceptDelaySeconds: context.autoAcceptDelaySeconds,
    });
    const assessed = assessmentColumns(assessment, rules.signature);
    const agentCompany = await agentCompanyOf(trx, carrierId, context.account, message.kind === 'FWB' ? message.waybill : undefined);
    const values = {
      ...shipmentColumns(waybill, manifest, assessment.evaluation.hsCodes),
      ...assessed,
      carrier_id: carrierId,
      message_date: context.receivedAt ?? now,
      // New data wants a new eyeball check.
      eyeball_check: null,
      ...(agentCompany !== undefined ? { agent_company_id: agentCompany } : {}),
    };

    let shipmentId: string;
    let outcome: 'created' | 'updated';
    if (existing) {
      const updated = await trx
        .updateTable('shipments')
        .set(values)
        .where('shipment_id', '=', existing.shipment_id)
        .returning(['shipment_id', 'update_dt', 'status'])
        .executeTakeFirstOrThrow();
      shipmentId = String(updated.shipment_id);
      outcome = 'updated';
    } else {
      const inserted = await trx
        .insertInto('shipments')
        .values({ ...values, agent_company_id: agentCompany ?? null, std: null, update_dt: context.receivedAt ?? now })
        .returning('shipment_id')
        .executeTakeFirstOrThrow();
      shipmentId = String(inserted.shipment_id);
      outcome = 'created';
      await trx
        .insertInto('shipment_documents')
        .values({
          shipment_id: shipmentId,
          doc_type: 'AWB',
          file_name: `AWB_${formatAwbNumber(awb)}.pdf`,
          remarks: 'Master air waybill',
          company_id: carrierId,
          user_id: 'system',
          updated_on: now,
        })
        .execute();
    }
    if (message.kind === 'FHL' || (outcome === 'created' && manifest))
      await ensureHouseDocuments(trx, shipmentId, awb, carrierId, manifest as HouseManifest, now);
    await recordReceipt(trx, shipmentId, message.kind, context, existing?.status as ShipmentStatus | undefined, assessment, manifest, previousHits);
    const messageId = await keep(outcome, shipmentId);
    if (message.kind === 'FWB' && !existing && manifest)
      await trx
        .updateTable('cargo_messages')
        .set({ shipment_id: shipmentId, outcome: 'updated' })
        .where('awb_prefix', '=', awb.prefix)
        .where('awb_suffix', '=', awb.suffix)
        .where('outcome', '=', 'pending')
        .execute();
    if (assessment.autoAcceptAt) await context.jobs?.send(QUEUES.autoAccept, {}, { startAfter: assessment.autoAcceptAt, within: trx });
    const row = await trx.selectFrom('shipments').select(['status', 'update_dt']).where('shipment_id', '=', shipmentId).executeTakeFirstOrThrow();
    return done(message.kind, messageId, outcome, awb, shipmentId, row.status as ShipmentStatus, row.update_dt, undefined, assessment);
  });
}

function done(
  messageKind: 'FWB' | 'FHL',
  messageId: string,
  outcome: 'created' | 'updated' | 'unchanged' | 'pending',
  awb: AwbNumber,
  shipmentId: string | null,
  status: ShipmentStatus | null,
  updateDt: Date | null,
  existing?: { sanction_hits: unknown; compliance_checks: unknown[] },
  assessment?: Assessment,
): IngestResult {
  const hits = assessment?.hits ?? (existing ? reviewedHitsOf(existing.sanction_hits) : []);
  return {
    kind: 'done',
    messageId,
    messageKind,
    outcome,
    awb: formatAwbNumber(awb),
    shipmentId,
    status,
    updateDt: updateDt ? updateDt.toISOString() : null,
    findings: assessment ? assessment.evaluation.findings.length : (existing?.compliance_checks.length ?? 0),
    openHits: openHitCount(hits),
  };
}

/** The latest FHL that arrived before its master's FWB. */
async function pendingManifest(trx: Trx, awb: AwbNumber): Promise<HouseManifest | undefined> {
  const row = await trx
    .selectFrom('cargo_messages')
    .select('body')
    .where('awb_prefix', '=', awb.prefix)
    .where('awb_suffix', '=', awb.suffix)
    .where('kind', '=', 'FHL')
    .where('outcome', '=', 'pending')
    .orderBy('received_at', 'desc')
    .orderBy('message_id', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  const read = readCargoMessage(row.body);
  return read.ok && read.value.kind === 'FHL' ? read.value.manifest : undefined;
}

async function ensureHouseDocuments(trx: Trx, shipmentId: string, awb: AwbNumber, carrierId: string, manifest: HouseManifest, now: Date): Promise<void> {
  const existing = await trx
    .selectFrom('shipment_documents')
    .select('doc_type')
    .where('shipment_id', '=', shipmentId)
    .where('doc_type', 'in', ['House Manifest', 'House AWB airline'])
    .execute();
  const has = new Set(existing.map((row) => row.doc_type));
  const number = formatAwbNumber(awb);
  const remarks = `${manifest.houses.length} house(s)`;
  if (!has.has('House Manifest'))
    await trx
      .insertInto('shipment_documents')
      .values({
        shipment_id: shipmentId,
        doc_type: 'House Manifest',
        file_name: `HouseManifest_${number}.pdf`,
        remarks,
        company_id: carrierId,
        user_id: 'system',
        updated_on: now,
      })
      .execute();
  else
    await trx
      .updateTable('shipment_documents')
      .set({ remarks, updated_on: now, content: null, size_bytes: null })
      .where('shipment_id', '=', shipmentId)
      .where('doc_type', '=', 'House Manifest')
      .execute();
  if (!has.has('House AWB airline'))
    await trx
      .insertInto('shipment_documents')
      .values({
        shipment_id: shipmentId,
        doc_type: 'House AWB airline',
        file_name: `HouseAWB_${number}.pdf`,
        remarks: '',
        company_id: carrierId,
        user_id: 'system',
        updated_on: now,
      })
      .execute();
}

async function recordReceipt(
  trx: Trx,
  shipmentId: string,
  kind: 'FWB' | 'FHL',
  context: IngestContext,
  before: ShipmentStatus | undefined,
  assessment: Assessment,
  manifest: HouseManifest | undefined,
  previousHits: readonly ReviewedSanctionHit[],
): Promise<void> {
  const by = `${context.account.companyId}/${context.account.userId}`;
  const reopened = before && DECIDED_STATUSES.includes(before) ? ` (reopened: it was ${before})` : '';
  const what = context.receipt ?? (kind === 'FHL' ? `FHL received from ${by} with ${manifest?.houses.length ?? 0} house(s)` : `FWB received from ${by}`);
  await writeShipmentEvent(trx, { shipmentId, kind, description: `${what}${reopened}`, companyId: context.account.companyId, userId: context.account.userId });
  const counted = assessment.evaluation.findings.filter(
    (finding) => finding.effect !== 'info' && finding.effect !== 'autoAccept' && finding.effect !== 'manualAccept',
  );
  const open = openHitCount(assessment.hits);
  const summary =
    assessment.status === 'Processing'
      ? 'Rules evaluated: nothing stops it; automatic acceptance is under way.'
      : `Rules evaluated: ${assessment.status}${counted.length > 0 ? `, ${counted.length} finding(s)` : ''}${open > 0 ? `, ${open} open sanction hit(s)` : ''}.`;
  await writeShipmentEvents(trx, [
    { shipmentId, kind: 'STATUS', description: summary, companyId: null, userId: null },
    ...sanctionHoldEvents(shipmentId, previousHits, assessment.hits),
  ]);
}

/**
 * FMA/FNA from a receiving system: the newest message sent for that AWB (by the sender's company)
 * is acknowledged, or marked failed with the receiver's reason.
 */
async function acknowledge(context: IngestContext, text: string): Promise<IngestResult> {
  const read = readAcknowledgement(text);
  if (!read.ok) return { kind: 'faults', faults: read.faults };
  const ack = read.value;
  const awb = formatAwbNumber(ack.awb);
  return context.db.transaction().execute(async (trx) => {
    const sent = await trx
      .selectFrom('outbound_messages as o')
      .innerJoin('shipments as s', 's.shipment_id', 'o.shipment_id')
      .select(['o.message_id', 'o.shipment_id', 'o.target'])
      .where('s.awb_prefix', '=', ack.awb.prefix)
      .where('s.awb_suffix', '=', ack.awb.suffix)
      .where('o.company_id', '=', context.account.companyId)
      .where('o.state', '=', 'SENT')
      .orderBy('o.sent_at', 'desc')
      .orderBy('o.message_id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!sent) return { kind: 'refused' as const, message: IngestMessages.nothingToAcknowledge.replace('{awb}', awb) };
    const state = ack.kind === 'FMA' ? ('ACKNOWLEDGED' as const) : ('FAILED' as const);
    const now = context.now ?? new Date();
    await trx
      .updateTable('outbound_messages')
      .set({
        state,
        acknowledgement: ack.text,
        updated_at: now,
        ...(state === 'ACKNOWLEDGED' ? { acknowledged_at: now } : { last_error: `Refused by the receiver: ${ack.text}` }),
      })
      .where('message_id', '=', sent.message_id)
      .execute();
    await writeShipmentEvent(trx, {
      shipmentId: String(sent.shipment_id),
      kind: 'SEND',
      description: `${sent.target} message ${sent.message_id} ${state === 'ACKNOWLEDGED' ? 'acknowledged' : 'refused'} by the receiver (${ack.kind}): ${ack.text}`,
      companyId: context.account.companyId,
      userId: context.account.userId,
    });
    const row = await trx
      .insertInto('cargo_messages')
      .values({
        company_id: context.account.companyId,
        user_id: context.account.userId,
        kind: ack.kind,
        format: 'cargo-imp',
        awb_prefix: ack.awb.prefix,
        awb_suffix: ack.awb.suffix,
        shipment_id: String(sent.shipment_id),
        outcome: 'acknowledged',
        body: text,
      })
      .returning('message_id')
      .executeTakeFirstOrThrow();
    return { kind: 'acknowledged' as const, messageId: String(row.message_id), messageKind: ack.kind, awb, outboundMessageId: String(sent.message_id), state };
  });
}

import { addMinutes } from 'date-fns';
import type { Insertable } from 'kysely';
import { formatAwbNumber } from '../../../domain/awb';
import { CompanyType } from '../../../domain/access';
import { assessmentColumns, assessShipment, type Assessment } from '../../compliance/assessment';
import { sanctionHoldEvents } from '../../compliance/sanctionHold';
import { carrierRules, type CarrierRules } from '../../compliance/carrierRules';
import { shipmentColumns } from '../../compliance/shipmentFromMessage';
import type { Db } from '../database';
import type { AirWaybill, HouseManifest } from '../../../domain/cargoMessages';
import { OUTBOUND_DEFAULTS } from '../../config';
import { outboundPayload } from '../../compliance/outbound';
import type { CargoMessageTable, OutboundMessageTable, ShipmentDocumentTable, ShipmentEventTable, ShipmentTable } from '../schema';
import { readGenerated } from './shipments';
import { seededRandom as random } from '../../../domain/seededRandom';
import { hitBlocksAcceptance, openHitCount } from '../../../domain/sanctionReview';
import { demoAgentCompany, generateShipmentMessages, type GeneratedShipment } from './shipmentMessages';
import type { ShipmentEventKind } from '../../../domain/shipmentEvents';

/**
 * The demo world's shipments, brought in the way every shipment comes: the generated FWB and FHL
 * are read by the message parser, screened and evaluated against the carrier's lists by the same
 * assessment the message API runs, and then given a history: some decided by an operator (accepted,
 * rejected, sent on), some left for no action. Written in batches (the message API writes one at a
 * time); an AWB already there is left as it is.
 */

const BATCH = 250;
const SEED_SENDER = 'gateway';

type Row = Insertable<ShipmentTable>;

interface Prepared {
  generated: GeneratedShipment;
  row: Row;
  carrierId: string;
  agentCompanyId: string | null;
  houses: number;
  assessment: Assessment;
  history: Omit<Insertable<ShipmentEventTable>, 'shipment_id'>[];
  waybill: AirWaybill;
  manifest?: HouseManifest;
}

function decide(
  generated: GeneratedShipment,
  assessment: Assessment,
  carrierId: string,
): { status: string; events: Omit<Insertable<ShipmentEventTable>, 'shipment_id'>[] } {
  const open = assessment.hits.some((hit) => hitBlocksAcceptance(hit.state));
  const hard = assessment.evaluation.block?.kind === 'HARD';
  const at = generated.decidedAt;
  const by = { company_id: carrierId, user_id: 'operator' };
  switch (generated.plan) {
    case 'Accept':
    case 'Submit': {
      if (open || hard || assessment.status === 'Error') return { status: assessment.status, events: [] };
      const soft = assessment.evaluation.block?.kind === 'SOFT' ? ' (soft block acknowledged: the station manager agreed by phone)' : '';
      const events: { at: Date; kind: ShipmentEventKind; description: string; company_id: string; user_id: string }[] = [
        { at, kind: 'ACCEPT', description: `Shipment accepted${soft}`, ...by },
      ];
      if (generated.plan === 'Submit')
        events.push({ at: addMinutes(at, 10), kind: 'SEND', description: `TERMINAL message queued for ${OUTBOUND_DEFAULTS.TERMINAL}`, ...by });
      return { status: generated.plan, events };
    }
    case 'Reject':
      return { status: 'Reject', events: [{ at, kind: 'REJECT', description: 'Shipment rejected: DOC Documents missing or incomplete', ...by }] };
    case 'Nothing':
      return { status: 'Nothing', events: [{ at, kind: 'STATUS', description: 'No action for this company: handled elsewhere', ...by }] };
    default:
      return { status: assessment.status, events: [] };
  }
}

function documentsOf(prepared: Prepared, shipmentId: string): Insertable<ShipmentDocumentTable>[] {
  const { generated, carrierId, agentCompanyId, houses } = prepared;
  const next = random(generated.index * 40503 + 7919);
  const awb = formatAwbNumber({ prefix: prepared.row.awb_prefix, suffix: prepared.row.awb_suffix });
  const base = { shipment_id: shipmentId, company_id: carrierId };
  const documents: Insertable<ShipmentDocumentTable>[] = [
    { ...base, doc_type: 'AWB', file_name: `AWB_${awb}.pdf`, remarks: 'Master air waybill', updated_on: generated.receivedAt, user_id: 'system' },
  ];
  if (houses > 0) {
    const at = addMinutes(generated.receivedAt, 5);
    documents.push({
      ...base,
      doc_type: 'House Manifest',
      file_name: `HouseManifest_${awb}.pdf`,
      remarks: `${houses} house(s)`,
      updated_on: at,
      user_id: 'system',
    });
    documents.push({ ...base, doc_type: 'House AWB airline', file_name: `HouseAWB_${awb}.pdf`, remarks: '', updated_on: at, user_id: 'system' });
  }
  if (next() < 0.35)
    documents.push({
      ...base,
      doc_type: 'Pouch',
      pouch_kind: 'airline',
      file_name: `AirlinePouch_${awb}.pdf`,
      remarks: 'Flight documents',
      updated_on: addMinutes(generated.receivedAt, 20),
      user_id: 'operator',
    });
  if (agentCompanyId && next() < 0.5) {
    documents.push({
      ...base,
      company_id: agentCompanyId,
      doc_type: 'Pouch',
      pouch_kind: 'forwarder',
      file_name: `ForwarderPouch_${awb}.pdf`,
      remarks: 'Commercial invoice and packing list',
      updated_on: addMinutes(generated.receivedAt, -60),
      user_id: 'operator',
    });
  }
  return documents;
}

/** The terminal message a sent-on shipment went out with, and what became of it: mostly acknowledged, some waiting, a few refused. */
function outboundOf(prepared: Prepared, shipmentId: string): Insertable<OutboundMessageTable> {
  const next = random(prepared.generated.index * 7877 + 13);
  const sentAt = addMinutes(prepared.generated.decidedAt, 11);
  const roll = next();
  const fate =
    roll < 0.75
      ? { state: 'ACKNOWLEDGED', acknowledgement: 'ACCEPTED', acknowledged_at: addMinutes(sentAt, 4) }
      : roll < 0.92
        ? { state: 'SENT' }
        : { state: 'FAILED', acknowledgement: 'INVALID CONSIGNEE ADDRESS', last_error: 'Refused by the receiver: INVALID CONSIGNEE ADDRESS' };
  return {
    shipment_id: shipmentId,
    target: 'TERMINAL',
    payload: outboundPayload('TERMINAL', prepared.waybill, prepared.manifest, sentAt),
    recipient: OUTBOUND_DEFAULTS.TERMINAL,
    company_id: prepared.carrierId,
    user_id: 'operator',
    created_at: addMinutes(prepared.generated.decidedAt, 10),
    sent_at: sentAt,
    attempts: 1,
    updated_at: 'acknowledged_at' in fate ? fate.acknowledged_at : sentAt,
    ...fate,
  };
}

function prepare(generated: GeneratedShipment, rules: CarrierRules, autoAcceptDelaySeconds: number): Prepared {
  const { waybill, manifest } = readGenerated(generated);
  const assessment = assessShipment(rules, {
    waybill,
    ...(manifest ? { manifest } : {}),
    specialHandlingCodes: waybill.specialHandlingCodes,
    previousHits: [],
    now: generated.receivedAt,
    autoAcceptDelaySeconds,
  });
  const decided = decide(generated, assessment, rules.carrierId);
  const agentCompanyId = demoAgentCompany(waybill.agent?.iataCode);
  const assessed = assessmentColumns(assessment, rules.signature);
  const row: Row = {
    ...shipmentColumns(waybill, manifest, assessment.evaluation.hsCodes),
    ...assessed,
    status: decided.status,
    auto_accept_at: decided.status === 'Processing' ? assessed.auto_accept_at : null,
    carrier_id: rules.carrierId,
    agent_company_id: agentCompanyId,
    message_date: generated.receivedAt,
    std: generated.std,
    update_dt: decided.events.at(-1)?.at ?? generated.receivedAt,
  };
  return {
    generated,
    row,
    carrierId: rules.carrierId,
    agentCompanyId,
    houses: manifest?.houses.length ?? 0,
    assessment,
    history: decided.events,
    waybill,
    ...(manifest ? { manifest } : {}),
  };
}

/** `now`: the moment the world is seeded, which every date is relative to (generateShipmentMessages). */
export async function seedShipments(db: Db, options: { count: number; now: Date; autoAcceptDelaySeconds: number }): Promise<number> {
  const airlines = await db.selectFrom('companies').select(['company_id', 'airline_prefixes']).where('company_type_id', '=', CompanyType.AIRLINE).execute();
  const carrierOf = new Map(airlines.flatMap((airline) => airline.airline_prefixes.map((prefix) => [prefix, airline.company_id] as const)));
  const rulesOf = new Map<string, CarrierRules>();
  let added = 0;
  for (let start = 0; start < options.count; start += BATCH) {
    const prepared: Prepared[] = [];
    for (let index = start; index < Math.min(options.count, start + BATCH); index++) {
      const generated = generateShipmentMessages(index, options.now);
      const carrierId = carrierOf.get(generated.fwb.split('\n')[1].slice(0, 3));
      if (!carrierId) continue;
      let rules = rulesOf.get(carrierId);
      if (!rules) {
        rules = await carrierRules(db, carrierId);
        rulesOf.set(carrierId, rules);
      }
      const item = prepare(generated, rules, options.autoAcceptDelaySeconds);
      // Planned to be accepted but the rules do not allow it (an open hit, a hard block, data errors):
      // it stays open, so it is dated as an open one (its flight ahead), the rest of it as it was.
      const undecided = item.history.length === 0 && generated.plan !== 'open';
      prepared.push(undecided ? prepare(generateShipmentMessages(index, options.now, 'open'), rules, options.autoAcceptDelaySeconds) : item);
    }
    added += await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('shipments')
        .values(prepared.map((item) => item.row))
        .onConflict((oc) => oc.columns(['awb_prefix', 'awb_suffix']).doNothing())
        .returning(['shipment_id', 'awb_prefix', 'awb_suffix'])
        .execute();
      if (inserted.length === 0) return 0;
      const byAwb = new Map(prepared.map((item) => [`${item.row.awb_prefix}${item.row.awb_suffix}`, item]));
      const events: Insertable<ShipmentEventTable>[] = [];
      const documents: Insertable<ShipmentDocumentTable>[] = [];
      const messages: Insertable<CargoMessageTable>[] = [];
      const outbound: Insertable<OutboundMessageTable>[] = [];
      for (const { shipment_id, awb_prefix, awb_suffix } of inserted) {
        const item = byAwb.get(`${awb_prefix}${awb_suffix}`) as Prepared;
        const shipmentId = String(shipment_id);
        const { generated, assessment } = item;
        const message = { company_id: item.carrierId, user_id: SEED_SENDER, format: 'cargo-imp' as const, awb_prefix, awb_suffix, shipment_id: shipmentId };
        messages.push({ ...message, kind: 'FWB', outcome: 'created', body: generated.fwb, received_at: generated.receivedAt });
        events.push({
          shipment_id: shipmentId,
          at: generated.receivedAt,
          kind: 'FWB',
          description: `FWB received from ${item.carrierId}/${SEED_SENDER}`,
          company_id: item.carrierId,
          user_id: SEED_SENDER,
        });
        if (generated.fhl) {
          const at = addMinutes(generated.receivedAt, 5);
          messages.push({ ...message, kind: 'FHL', outcome: 'updated', body: generated.fhl, received_at: at });
          events.push({
            shipment_id: shipmentId,
            at,
            kind: 'FHL',
            description: `FHL received from ${item.carrierId}/${SEED_SENDER} with ${item.houses} house(s)`,
            company_id: item.carrierId,
            user_id: SEED_SENDER,
          });
        }
        const open = openHitCount(assessment.hits);
        events.push({
          shipment_id: shipmentId,
          at: addMinutes(generated.receivedAt, generated.fhl ? 6 : 1),
          kind: 'STATUS',
          description:
            assessment.status === 'Processing'
              ? 'Rules evaluated: nothing stops it; automatic acceptance is under way.'
              : `Rules evaluated: ${assessment.status}${open > 0 ? `, ${open} open sanction hit(s)` : ''}.`,
          company_id: null,
          user_id: null,
        });
        // A shipment screened onto hold says so in its history, as one received later does (sanctionHoldEvents).
        events.push(
          ...sanctionHoldEvents(shipmentId, [], assessment.hits).map((event) => ({
            shipment_id: shipmentId,
            at: addMinutes(generated.receivedAt, generated.fhl ? 6 : 1),
            kind: event.kind,
            description: event.description,
            company_id: null,
            user_id: null,
          })),
        );
        events.push(...item.history.map((event) => ({ ...event, shipment_id: shipmentId })));
        documents.push(...documentsOf(item, shipmentId));
        if (item.row.status === 'Submit') outbound.push(outboundOf(item, shipmentId));
      }
      await trx.insertInto('cargo_messages').values(messages).execute();
      await trx.insertInto('shipment_events').values(events).execute();
      await trx.insertInto('shipment_documents').values(documents).execute();
      if (outbound.length > 0) await trx.insertInto('outbound_messages').values(outbound).execute();
      return inserted.length;
    });
  }
  return added;
}

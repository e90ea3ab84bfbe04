import { readCargoMessage, type AirWaybill, type HouseManifest } from '../../../domain/cargoMessages';
import { shipmentColumns } from '../../compliance/shipmentFromMessage';
import type { NewShipment } from '../schema';
import { demoAgentCompany, generateShipmentMessages, OWNER_OF_PREFIX, type GeneratedShipment } from './shipmentMessages';

export { generatedAwb, OWNER_OF_PREFIX } from './shipmentMessages';

/** The FWB and FHL models of a generated shipment, read back by the message parser. */
export function readGenerated(generated: GeneratedShipment): { waybill: AirWaybill; manifest?: HouseManifest } {
  const fwb = readCargoMessage(generated.fwb);
  if (!fwb.ok || fwb.value.kind !== 'FWB')
    throw new Error(`Generated FWB ${generated.index} does not read: ${JSON.stringify(fwb.ok ? fwb.value.kind : fwb.faults)}`);
  if (!generated.fhl) return { waybill: fwb.value.waybill };
  const fhl = readCargoMessage(generated.fhl);
  if (!fhl.ok || fhl.value.kind !== 'FHL')
    throw new Error(`Generated FHL ${generated.index} does not read: ${JSON.stringify(fhl.ok ? fhl.value.kind : fhl.faults)}`);
  return { waybill: fwb.value.waybill, manifest: fhl.value.manifest };
}

const PLANNED_STATUS = { open: 'New', Accept: 'Accept', Reject: 'Reject', Submit: 'Submit', Nothing: 'Nothing' } as const;

/**
 * The shipment row at `index` straight from its generated messages, without rule evaluation: what
 * the benchmark loads by the million. The demo seed goes further and evaluates each (shipmentSeed.ts).
 */
export function generateShipment(index: number, now: Date): NewShipment {
  const generated = generateShipmentMessages(index, now);
  const { waybill, manifest } = readGenerated(generated);
  const hsCodes = waybill.rateLines.flatMap((rate) => rate.goods.flatMap((item) => (item.kind === 'NH' ? [item.hsCode] : [])));
  return {
    ...shipmentColumns(waybill, manifest, hsCodes),
    status: PLANNED_STATUS[generated.plan],
    special_handling_codes: waybill.specialHandlingCodes,
    // Not evaluated: no block, no hits, no findings (columns given, so bulk loads need no defaults).
    acceptance_block: null,
    acceptance_block_reason: null,
    acceptance_block_companies: [],
    sanction_hits: '[]',
    compliance_checks: '[]',
    agent_company_id: demoAgentCompany(waybill.agent?.iataCode),
    carrier_id: OWNER_OF_PREFIX[waybill.consignment.awb.prefix] ?? null,
    message_date: generated.receivedAt,
    std: generated.std,
    update_dt: generated.plan === 'open' ? generated.receivedAt : generated.decidedAt,
  };
}

import type { Kysely, Transaction } from 'kysely';
import type { ActionType } from '../../domain/actionLog';
import type { AccountProfile } from '../auth/accounts';
import type { Database } from '../db/schema';
import type { ActionLogLine } from '../logs/logWriter';
import type { ShipmentEventKind } from '../../domain/shipmentEvents';

export interface ActionLogEntry {
  actType: ActionType;
  docType?: string;
  docName?: string;
  remarks?: string;
  shipmentId?: string | null;
  documentId?: string | null;
  awbPrefix?: string | null;
  awbSuffix?: string | null;
  logLevel?: number;
  source?: 'server' | 'browser';
}

/** The user log's rows for these entries of the account's, made at `at`. */
export function actionLogRows(
  account: Pick<AccountProfile, 'companyId' | 'userId'>,
  ip: string,
  entries: readonly ActionLogEntry[],
  at = new Date(),
): ActionLogLine[] {
  return entries.map((entry) => ({
    at,
    company_id: account.companyId,
    user_id: account.userId,
    act_type: entry.actType,
    doc_type: entry.docType ?? '',
    doc_name: entry.docName ?? '',
    remarks: (entry.remarks ?? '').slice(0, 5000),
    shipment_id: entry.shipmentId ?? null,
    shipment_document_id: entry.documentId ?? null,
    awb_prefix: entry.awbPrefix ?? null,
    awb_suffix: entry.awbSuffix ?? null,
    log_level: entry.logLevel ?? 2,
    source: entry.source ?? 'server',
    ip_address: ip,
  }));
}

/**
 * Writes the user log of a change in the change's own transaction, so that the decision and its log
 * entry are kept or lost together (durable when the change is). What only reads (a display, a
 * download, a search) goes through the batched LogWriter instead (logs/logWriter.ts).
 */
export async function writeActionLog(
  trx: Kysely<Database> | Transaction<Database>,
  account: AccountProfile,
  ip: string,
  entries: ActionLogEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto('action_log')
    .values(actionLogRows(account, ip, entries))
    .execute();
}

export interface ShipmentEvent {
  shipmentId: string;
  kind: ShipmentEventKind;
  description: string;
  companyId: string | null;
  userId: string | null;
  details?: Record<string, unknown>;
}

/** Appends to the shipment's history (in the transaction of the change it records). */
export async function writeShipmentEvent(trx: Kysely<Database> | Transaction<Database>, event: ShipmentEvent): Promise<void> {
  await writeShipmentEvents(trx, [event]);
}

/** Appends several history lines in one statement (a sweep, a bulk action, a re-screening chunk). */
export async function writeShipmentEvents(trx: Kysely<Database> | Transaction<Database>, events: readonly ShipmentEvent[]): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('shipment_events')
    .values(
      events.map((event) => ({
        shipment_id: event.shipmentId,
        kind: event.kind,
        description: event.description.slice(0, 5000),
        company_id: event.companyId,
        user_id: event.userId,
        details: event.details ? JSON.stringify(event.details) : null,
      })),
    )
    .execute();
}

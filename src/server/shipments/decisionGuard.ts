import { sql, type Transaction, type Updateable } from 'kysely';
import { heldByOtherMessage, ShipmentMessages } from '../../domain/shipmentMessages';
import type { ShipmentStatus } from '../../domain/shipmentStatus';
import type { DecisionAnswer } from '../../domain/shipmentWire';
import type { AccountProfile } from '../auth/accounts';
import type { Db } from '../db/database';
import type { Database, ShipmentTable } from '../db/schema';
import { heldByAnother } from './handlingLock';
import type { CompanyScope } from './scope';
import { findShipment, type ShipmentRecord } from './shipmentRecord';

/**
 * Every change of a shipment by a user (accept, reject, mark, modify, accept a document, send)
 * runs here: one transaction that finds the shipment in the company's scope, refuses it while
 * another user holds the handling lock or when the caller's UpdateDT is stale, then lets the change
 * make ONE conditional UPDATE on UpdateDT, so that of two concurrent changes exactly one wins.
 */

export type ChangeOutcome<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'notFound' }
  | { kind: 'access'; access: 'lent' | 'none' }
  | { kind: 'refused'; reason: string; message: string; data?: Record<string, unknown> }
  | { kind: 'invalid'; message: string };

/** A change's answer: the shipment's status and UpdateDT after it. */
export const decisionAnswer = (shipmentId: string, row: { update_dt: Date; status: string }): DecisionAnswer => ({
  ShipmentId: shipmentId,
  Status: row.status as ShipmentStatus,
  UpdateDT: row.update_dt.toISOString(),
});

export const refusal = (reason: string, message: string, data?: Record<string, unknown>): ChangeOutcome<never> => ({ kind: 'refused', reason, message, data });

/** The caller's UpdateDT is not the shipment's any more (the current one is given when known). */
export const staleRefusal = (currentUpdateDt?: string): ChangeOutcome<never> =>
  refusal('stale', ShipmentMessages.staleDecision, currentUpdateDt ? { UpdateDT: currentUpdateDt } : {});

/** Who changes a shipment, as a route's caller carries it. */
export interface ChangingCaller {
  db: Db;
  scope: CompanyScope;
  account: AccountProfile;
  lockMinutes: number;
}

/**
 * guardedChange for a route's caller on the request's ShipmentId and UpdateDT: how every shipment
 * change (decisions, modify, documents, lending, sanction review) starts.
 */
export function changeShipment<T>(
  caller: ChangingCaller,
  request: { ShipmentId: string; UpdateDT: string },
  change: (context: ChangeContext) => Promise<ChangeOutcome<T>>,
  { lockRow = false }: { lockRow?: boolean } = {},
): Promise<ChangeOutcome<T>> {
  return guardedChange(
    caller.db,
    caller.scope,
    caller.account,
    { shipmentId: request.ShipmentId, updateDt: request.UpdateDT, lockMinutes: caller.lockMinutes, lockRow },
    change,
  );
}

export interface ChangeContext {
  trx: Transaction<Database>;
  shipment: ShipmentRecord;
  shipmentId: string;
}

export async function guardedChange<T>(
  db: Db,
  scope: CompanyScope,
  account: AccountProfile,
  /**
   * `lockRow`: for a change that reads the row and writes it back whole (the sanction review), the row
   * is locked as it is found, so a concurrent change waits and then finds UpdateDT moved on.
   */
  request: { shipmentId: string; updateDt: string; lockMinutes: number; lockRow?: boolean },
  change: (context: ChangeContext) => Promise<ChangeOutcome<T>>,
): Promise<ChangeOutcome<T>> {
  return db
    .transaction()
    .execute(async (trx): Promise<ChangeOutcome<T>> => {
      const found = await findShipment(trx, scope, { id: request.shipmentId }, { forUpdate: request.lockRow === true });
      if (found.kind === 'notFound') return { kind: 'notFound' };
      if (found.access !== 'full') return { kind: 'access', access: found.access };
      const holder = await heldByAnother(trx, request.shipmentId, account, request.lockMinutes);
      if (holder) {
        return refusal('heldByOther', heldByOtherMessage(holder), {
          HeldBy: holder,
        });
      }
      const current = found.shipment.update_dt.toISOString();
      if (current !== request.updateDt) return staleRefusal(current);
      const outcome = await change({ trx, shipment: found.shipment, shipmentId: request.shipmentId });
      // A refusal inside the change must leave nothing behind (a history line, a log entry).
      if (outcome.kind !== 'ok') throw new RolledBack(outcome);
      return outcome;
    })
    .catch((error: unknown): ChangeOutcome<T> => {
      if (error instanceof RolledBack) return error.outcome as ChangeOutcome<T>;
      throw error;
    });
}

class RolledBack extends Error {
  constructor(readonly outcome: ChangeOutcome<unknown>) {
    super('change refused');
  }
}

/**
 * The one conditional UPDATE: applies `set` only while UpdateDT is still the caller's and the status
 * one of `from`. Undefined when another change came first (the trigger moves UpdateDT on).
 */
export async function updateIfUnchanged(
  trx: Transaction<Database>,
  shipmentId: string,
  updateDt: string,
  from: readonly ShipmentStatus[],
  set: Updateable<ShipmentTable>,
): Promise<{ update_dt: Date; status: string } | undefined> {
  return trx
    .updateTable('shipments')
    .set(Object.keys(set).length > 0 ? set : { operator_remarks: sql`operator_remarks` })
    .where('shipment_id', '=', shipmentId)
    .where('update_dt', '=', new Date(updateDt))
    .where('status', 'in', [...from])
    .returning(['update_dt', 'status'])
    .executeTakeFirst();
}

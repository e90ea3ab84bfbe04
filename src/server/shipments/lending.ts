import type { Transaction } from 'kysely';
import { formatAwbNumber } from '../../domain/awb';
import { utcDateTime } from '../../domain/dateRange';
import { lendingCompanyProblem, LendingMessages, normaliseCompanyId, type LendableCompany, type LendingRequest } from '../../domain/lending';
import { SHIPMENT_STATUSES } from '../../domain/shipmentStatus';
import { formatMessage } from '../../domain/statusCodes';
import type { DecisionAnswer } from '../../domain/shipmentWire';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { writeActionLog, writeShipmentEvent } from './actionLog';
import type { DecisionCaller } from './decisions';
import { decisionAnswer, changeShipment, refusal, staleRefusal, updateIfUnchanged, type ChangeContext, type ChangeOutcome } from './decisionGuard';
import { accessOf, lentTo, ownsAwb, type CompanyScope } from './scope';
import { findShipment } from './shipmentRecord';

/**
 * Lending a shipment to another company and taking it back (CONTRACTS.md "Shipments"; issue 22, 10).
 *
 * Who: the airline that owns the air waybill (scope.ownsAwb), any of its users who hold the shipment
 * function (81: the awbapi routes ask for it) - admins and operators alike. The permission model
 * gives that function what weighs more than a lending: accepting a shipment (the airline takes the
 * cargo on) and Share AWB (the documents themselves go to any e-mail address); a lending shows the
 * borrower the summary row only, never the details or documents. A role or function of its own
 * would guard the smaller act harder than the larger ones.
 *
 * How: as every change of a shipment (decisionGuard.ts), in one transaction on the caller's
 * UpdateDT, refused while another user handles the shipment; the lending row, the moved UpdateDT,
 * the history line, the user-log line and the audit entry are kept or lost together. The borrower's
 * scope is announced by the database (0010: its company; 0012: the shipment), and the route answers
 * only once this process has applied that (ownChanges.ts): the borrower's next summary shows the row,
 * or no longer does.
 */

const AUDIT_ENTITY = 'shipment_lending';

interface Borrower {
  company_id: string;
  company_name: string;
  company_type_id: number;
  airline_prefixes: string[];
  stations: string[];
}

const scopeOfCompany = (company: Borrower): CompanyScope => ({
  companyId: company.company_id,
  companyTypeId: company.company_type_id,
  prefixes: company.airline_prefixes,
  stations: company.stations,
  ...lentTo([]),
});

async function findCompany(trx: Db | Transaction<Database>, companyId: string): Promise<Borrower | undefined> {
  return trx
    .selectFrom('companies')
    .select(['company_id', 'company_name', 'company_type_id', 'airline_prefixes', 'stations'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

const invalid = (message: string): ChangeOutcome<never> => ({ kind: 'invalid', message });
const named = (company: Pick<Borrower, 'company_id' | 'company_name'>) => `${company.company_name} (${company.company_id})`;

/** The checks both changes start with: the caller's company owns the AWB, and the borrower is a company of the portal other than the owner. */
async function borrowerOf(caller: DecisionCaller, { trx, shipment }: ChangeContext, companyId: string): Promise<Borrower | ChangeOutcome<never>> {
  if (!ownsAwb(caller.scope, shipment)) return refusal('notOwner', LendingMessages.notOwner);
  const problem = lendingCompanyProblem(companyId);
  if (problem) return invalid(problem);
  const id = normaliseCompanyId(companyId);
  if (id === caller.scope.companyId) return invalid(LendingMessages.ownCompany);
  return (await findCompany(trx, id)) ?? invalid(formatMessage(LendingMessages.unknownCompany, { company: id }));
}

const isOutcome = (value: Borrower | ChangeOutcome<never>): value is ChangeOutcome<never> => 'kind' in value;

/** The history line, the user-log line and the audit entry of a lending or a take-back, in the change's transaction. */
async function record(
  caller: DecisionCaller,
  { trx, shipment, shipmentId }: ChangeContext,
  /**
   * `text` names the borrower, for the owner's user log and the audit log; `history` does not, since
   * the shipment's history is shown to everyone who sees the shipment (its forwarder and handlers too),
   * while to whom it is lent is the owner's business only (the owner's detail lists its lendings).
   */
  change: { kind: 'LEND' | 'TAKE_BACK'; text: string; history: string; before: object | null; after: object | null },
) {
  const awb = { prefix: shipment.awb_prefix, suffix: shipment.awb_suffix };
  await writeShipmentEvent(trx, {
    shipmentId,
    kind: change.kind,
    description: change.history,
    companyId: caller.account.companyId,
    userId: caller.account.userId,
  });
  await writeActionLog(trx, caller.account, caller.ip, [
    {
      actType: change.kind === 'LEND' ? 'Lend' : 'TakeBack',
      docType: 'AWB',
      docName: `AWB ${formatAwbNumber(awb)}`,
      remarks: change.text,
      shipmentId,
      awbPrefix: awb.prefix,
      awbSuffix: awb.suffix,
    },
  ]);
  const borrower = ((change.after ?? change.before) as { CompanyId: string }).CompanyId;
  await trx
    .insertInto('audit_log')
    .values({
      company_id: caller.account.companyId,
      user_id: caller.account.userId,
      ip_address: caller.ip,
      entity: AUDIT_ENTITY,
      entity_key: `${shipmentId}|${borrower}`,
      action: change.kind === 'LEND' ? 'lend' : 'take-back',
      before_value: change.before === null ? null : JSON.stringify(change.before),
      after_value: change.after === null ? null : JSON.stringify(change.after),
    })
    .execute();
}

/** POST awbapi/awblend: the borrower sees the shipment's summary row from now on (its details stay refused). */
export async function lendShipment(caller: DecisionCaller, request: LendingRequest): Promise<ChangeOutcome<DecisionAnswer>> {
  return changeShipment(caller, request, async (context) => {
    const borrower = await borrowerOf(caller, context, request.CompanyId);
    if (isOutcome(borrower)) return borrower;
    const { trx, shipment, shipmentId } = context;
    if (accessOf(scopeOfCompany(borrower), shipment) === 'full')
      return refusal('borrowerOwns', formatMessage(LendingMessages.borrowerOwns, { company: named(borrower) }));
    const lent = await trx
      .insertInto('shipment_lendings')
      .values({ shipment_id: shipmentId, company_id: borrower.company_id, lent_by: caller.account.companyId, lent_by_user: caller.account.userId })
      .onConflict((oc) => oc.columns(['shipment_id', 'company_id']).doNothing())
      .returning('lent_at')
      .executeTakeFirst();
    if (!lent) return refusal('alreadyLent', formatMessage(LendingMessages.alreadyLent, { company: named(borrower) }));
    const updated = await updateIfUnchanged(trx, shipmentId, request.UpdateDT, SHIPMENT_STATUSES, {});
    if (!updated) return staleRefusal();
    await record(caller, context, {
      kind: 'LEND',
      text: `Lent to ${named(borrower)}: it sees the shipment in its summary, not its details`,
      history: 'Lent to another company: it sees the shipment in its summary, not its details',
      before: null,
      after: {
        ShipmentId: shipmentId,
        AWBNumber: formatAwbNumber({ prefix: shipment.awb_prefix, suffix: shipment.awb_suffix }),
        CompanyId: borrower.company_id,
        LentAt: lent.lent_at.toISOString(),
      },
    });
    return { kind: 'ok', data: decisionAnswer(shipmentId, updated) };
  });
}

/** POST awbapi/awbtakeback: the borrower no longer sees the shipment at all. */
export async function takeBackShipment(caller: DecisionCaller, request: LendingRequest): Promise<ChangeOutcome<DecisionAnswer>> {
  return changeShipment(caller, request, async (context) => {
    const borrower = await borrowerOf(caller, context, request.CompanyId);
    if (isOutcome(borrower)) return borrower;
    const { trx, shipment, shipmentId } = context;
    const removed = await trx
      .deleteFrom('shipment_lendings')
      .where('shipment_id', '=', shipmentId)
      .where('company_id', '=', borrower.company_id)
      .returningAll()
      .executeTakeFirst();
    if (!removed) return refusal('notLent', formatMessage(LendingMessages.notLent, { company: named(borrower) }));
    const updated = await updateIfUnchanged(trx, shipmentId, request.UpdateDT, SHIPMENT_STATUSES, {});
    if (!updated) return staleRefusal();
    const since = utcDateTime(removed.lent_at);
    await record(caller, context, {
      kind: 'TAKE_BACK',
      text: `Taken back from ${named(borrower)}, lent since ${since}${removed.lent_by_user ? ` by ${removed.lent_by_user}` : ''}`,
      history: `Taken back from the company it was lent to since ${since}`,
      before: {
        ShipmentId: shipmentId,
        AWBNumber: formatAwbNumber({ prefix: shipment.awb_prefix, suffix: shipment.awb_suffix }),
        CompanyId: borrower.company_id,
        LentAt: removed.lent_at.toISOString(),
        LentBy: removed.lent_by,
        LentByUser: removed.lent_by_user,
      },
      after: null,
    });
    return { kind: 'ok', data: decisionAnswer(shipmentId, updated) };
  });
}

/**
 * GET awbapi/util/lendcompanies/{shipmentId}: the companies the owner may lend the shipment to - every
 * company of the portal but its own, those it is lent to already, and those that see it as their own.
 */
export async function lendableCompanies(caller: DecisionCaller, shipmentId: string): Promise<ChangeOutcome<LendableCompany[]>> {
  const found = await findShipment(caller.db, caller.scope, { id: shipmentId });
  if (found.kind === 'notFound') return { kind: 'notFound' };
  if (found.access !== 'full') return { kind: 'access', access: found.access };
  if (!ownsAwb(caller.scope, found.shipment)) return refusal('notOwner', LendingMessages.notOwner);
  const [companies, lent] = await Promise.all([
    caller.db
      .selectFrom('companies')
      .select(['company_id', 'company_name', 'company_type_id', 'airline_prefixes', 'stations'])
      .orderBy('company_name')
      .orderBy('company_id')
      .execute(),
    caller.db.selectFrom('shipment_lendings').select('company_id').where('shipment_id', '=', shipmentId).execute(),
  ]);
  const lentTo = new Set(lent.map((row) => row.company_id));
  return {
    kind: 'ok',
    data: companies
      .filter(
        (company) =>
          company.company_id !== caller.scope.companyId && !lentTo.has(company.company_id) && accessOf(scopeOfCompany(company), found.shipment) !== 'full',
      )
      .map((company) => ({ CompanyId: company.company_id, CompanyName: company.company_name, CompanyTypeId: company.company_type_id })),
  };
}

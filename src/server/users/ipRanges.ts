import { formatMessage, StatusCode } from '../../domain/statusCodes';
import {
  IP_RANGE_MAX_PER_COMPANY,
  ipRangeDescriptionProblem,
  ipRangeProblem,
  IpRangeProblemMessages,
  isAddressAllowed,
  normaliseAddress,
  parseIpRange,
  type IpRangeProblem,
} from '../../domain/ipRange';
import type { Db } from '../db/database';
import { refusal, type Outcome } from './outcomes';
import { AuditEntity, recordAudit, type Actor } from './userAudit';
import type { IpRangeRecord } from './userSchemas';

/**
 * A company's address ranges (IP restriction), managed by its admins. Changes are serialised per
 * company (the company row is locked), audited, and refused when they would shut out the admin
 * making them.
 */

export type IpRangeOutcome = Outcome<IpRangeRecord, 'cidr' | 'description'>;

function problem(kind: IpRangeProblem, field?: 'cidr' | 'description', values: Record<string, string> = {}, httpStatus = 400): IpRangeOutcome {
  const status = kind === 'notFound' ? StatusCode.FAILURE : StatusCode.VALIDATION_FAIL;
  return refusal(httpStatus, status, formatMessage(IpRangeProblemMessages[kind], values), field);
}

export async function listCompanyRanges(db: Db, companyId: string): Promise<IpRangeRecord[]> {
  const rows = await db
    .selectFrom('company_ip_ranges')
    .select(['range_id', 'cidr', 'description', 'created_by', 'created_at'])
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .orderBy('range_id')
    .execute();
  return rows.map((row) => ({
    id: row.range_id,
    cidr: row.cidr,
    description: row.description,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
  }));
}

function lockout(actor: Actor, remaining: readonly string[]): IpRangeOutcome | undefined {
  if (isAddressAllowed(actor.address, remaining)) return undefined;
  return problem('selfLockout', 'cidr', { address: normaliseAddress(actor.address) ?? actor.address });
}

export async function addCompanyRange(db: Db, actor: Actor, input: { cidr: string; description?: string }): Promise<IpRangeOutcome> {
  const kind = ipRangeProblem(input.cidr);
  if (kind) return problem(kind, 'cidr');
  const range = parseIpRange(input.cidr)!;
  const description = (input.description ?? '').trim();
  if (ipRangeDescriptionProblem(description)) return problem('description', 'description');
  return db.transaction().execute(async (trx): Promise<IpRangeOutcome> => {
    await trx.selectFrom('companies').select('company_id').where('company_id', '=', actor.companyId).forUpdate().execute();
    // Compared in one notation: PostgreSQL's text of an IPv6 cidr need not be RFC 5952's.
    const existing = (await trx.selectFrom('company_ip_ranges').select('cidr').where('company_id', '=', actor.companyId).execute()).map(
      (row) => parseIpRange(row.cidr)?.cidr ?? row.cidr,
    );
    if (existing.includes(range.cidr)) return problem('duplicate', 'cidr');
    if (existing.length >= IP_RANGE_MAX_PER_COMPANY) return problem('tooMany', 'cidr');
    const refused = lockout(actor, [...existing, range.cidr]);
    if (refused) return refused;
    const row = await trx
      .insertInto('company_ip_ranges')
      .values({ company_id: actor.companyId, cidr: range.cidr, description, created_by: actor.userId })
      .returning(['range_id', 'cidr', 'description', 'created_by', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      entity: AuditEntity.IP_RANGE,
      entityKey: `${actor.companyId}|${row.cidr}`,
      action: 'ip-range-add',
      before: null,
      after: { cidr: row.cidr, description },
    });
    return {
      ok: true,
      record: { id: row.range_id, cidr: row.cidr, description: row.description, created_by: row.created_by, created_at: row.created_at.toISOString() },
    };
  });
}

export async function deleteCompanyRange(db: Db, actor: Actor, rangeId: string): Promise<IpRangeOutcome> {
  return db.transaction().execute(async (trx): Promise<IpRangeOutcome> => {
    await trx.selectFrom('companies').select('company_id').where('company_id', '=', actor.companyId).forUpdate().execute();
    const rows = await trx.selectFrom('company_ip_ranges').selectAll().where('company_id', '=', actor.companyId).execute();
    const target = rows.find((row) => row.range_id === rangeId);
    if (!target) return problem('notFound', undefined, {}, 404);
    const refused = lockout(
      actor,
      rows.filter((row) => row !== target).map((row) => row.cidr),
    );
    if (refused) return refused;
    await trx.deleteFrom('company_ip_ranges').where('range_id', '=', rangeId).where('company_id', '=', actor.companyId).execute();
    await recordAudit(trx, actor, {
      entity: AuditEntity.IP_RANGE,
      entityKey: `${actor.companyId}|${target.cidr}`,
      action: 'ip-range-delete',
      before: { cidr: target.cidr, description: target.description },
      after: null,
    });
    return {
      ok: true,
      record: {
        id: target.range_id,
        cidr: target.cidr,
        description: target.description,
        created_by: target.created_by,
        created_at: target.created_at.toISOString(),
      },
    };
  });
}

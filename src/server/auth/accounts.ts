import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';

/** The signed-in account as the API sees it: user, role and company in one read. */
export interface AccountProfile {
  companyId: string;
  userId: string;
  userName: string;
  email: string | null;
  roleId: string;
  roleType: number;
  roleName: string;
  companyTypeId: number;
  companyName: string;
  accessType: number;
  isImportForwarder: boolean;
  mfaRequired: boolean;
  isLocked: boolean;
  passwordHash: string;
  passwordChangedAt: Date;
  /** The company's address ranges (normalised CIDR); none means no restriction. Read with the account, so a call needs no second query. */
  ipRanges: string[];
}

/** Company ids are matched without regard to case (stored upper case); user ids likewise (stored lower case). */
export function normaliseAccount(companyId: string, userId: string): { companyId: string; userId: string } {
  return { companyId: companyId.trim().toUpperCase(), userId: userId.trim().toLowerCase() };
}

/** The company's address ranges (normalised CIDR, in order; none: no restriction), as a column of a query naming the company. */
export function companyRangesOf(companyId: RawBuilder<unknown>) {
  return sql<string[]>`array(select r2.cidr from company_ip_ranges r2 where r2.company_id = ${companyId} order by r2.cidr)`;
}

export async function findAccount(db: Db, companyId: string, userId: string): Promise<AccountProfile | undefined> {
  const key = normaliseAccount(companyId, userId);
  const row = await db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.company_id', 'u.company_id')
    .innerJoin('roles as r', 'r.role_id', 'u.role_id')
    .select([
      'u.company_id',
      'u.user_id',
      'u.user_name',
      'u.email',
      'u.role_id',
      'r.role_type',
      'r.role_name',
      'c.company_type_id',
      'c.company_name',
      'c.access_type',
      'c.is_import_forwarder',
      'u.mfa_required',
      'u.is_locked',
      'u.password_hash',
      'u.password_changed_at',
      companyRangesOf(sql.ref('u.company_id')).as('ip_ranges'),
    ])
    .where('u.company_id', '=', key.companyId)
    .where(sql`lower(u.user_id)`, '=', key.userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    companyId: row.company_id,
    userId: row.user_id,
    userName: row.user_name,
    email: row.email,
    roleId: row.role_id,
    roleType: row.role_type,
    roleName: row.role_name,
    companyTypeId: row.company_type_id,
    companyName: row.company_name,
    accessType: row.access_type,
    isImportForwarder: row.is_import_forwarder,
    mfaRequired: row.mfa_required,
    isLocked: row.is_locked,
    passwordHash: row.password_hash,
    passwordChangedAt: row.password_changed_at,
    ipRanges: row.ip_ranges,
  };
}

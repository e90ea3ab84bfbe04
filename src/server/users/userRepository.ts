import { sql, type Kysely } from 'kysely';
import type { Static } from 'typebox';
import { userRecordId, type UserRecord } from '../../domain/userProfile';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { containsPattern } from './listQuery';
import type { RoleRecordSchema } from './userSchemas';

/** Reads of the users resource: always within one company, never the password hash. */

type Queryable = Kysely<Database>;

export const USER_SORT_FIELDS = ['id', 'user_id', 'user_name', 'email', 'role_name', 'mfa_required', 'is_locked', 'created_at', 'updated_at'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

const SORT_COLUMN = {
  id: 'u.user_id',
  user_id: 'u.user_id',
  user_name: 'u.user_name',
  email: 'u.email',
  role_name: 'r.role_name',
  mfa_required: 'u.mfa_required',
  is_locked: 'u.is_locked',
  created_at: 'u.created_at',
  updated_at: 'u.updated_at',
} as const satisfies Record<UserSortField, string>;

function usersWithRoles(db: Queryable) {
  return db.selectFrom('users as u').innerJoin('roles as r', 'r.role_id', 'u.role_id');
}

const COLUMNS = [
  'u.company_id',
  'u.user_id',
  'u.user_name',
  'u.email',
  'u.role_id',
  'r.role_name',
  'r.role_type',
  'u.mfa_required',
  'u.is_locked',
  'u.created_at',
  'u.updated_at',
] as const;

type UserRow = Omit<UserRecord, 'id' | 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

function toRecord(row: UserRow): UserRecord {
  return { id: userRecordId(row.company_id, row.user_id), ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

export interface UserListOptions {
  search?: string;
  roleId?: string;
  sortField: UserSortField;
  descending: boolean;
  offset: number;
  limit: number;
}

/** One page of a company's users: search over id, name and e-mail; filter by role. */
export async function listCompanyUsers(db: Db, companyId: string, options: UserListOptions): Promise<{ rows: UserRecord[]; total: number }> {
  let query = usersWithRoles(db).where('u.company_id', '=', companyId);
  if (options.search) {
    const pattern = containsPattern(options.search.trim().toLowerCase());
    query = query.where((eb) =>
      eb.or([eb(sql`lower(u.user_id)`, 'like', pattern), eb(sql`lower(u.user_name)`, 'like', pattern), eb(sql`lower(coalesce(u.email, ''))`, 'like', pattern)]),
    );
  }
  if (options.roleId) query = query.where('u.role_id', '=', options.roleId);
  const [{ total }, rows] = await Promise.all([
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    query
      .select(COLUMNS)
      .orderBy(SORT_COLUMN[options.sortField], options.descending ? 'desc' : 'asc')
      .orderBy('u.user_id')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
  ]);
  return { rows: rows.map(toRecord), total: Number(total) };
}

/** A user of the company, the user id matched without regard to case. */
export async function findCompanyUser(db: Queryable, companyId: string, userId: string): Promise<UserRecord | undefined> {
  const row = await usersWithRoles(db)
    .select(COLUMNS)
    .where('u.company_id', '=', companyId)
    .where(sql`lower(u.user_id)`, '=', userId.toLowerCase())
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Whether another user (in any company) already has this e-mail address, compared without case. */
export async function emailTaken(db: Queryable, email: string, except?: { companyId: string; userId: string }): Promise<boolean> {
  let query = db.selectFrom('users').select('user_id').where(sql`lower(email)`, '=', email.toLowerCase());
  if (except) query = query.where((eb) => eb.not(eb.and([eb('company_id', '=', except.companyId), eb('user_id', '=', except.userId)])));
  return (await query.executeTakeFirst()) !== undefined;
}

export type RoleRecord = Static<typeof RoleRecordSchema>;

export async function listRoles(db: Queryable): Promise<RoleRecord[]> {
  const rows = await db.selectFrom('roles').select(['role_id', 'role_name', 'role_type']).orderBy('role_type').orderBy('role_name').execute();
  return rows.map((row) => ({ id: row.role_id, role_name: row.role_name, role_type: row.role_type }));
}

export async function roleExists(db: Queryable, roleId: string): Promise<boolean> {
  return (await db.selectFrom('roles').select('role_id').where('role_id', '=', roleId).executeTakeFirst()) !== undefined;
}

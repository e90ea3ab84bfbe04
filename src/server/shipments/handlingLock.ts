import { sql } from 'kysely';
import type { Db } from '../db/database';
import { holdsHandlingLock } from '../../domain/access';
import type { HandlingState } from '../../domain/shipmentWire';
import type { AccountProfile } from '../auth/accounts';

/**
 * The shipment handling lock (spec 4, CONTRACTS.md): opening a detail takes it for role 3 in
 * company types 1 or 3; it is renewed by the browser every minute, lapses after the configured
 * minutes without renewal, and is released by deletehandling. Taking it is one statement, so two
 * users opening the same shipment at once cannot both hold it.
 */

export interface HolderRow {
  company_id: string;
  user_id: string;
  user_name: string;
  taken_at: Date;
}

const lapsed = (minutes: number) => sql<boolean>`shipment_handling.renewed_at < now() - make_interval(mins => ${minutes})`;

export function stateFor(account: AccountProfile, holder: HolderRow | undefined): HandlingState {
  if (!holder || (holder.company_id === account.companyId && holder.user_id === account.userId)) return { HeldByMe: true, HeldBy: null };
  return {
    HeldByMe: false,
    HeldBy: { UserId: holder.user_id, UserName: holder.user_name, CompanyId: holder.company_id, Since: holder.taken_at.toISOString() },
  };
}

/** The live holder of the lock, if any (a lapsed lock holds nothing). */
export async function liveHolder(db: Db, shipmentId: string, lapseMinutes: number): Promise<HolderRow | undefined> {
  return db
    .selectFrom('shipment_handling')
    .select(['company_id', 'user_id', 'user_name', 'taken_at'])
    .where('shipment_id', '=', shipmentId)
    .where(sql<boolean>`renewed_at >= now() - make_interval(mins => ${lapseMinutes})`)
    .executeTakeFirst();
}

/** The holder when it is someone else than this user; decisions are refused then. */
export async function heldByAnother(db: Db, shipmentId: string, account: AccountProfile, lapseMinutes: number): Promise<HandlingState['HeldBy']> {
  return stateFor(account, await liveHolder(db, shipmentId, lapseMinutes)).HeldBy;
}

/** Takes (or renews) the lock for a lock-holding user; for others only reports who holds it. */
export async function takeHandling(db: Db, shipmentId: string, account: AccountProfile, lapseMinutes: number): Promise<HandlingState> {
  if (!holdsHandlingLock(account.companyTypeId, [account.roleType])) return stateFor(account, await liveHolder(db, shipmentId, lapseMinutes));
  const taken = await db
    .insertInto('shipment_handling')
    .values({ shipment_id: shipmentId, company_id: account.companyId, user_id: account.userId, user_name: account.userName })
    .onConflict((oc) =>
      oc
        .column('shipment_id')
        .doUpdateSet({
          company_id: (eb) => eb.ref('excluded.company_id'),
          user_id: (eb) => eb.ref('excluded.user_id'),
          user_name: (eb) => eb.ref('excluded.user_name'),
          taken_at: sql`CASE WHEN shipment_handling.company_id = excluded.company_id AND shipment_handling.user_id = excluded.user_id AND NOT ${lapsed(lapseMinutes)} THEN shipment_handling.taken_at ELSE now() END`,
          renewed_at: sql`now()`,
        })
        .where((eb) =>
          eb.or([
            lapsed(lapseMinutes),
            eb.and([eb('shipment_handling.company_id', '=', account.companyId), eb('shipment_handling.user_id', '=', account.userId)]),
          ]),
        ),
    )
    .returning(['company_id', 'user_id', 'user_name', 'taken_at'])
    .executeTakeFirst();
  return stateFor(account, taken ?? (await liveHolder(db, shipmentId, lapseMinutes)));
}

/** Releases this user's lock on the shipment; another user's lock is left alone. */
export async function releaseHandling(db: Db, shipmentId: string, account: AccountProfile): Promise<boolean> {
  const result = await db
    .deleteFrom('shipment_handling')
    .where('shipment_id', '=', shipmentId)
    .where('company_id', '=', account.companyId)
    .where('user_id', '=', account.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

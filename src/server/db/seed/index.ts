import { sql } from 'kysely';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../database';
import { seedShipments } from './shipmentSeed';
import { seedRuleLists } from './ruleLists';
import { seedSanctionSources } from './sanctionSources';
import { seedBulletins } from './bulletins';
import { syncPermissionRegistry } from '../permissionRegistry';
import { demoCompanies, demoRoleFunctions, demoRoles, demoUsers } from './world';

/** Seeds the demo world; safe to run on every start (existing rows are kept as they are). */
/**
 * `sanctionEntries`: how many entries of the OFAC SDN snapshot the demo OFAC_SDN source gets; a small
 * world (200) unless told, so that test schemas seed quickly; the app passes SEED_SANCTION_ENTRIES (all by default).
 * `now`: the moment the world is seeded (the clock unless told), which its dates are relative to:
 * a world seeded once keeps its dates; the same `now` always gives the same world.
 */
export async function seedDemoWorld(
  db: Db,
  options: { shipments: number; now?: Date; sanctionEntries?: number; autoAcceptDelaySeconds?: number },
): Promise<{ shipmentsAdded: number }> {
  const now = options.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('companies')
      .values(demoCompanies)
      .onConflict((oc) => oc.column('company_id').doNothing())
      .execute();
    await trx
      .insertInto('roles')
      .values(demoRoles)
      .onConflict((oc) => oc.column('role_id').doNothing())
      .execute();
    // Functions and menus are the code's (also synced on every start, seed or not); the demo roles' grants are the demo's.
    await syncPermissionRegistry(trx);
    await trx
      .insertInto('role_functions')
      .values(demoRoleFunctions)
      .onConflict((oc) => oc.columns(['role_id', 'function_id']).doNothing())
      .execute();
  });

  const existingUsers = await db.selectFrom('users').select(['company_id', 'user_id']).execute();
  const known = new Set(existingUsers.map((user) => `${user.company_id}|${user.user_id}`));
  for (const { password, ...user } of demoUsers) {
    if (known.has(`${user.company_id}|${user.user_id}`)) continue;
    await db
      .insertInto('users')
      .values({ ...user, password_hash: await hashPassword(password), password_changed_at: new Date(), updated_at: new Date() })
      .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
      .execute();
  }

  // The lists first: the shipments are screened and evaluated against them as they come in.
  await seedRuleLists(db);
  await seedSanctionSources(db, { sdnEntries: options.sanctionEntries ?? 200 });
  const { count } = await db.selectFrom('shipments').select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
  let shipmentsAdded = 0;
  if (Number(count) < options.shipments) {
    shipmentsAdded = await seedShipments(db, { count: options.shipments, now, autoAcceptDelaySeconds: options.autoAcceptDelaySeconds ?? 120 });
    await lendDemoShipments(db);
  }
  await seedBulletins(db, now);
  return { shipmentsAdded };
}

/** SKYAIR lends some of its shipments to DEMOAIR: DEMOAIR sees them in the summary, not their details. */
async function lendDemoShipments(db: Db): Promise<void> {
  const lent = await db.selectFrom('shipments').select('shipment_id').where('awb_prefix', '=', '618').orderBy('shipment_id').limit(20).execute();
  if (lent.length === 0) return;
  await db
    .insertInto('shipment_lendings')
    .values(lent.map(({ shipment_id }) => ({ shipment_id, company_id: 'DEMOAIR', lent_by: 'SKYAIR' })))
    .onConflict((oc) => oc.columns(['shipment_id', 'company_id']).doNothing())
    .execute();
}

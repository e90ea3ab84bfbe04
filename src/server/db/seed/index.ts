import { sql } from 'kysely';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../database';
import { generateShipment } from './shipments';
import { demoCompanies, demoFunctions, demoMenus, demoRoleFunctions, demoRoles, demoUsers, type DemoMenu } from './world';

/** Seeds the demo world; safe to run on every start (existing rows are kept as they are). */
export async function seedDemoWorld(db: Db, options: { shipments: number; today?: Date }): Promise<{ shipmentsAdded: number }> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('companies').values(demoCompanies).onConflict((oc) => oc.column('company_id').doNothing()).execute();
    await trx.insertInto('roles').values(demoRoles).onConflict((oc) => oc.column('role_id').doNothing()).execute();
    await trx.insertInto('functions').values(demoFunctions).onConflict((oc) => oc.column('function_id').doNothing()).execute();
    await trx.insertInto('role_functions').values(demoRoleFunctions).onConflict((oc) => oc.columns(['role_id', 'function_id']).doNothing()).execute();

    const insertMenu = async (menu: DemoMenu, parentId: number | null) => {
      const { children, ...row } = menu;
      const inserted = await trx
        .insertInto('menus')
        .values({ ...row, parent_id: parentId })
        .onConflict((oc) => oc.columns(['site_type', 'text', 'url']).doUpdateSet({ sort_order: row.sort_order }))
        .returning('menu_id')
        .executeTakeFirstOrThrow();
      for (const child of children ?? []) await insertMenu(child, inserted.menu_id);
    };
    for (const menu of demoMenus) await insertMenu(menu, null);
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

  const { count } = await db.selectFrom('shipments').select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
  let shipmentsAdded = 0;
  if (Number(count) < options.shipments) {
    const today = options.today ?? new Date();
    for (let start = 0; start < options.shipments; start += 500) {
      const batch = [];
      for (let index = start; index < Math.min(options.shipments, start + 500); index++) batch.push(generateShipment(index, today));
      const result = await db.insertInto('shipments').values(batch).onConflict((oc) => oc.columns(['awb_prefix', 'awb_suffix']).doNothing()).executeTakeFirst();
      shipmentsAdded += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    await lendDemoShipments(db);
  }
  return { shipmentsAdded };
}

/** SKYAIR lends some of its shipments to DEMOAIR: DEMOAIR sees them in the summary, not their details. */
async function lendDemoShipments(db: Db): Promise<void> {
  const lent = await db
    .selectFrom('shipments')
    .select('shipment_id')
    .where('awb_prefix', '=', '618')
    .orderBy('shipment_id')
    .limit(20)
    .execute();
  if (lent.length === 0) return;
  await db
    .insertInto('shipment_lendings')
    .values(lent.map(({ shipment_id }) => ({ shipment_id, company_id: 'DEMOAIR', lent_by: 'SKYAIR' })))
    .onConflict((oc) => oc.columns(['shipment_id', 'company_id']).doNothing())
    .execute();
}

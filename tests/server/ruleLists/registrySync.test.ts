import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleListPlugins } from '../../../plugins';
import { definePlugin } from '../../../plugins/types';
import { FunctionId, RoleType, SiteType } from '../../../src/domain/access';
import { migrateToLatest, type Db } from '../../../src/server/db/database';
import { registryFunctions, syncPermissionRegistry } from '../../../src/server/db/permissionRegistry';
import { createTestDatabase } from '../testApp';

/**
 * The start-up sync of the registries' functions and menus on a database that was never seeded
 * (SEED=false): what the code defines becomes data, a new rule list is granted to the Admin role
 * type, and a second start changes nothing.
 */

const newList = definePlugin({
  name: 'embargoedports',
  route: 'embargoedports',
  functionId: 960,
  functionIdInPath: false,
  label: 'Embargoed Ports',
  fields: [{ source: 'airportCode', label: 'Airport Code', type: 'text', format: 'airportCode', required: true }],
  defaultSort: { field: 'airportCode', order: 'ASC' },
  uniqueKey: ['airportCode'],
  actions: ['add', 'delete'],
  importColumns: ['airportCode'],
  exportColumns: ['airportCode'],
  help: 'Airports no shipment may go to.',
});

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await migrateToLatest(db);
});
afterAll(() => drop());

const functionIds = async () => (await db.selectFrom('functions').select('function_id').orderBy('function_id').execute()).map((row) => row.function_id);
const grants = async () =>
  (await db.selectFrom('role_functions').select(['role_id', 'function_id']).orderBy('role_id').orderBy('function_id').execute()).map(
    (row) => `${row.role_id}:${row.function_id}`,
  );
const menus = () => db.selectFrom('menus').selectAll().orderBy('menu_id').execute();

describe('the registry sync without the demo seed', () => {
  it('writes every function and menu entry of the code, granting nothing while there is no role', async () => {
    const first = await syncPermissionRegistry(db);
    expect(first.functionsAdded).toEqual(
      registryFunctions()
        .map((fn) => fn.function_id)
        .sort((a, b) => a - b),
    );
    expect(first.grantsAdded).toBe(0);
    expect(await functionIds()).toEqual([
      FunctionId.SHIPMENT,
      FunctionId.USER_LOG,
      FunctionId.USER_MANAGEMENT,
      FunctionId.SHIPMENT_MESSAGES,
      FunctionId.SANCTION_REVIEW,
      FunctionId.OUTBOUND_MESSAGES,
      FunctionId.SANCTION_SOURCES,
      ...ruleListPlugins.map((plugin) => plugin.functionId),
    ]);
    const rows = await menus();
    const administration = rows.find((row) => row.text === 'Administration' && row.site_type === SiteType.CLASSIC)!;
    // The rule lists in registry order, the Sanction Sources right after the Sanction List.
    expect(rows.filter((row) => row.parent_id === administration.menu_id).map((row) => row.function_id)).toEqual(
      ruleListPlugins.flatMap((plugin) => (plugin.name === 'sanctionlist' ? [plugin.functionId, FunctionId.SANCTION_SOURCES] : [plugin.functionId])),
    );
    expect(rows.find((row) => row.url === 'countryrules/115')).toMatchObject({ parent_id: administration.menu_id, function_id: 115 });
    expect(await grants()).toEqual([]);
  });

  it('grants a list added to the registry to the roles of the Admin type only, once', async () => {
    await db
      .insertInto('roles')
      .values([
        { role_id: 'SUPERVISOR', role_type: RoleType.ADMIN, role_name: 'Supervisor' },
        { role_id: 'CLERK', role_type: RoleType.OPERATOR, role_name: 'Clerk' },
      ])
      .execute();
    const menusBefore = (await menus()).length;
    const second = await syncPermissionRegistry(db, [...ruleListPlugins, newList]);
    expect(second).toEqual({ functionsAdded: [960], grantsAdded: 1, menuEntries: menusBefore + 1 });
    expect(await grants()).toEqual(['SUPERVISOR:960']);
    expect((await menus()).find((row) => row.url === 'embargoedports')).toMatchObject({
      text: 'Embargoed Ports',
      function_id: 960,
      site_type: SiteType.CLASSIC,
      // After every list of the registry and the Sanction Sources.
      sort_order: ruleListPlugins.length + 1,
    });

    // Idempotent: the same start again adds, grants and duplicates nothing.
    expect(await syncPermissionRegistry(db, [...ruleListPlugins, newList])).toEqual({ functionsAdded: [], grantsAdded: 0, menuEntries: menusBefore + 1 });
    expect((await menus()).length).toBe(menusBefore + 1);
    expect(await grants()).toEqual(['SUPERVISOR:960']);
  });

  it('leaves a withdrawn grant withdrawn, and brings a renamed list up to date', async () => {
    await db.deleteFrom('role_functions').where('role_id', '=', 'SUPERVISOR').where('function_id', '=', 960).execute();
    const renamed = definePlugin({ ...newList, label: 'Embargoed Airports' });
    await syncPermissionRegistry(db, [...ruleListPlugins, renamed]);
    expect(await grants()).toEqual([]);
    expect(await db.selectFrom('functions').select('function_name').where('function_id', '=', 960).executeTakeFirstOrThrow()).toEqual({
      function_name: 'Embargoed Airports',
    });
    // Its menu entry follows: one entry, the new text.
    expect((await menus()).filter((row) => row.function_id === 960).map((row) => row.text)).toEqual(['Embargoed Airports']);
  });

  it('runs safely from several starting instances at once', async () => {
    const another = definePlugin({ ...newList, name: 'embargoedcountries', route: 'embargoedcountries', functionId: 961, label: 'Embargoed Countries' });
    const results = await Promise.all([1, 2, 3].map(() => syncPermissionRegistry(db, [...ruleListPlugins, newList, another])));
    expect(results.flatMap((result) => result.functionsAdded)).toEqual([961]);
    expect(await grants()).toEqual(['SUPERVISOR:961']);
  });
});

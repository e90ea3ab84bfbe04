import type { Kysely } from 'kysely';
import { ruleListPlugins } from '../../../plugins';
import { pluginPath } from '../../../plugins/lookup';
import type { RuleListPlugin } from '../../../plugins/types';
import { FunctionId, MenuCategory, RoleType, SiteType } from '../../domain/access';
import type { Database } from './schema';

/**
 * The functions and menu entries the code defines (the three pages of spec 6 and one per rule-list
 * plugin), brought into the database on every start, right after the migrations and whether or not
 * the demo world is seeded (CONTRACTS.md "Permissions": they are data, seeded from the registries).
 * A function new to the database is granted to the roles of the Admin role type; after that, who
 * holds it is the data's business: a grant an operator of the portal withdrew stays withdrawn.
 */

export interface FunctionDefinition {
  function_id: number;
  function_name: string;
  route: string;
}

/** Menu entries with site_type 2 are the new site, 1 the classic site (spec 2). */
export interface MenuDefinition {
  category: number;
  site_type: number;
  text: string;
  url: string;
  function_id: number | null;
  sort_order: number;
  children?: readonly MenuDefinition[];
}

const pageFunctions: readonly FunctionDefinition[] = [
  { function_id: FunctionId.SHIPMENT, function_name: 'Shipment', route: 'shipment' },
  { function_id: FunctionId.USER_LOG, function_name: 'User Log', route: 'shipmentLog' },
  { function_id: FunctionId.USER_MANAGEMENT, function_name: 'User Management', route: 'userManagement' },
  { function_id: FunctionId.SHIPMENT_MESSAGES, function_name: 'Shipment Messages', route: 'shipmentmessages' },
  { function_id: FunctionId.SANCTION_REVIEW, function_name: 'Sanction Check', route: 'sanctioncheck' },
  { function_id: FunctionId.OUTBOUND_MESSAGES, function_name: 'Outbound Messages', route: 'outboundmessages' },
  { function_id: FunctionId.SANCTION_SOURCES, function_name: 'Sanction Sources', route: 'sanctionsources' },
];

export function registryFunctions(plugins: readonly RuleListPlugin[] = ruleListPlugins): FunctionDefinition[] {
  return [...pageFunctions, ...plugins.map((plugin) => ({ function_id: plugin.functionId, function_name: plugin.label, route: plugin.route }))];
}

/** The Administration group's entries: the rule lists in registry order, the Sanction Sources beside the Sanction List. */
function administrationEntries(plugins: readonly RuleListPlugin[]): { text: string; url: string; function_id: number }[] {
  const entries = plugins.map((plugin) => ({ text: plugin.label, url: pluginPath(plugin), function_id: plugin.functionId }));
  const sanctionList = plugins.findIndex((plugin) => plugin.name === 'sanctionlist');
  entries.splice(sanctionList + 1, 0, { text: 'Sanction Sources', url: 'sanctionsources', function_id: FunctionId.SANCTION_SOURCES });
  return entries;
}

/** The menu of both sites; the rule lists sit in the classic site's Administration group, in registry order. */
export function registryMenus(plugins: readonly RuleListPlugin[] = ruleListPlugins): MenuDefinition[] {
  return [
    { category: MenuCategory.DOCUMENT, site_type: SiteType.NEW, text: 'Documents', url: 'shipment', function_id: FunctionId.SHIPMENT, sort_order: 10 },
    {
      category: MenuCategory.USER_MGT,
      site_type: SiteType.NEW,
      text: 'User Management',
      url: 'userManagement',
      function_id: FunctionId.USER_MANAGEMENT,
      sort_order: 20,
    },
    { category: MenuCategory.SHIPMENT_LOG, site_type: SiteType.NEW, text: 'User Log', url: 'shipmentLog', function_id: FunctionId.USER_LOG, sort_order: 30 },
    {
      category: MenuCategory.DEFAULT,
      site_type: SiteType.NEW,
      text: 'Sanction Check',
      url: 'sanctioncheck',
      function_id: FunctionId.SANCTION_REVIEW,
      sort_order: 32,
    },
    {
      category: MenuCategory.DEFAULT,
      site_type: SiteType.NEW,
      text: 'Outbound Messages',
      url: 'outboundmessages',
      function_id: FunctionId.OUTBOUND_MESSAGES,
      sort_order: 34,
    },
    {
      category: MenuCategory.DEFAULT,
      site_type: SiteType.NEW,
      text: 'Shipment Messages',
      url: 'shipmentmessages',
      function_id: FunctionId.SHIPMENT_MESSAGES,
      sort_order: 36,
    },
    {
      category: MenuCategory.DEFAULT,
      site_type: SiteType.CLASSIC,
      text: 'Administration',
      url: '',
      function_id: null,
      sort_order: 40,
      children: administrationEntries(plugins).map((entry, index) => ({
        category: MenuCategory.DEFAULT,
        site_type: SiteType.CLASSIC,
        ...entry,
        sort_order: index,
      })),
    },
    { category: MenuCategory.ABOUT_GLS, site_type: SiteType.NEW, text: 'About', url: 'about', function_id: null, sort_order: 50 },
    { category: MenuCategory.HELP, site_type: SiteType.NEW, text: 'Help', url: 'help', function_id: null, sort_order: 60 },
  ];
}

export interface RegistrySyncResult {
  /** Function ids the database did not hold before. */
  functionsAdded: number[];
  /** Role grants made for them. */
  grantsAdded: number;
  /** Menu entries written (inserted or brought up to date). */
  menuEntries: number;
}

async function syncInTransaction(trx: Kysely<Database>, plugins: readonly RuleListPlugin[]): Promise<RegistrySyncResult> {
  const functions = registryFunctions(plugins);
  // Only the instance whose insert created a row sees it returned, so concurrent starts grant once.
  const added = await trx
    .insertInto('functions')
    .values(functions)
    .onConflict((oc) => oc.column('function_id').doNothing())
    .returning('function_id')
    .execute();
  for (const fn of functions) {
    await trx
      .updateTable('functions')
      .set({ function_name: fn.function_name, route: fn.route })
      .where('function_id', '=', fn.function_id)
      .where((eb) => eb.or([eb('function_name', '<>', fn.function_name), eb('route', '<>', fn.route)]))
      .execute();
  }

  const functionsAdded = added.map((row) => row.function_id).sort((a, b) => a - b);
  let grantsAdded = 0;
  if (functionsAdded.length > 0) {
    const admins = await trx.selectFrom('roles').select('role_id').where('role_type', '=', RoleType.ADMIN).execute();
    const grants = admins.flatMap(({ role_id }) => functionsAdded.map((function_id) => ({ role_id, function_id })));
    if (grants.length > 0) {
      const result = await trx
        .insertInto('role_functions')
        .values(grants)
        .onConflict((oc) => oc.columns(['role_id', 'function_id']).doNothing())
        .executeTakeFirst();
      grantsAdded = Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }

  let menuEntries = 0;
  const writeMenu = async (menu: MenuDefinition, parentId: number | null): Promise<void> => {
    const { children, ...row } = menu;
    const written = await trx
      .insertInto('menus')
      .values({ ...row, parent_id: parentId })
      .onConflict((oc) =>
        oc
          .columns(['site_type', 'text', 'url'])
          .doUpdateSet({ parent_id: parentId, category: row.category, function_id: row.function_id, sort_order: row.sort_order }),
      )
      .returning('menu_id')
      .executeTakeFirstOrThrow();
    // A function has one entry per site: the one of an older text or path (a renamed list) goes.
    if (row.function_id !== null) {
      await trx
        .deleteFrom('menus')
        .where('site_type', '=', row.site_type)
        .where('function_id', '=', row.function_id)
        .where('menu_id', '<>', written.menu_id)
        .execute();
    }
    menuEntries += 1;
    for (const child of children ?? []) await writeMenu(child, written.menu_id);
  };
  for (const menu of registryMenus(plugins)) await writeMenu(menu, null);
  return { functionsAdded, grantsAdded, menuEntries };
}

/** Idempotent: a second run adds and grants nothing. Runs in the caller's transaction when given one. */
export async function syncPermissionRegistry(db: Kysely<Database>, plugins: readonly RuleListPlugin[] = ruleListPlugins): Promise<RegistrySyncResult> {
  if (db.isTransaction) return syncInTransaction(db, plugins);
  return db.transaction().execute((trx) => syncInTransaction(trx, plugins));
}

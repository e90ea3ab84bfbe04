import { APP_ID, SiteType } from '../../domain/access';
import type { MenuEntry, PermissionResponse } from '../../domain/permissions';
import type { AccountProfile } from '../auth/accounts';
import type { Db } from '../db/database';

/** The functions a role holds, from the database (roles map to function lists; nothing is in code). */
export async function functionsOfRole(db: Db, roleId: string): Promise<number[]> {
  const rows = await db.selectFrom('role_functions').select('function_id').where('role_id', '=', roleId).orderBy('function_id').execute();
  return rows.map((row) => row.function_id);
}

/** The permission answer of spec 3; `classic` selects the classic site's menu (site_type 1). */
export async function permissionFor(db: Db, account: AccountProfile, classic: boolean): Promise<PermissionResponse> {
  const functions = await functionsOfRole(db, account.roleId);
  const held = new Set(functions);
  const rows = await db
    .selectFrom('menus')
    .selectAll()
    .where('site_type', '=', classic ? SiteType.CLASSIC : SiteType.NEW)
    .orderBy('sort_order')
    .orderBy('menu_id')
    .execute();
  const visible = rows.filter((row) => row.function_id === null || held.has(row.function_id));
  const build = (parentId: number | null): MenuEntry[] =>
    visible
      .filter((row) => row.parent_id === parentId)
      .map((row) => ({ function_id: row.function_id, site_type: row.site_type, category: row.category, text: row.text, url: row.url, items: build(row.menu_id) }))
      // A group whose every entry is withheld is not shown either.
      .filter((entry) => entry.url !== '' || entry.items.length > 0);
  return {
    app_id: APP_ID,
    access_type: account.accessType,
    user_id: account.userId,
    company_id: account.companyId,
    company_type_id: account.companyTypeId,
    company_name: account.companyName,
    menu: build(null),
    role_type_list: [account.roleType],
    functions,
    is_import_forwarder: account.isImportForwarder,
  };
}

import { APP_ID, SiteType } from '../../domain/access';
import type { MenuEntry, PermissionResponse } from '../../domain/permissions';
import type { AccountProfile } from '../auth/accounts';
import type { AccessCache } from '../auth/accessCache';

/**
 * The permission answer of spec 3; `classic` selects the classic site's menu (site_type 1). The
 * role's functions and the menus are data in the database (nothing is in code), read through the
 * access cache.
 */
export async function permissionFor(access: AccessCache, account: AccountProfile, classic: boolean): Promise<PermissionResponse> {
  const [functions, rows] = await Promise.all([access.functionsOfRole(account.roleId), access.menus(classic ? SiteType.CLASSIC : SiteType.NEW)]);
  const held = new Set(functions);
  const visible = rows.filter((row) => row.function_id === null || held.has(row.function_id));
  const build = (parentId: number | null): MenuEntry[] =>
    visible
      .filter((row) => row.parent_id === parentId)
      .map((row) => ({
        function_id: row.function_id,
        site_type: row.site_type,
        category: row.category,
        text: row.text,
        url: row.url,
        items: build(row.menu_id),
      }))
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

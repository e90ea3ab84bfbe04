import { Type, type Static } from 'typebox';
import { APP_ID, SiteType } from '../../domain/access';
import type { MenuEntry, PermissionResponse } from '../../domain/permissions';
import type { AccountProfile } from '../auth/accounts';
import type { AccessCache } from '../auth/accessCache';
import type { Holds, Same } from '../http/answerSchemas';

/** A menu entry (the domain's MenuEntry): a page (url) or a group of entries (items), nested. */
const MenuEntrySchema = Type.Cyclic(
  {
    MenuEntry: Type.Object({
      function_id: Type.Union([Type.Integer(), Type.Null()]),
      site_type: Type.Integer(),
      category: Type.Integer(),
      text: Type.String(),
      url: Type.String(),
      items: Type.Array(Type.Ref('MenuEntry')),
    }),
  },
  'MenuEntry',
);

/** The permission answer of spec 3 (the domain's PermissionResponse, which the browser reads). */
export const PermissionSchema = Type.Object({
  app_id: Type.Integer(),
  access_type: Type.Integer(),
  user_id: Type.String(),
  company_id: Type.String(),
  company_type_id: Type.Integer(),
  company_name: Type.String(),
  menu: Type.Array(MenuEntrySchema),
  role_type_list: Type.Array(Type.Integer()),
  functions: Type.Array(Type.Integer()),
  is_import_forwarder: Type.Boolean(),
});

/** The schemas are the domain's types, field for field (checked by the compiler). */
export type PermissionSchemaIsPermissionResponse = Holds<Same<Static<typeof PermissionSchema>, PermissionResponse>>;
export type MenuEntrySchemaIsMenuEntry = Holds<Same<Static<typeof MenuEntrySchema>, MenuEntry>>;

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

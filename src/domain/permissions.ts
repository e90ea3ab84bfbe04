/** The permission answer (spec 3) and the one rule that reads it: a page is allowed when its function is held. */

export interface MenuEntry {
  function_id: number | null;
  site_type: number;
  category: number;
  text: string;
  url: string;
  items: MenuEntry[];
}

export interface PermissionResponse {
  app_id: number;
  access_type: number;
  user_id: string;
  company_id: string;
  company_type_id: number;
  company_name: string;
  menu: MenuEntry[];
  role_type_list: number[];
  functions: number[];
  is_import_forwarder: boolean;
}

function menuHolds(entries: readonly MenuEntry[], functionId: number): boolean {
  return entries.some((entry) => entry.function_id === functionId || menuHolds(entry.items, functionId));
}

/** Pages with no function id are allowed to any signed-in user (spec 6). */
export function canAccessFunction(permission: Pick<PermissionResponse, 'menu' | 'functions'>, functionId: number | null | undefined): boolean {
  if (functionId === null || functionId === undefined) return true;
  return permission.functions.includes(functionId) || menuHolds(permission.menu, functionId);
}

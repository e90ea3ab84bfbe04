import { MenuCategory, SiteType } from '../../../domain/access';
import type { MenuEntry } from '../../../domain/permissions';

/**
 * The side menu built from the permission answer kept in the session store (spec 2, 3):
 * site_type 2 entries are pages of this app; site_type 1 entries are the classic admin pages,
 * gathered under "Administration". A url that is absolute stays an external link.
 */

export type MenuTarget = { kind: 'route'; path: string } | { kind: 'external'; href: string };

export interface MenuLink {
  key: string;
  label: string;
  category: number;
  functionId: number | null;
  target: MenuTarget;
}

export interface MenuModel {
  main: MenuLink[];
  administration: MenuLink[];
}

/** Icon names per category (spec 2: DEFAULT 0, DOCUMENT 1, ABOUT_GLS 2, HELP 3, USER_MGT 4, SHIPMENT_LOG 5). */
export const CATEGORY_ICON: Record<number, 'default' | 'document' | 'about' | 'help' | 'users' | 'log'> = {
  [MenuCategory.DEFAULT]: 'default',
  [MenuCategory.DOCUMENT]: 'document',
  [MenuCategory.ABOUT_GLS]: 'about',
  [MenuCategory.HELP]: 'help',
  [MenuCategory.USER_MGT]: 'users',
  [MenuCategory.SHIPMENT_LOG]: 'log',
};

/** 'shipment', '/shipment', '/ez4/en/shipment' -> 'shipment'; http(s) URLs stay external. */
export function menuTarget(url: string): MenuTarget | undefined {
  const trimmed = url.trim();
  if (trimmed === '') return undefined;
  if (/^https?:\/\//i.test(trimmed)) return { kind: 'external', href: trimmed };
  const path = trimmed
    .replace(/^\/+/, '')
    .replace(/^ez4\//, '')
    .replace(/^[a-z]{2}\//, '');
  return path === '' ? undefined : { kind: 'route', path };
}

/** Group entries (no url) give way to their items, so a group's pages sit in the menu directly. */
function flatten(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => (menuTarget(entry.url) ? [entry, ...flatten(entry.items)] : flatten(entry.items)));
}

function toLink(entry: MenuEntry): MenuLink {
  const target = menuTarget(entry.url) as MenuTarget;
  return {
    key: target.kind === 'route' ? target.path : target.href,
    label: entry.text,
    category: entry.category,
    functionId: entry.function_id,
    target,
  };
}

export function buildMenu(menuList: readonly MenuEntry[], classicMenuList: readonly MenuEntry[] = []): MenuModel {
  const seen = new Set<string>();
  const unique = (link: MenuLink) => {
    if (seen.has(link.key)) return false;
    seen.add(link.key);
    return true;
  };
  const all = [...flatten(menuList), ...flatten(classicMenuList)];
  const main = all
    .filter((entry) => entry.site_type !== SiteType.CLASSIC)
    .map(toLink)
    .filter(unique);
  const administration = all
    .filter((entry) => entry.site_type === SiteType.CLASSIC)
    .map(toLink)
    .filter(unique);
  return { main, administration };
}

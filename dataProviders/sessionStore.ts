/**
 * The session store of spec 3: one sessionStorage entry holding base64-encoded JSON (UTF-8, so
 * company names in any script survive). It lives per tab; the token cookies are shared by tabs, and
 * `checkAuth` rebuilds the store from the permission call in a tab that has none.
 */

import type { MenuEntry, PermissionResponse } from '../src/domain/permissions';

export interface SessionState {
  menuList: MenuEntry[];
  classicMenuList: MenuEntry[];
  appId: number;
  accessType: number;
  userId: string;
  companyId: string;
  companyTypeId: number;
  companyName: string;
  roleList: number[];
  functionList: number[];
  isImportForwarder: boolean;
  /** Shipment ids are bigints on the server, kept as decimal strings here. */
  previousShipmentId: string | null;
  currentShipmentId: string | null;
}

export const SESSION_STORE_KEY = 'ez4.session';

const EMPTY_SESSION: SessionState = {
  menuList: [],
  classicMenuList: [],
  appId: 0,
  accessType: 0,
  userId: '',
  companyId: '',
  companyTypeId: 0,
  companyName: '',
  roleList: [],
  functionList: [],
  isImportForwarder: false,
  previousShipmentId: null,
  currentShipmentId: null,
};

export const SESSION_FIELDS = Object.keys(EMPTY_SESSION) as ReadonlyArray<keyof SessionState>;

/** Keeps exactly the session fields, whatever else the object carries. */
function pickSessionFields(source: Partial<SessionState>): Partial<SessionState> {
  const picked: Record<string, unknown> = {};
  for (const key of SESSION_FIELDS) {
    if (source[key] !== undefined) picked[key] = source[key];
  }
  return picked as Partial<SessionState>;
}

export function encodeSession(state: SessionState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeSession(encoded: string): SessionState {
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Partial<SessionState>;
  if (typeof parsed !== 'object' || parsed === null) throw new Error('Session store is not an object');
  return { ...EMPTY_SESSION, ...pickSessionFields(parsed) };
}

function storage(): Storage | undefined {
  return (globalThis as { sessionStorage?: Storage }).sessionStorage;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The last entry read and what it decoded to: the session is read by every permission check, menu and call, and
 * decoding it (the menus are most of it) each time cost the signed-in app's start some 10 ms (issue 16). Frozen, as
 * every reader shares it; a changed entry (another write, another tab's) is decoded again.
 */
let lastRead: { encoded: string; session: SessionState } | undefined;

export const sessionStore = {
  /** The stored session, or undefined when there is none (or it cannot be read). */
  get(): SessionState | undefined {
    const encoded = storage()?.getItem(SESSION_STORE_KEY);
    if (!encoded) return undefined;
    if (lastRead?.encoded === encoded) return lastRead.session;
    try {
      const session = deepFreeze(decodeSession(encoded));
      lastRead = { encoded, session };
      return session;
    } catch {
      storage()?.removeItem(SESSION_STORE_KEY);
      return undefined;
    }
  },

  /** Merges the given fields into the stored session (creating it) and returns the result. */
  set(partial: Partial<SessionState>): SessionState {
    const next: SessionState = { ...EMPTY_SESSION, ...sessionStore.get(), ...pickSessionFields(partial) };
    storage()?.setItem(SESSION_STORE_KEY, encodeSession(next));
    return next;
  },

  clear(): void {
    storage()?.removeItem(SESSION_STORE_KEY);
  },
};

/** The session a permission answer describes; the classic menu comes from the `isClassic=true` call. */
export function sessionFromPermission(permission: PermissionResponse, classicPermission?: PermissionResponse): SessionState {
  return {
    menuList: permission.menu,
    classicMenuList: classicPermission?.menu ?? [],
    appId: permission.app_id,
    accessType: permission.access_type,
    userId: permission.user_id,
    companyId: permission.company_id,
    companyTypeId: permission.company_type_id,
    companyName: permission.company_name,
    roleList: permission.role_type_list,
    functionList: permission.functions,
    isImportForwarder: permission.is_import_forwarder,
    previousShipmentId: null,
    currentShipmentId: null,
  };
}

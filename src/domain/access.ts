/** Company types, role types, function ids and menu categories: the ids the spec names (section 6). */

export const CompanyType = { AIRLINE: 1, FORWARDER: 2, GROUND_HANDLER: 3 } as const;
export type CompanyTypeId = (typeof CompanyType)[keyof typeof CompanyType];

export const RoleType = { ADMIN: 1, OPERATOR: 3 } as const;

/**
 * Function ids: the spec's three pages (81 to 83), then the compliance engine's: sending FWB/FHL
 * messages (84), reviewing sanction hits and checking names (85), the outbound message list (86), the official
 * sanctions sources (87).
 */
export const FunctionId = {
  SHIPMENT: 81,
  USER_LOG: 82,
  USER_MANAGEMENT: 83,
  SHIPMENT_MESSAGES: 84,
  SANCTION_REVIEW: 85,
  OUTBOUND_MESSAGES: 86,
  SANCTION_SOURCES: 87,
} as const;

export const MenuCategory = { DEFAULT: 0, DOCUMENT: 1, ABOUT_GLS: 2, HELP: 3, USER_MGT: 4, SHIPMENT_LOG: 5 } as const;

export const SiteType = { CLASSIC: 1, NEW: 2 } as const;

/** One application id for the whole product (CONTRACTS.md). */
export const APP_ID = 2;

/** The local marker that ends a ClientId. */
export const CLIENT_ID_MARKER = 'L';

export interface ClientIdParts {
  userId: string;
  companyId: string;
  appId: number;
}

export function buildClientId(userId: string, companyId: string, appId: number = APP_ID): string {
  return `${userId}|${companyId}|${appId}|${CLIENT_ID_MARKER}`;
}

export function parseClientId(clientId: string): ClientIdParts | undefined {
  const parts = clientId.split('|');
  if (parts.length !== 4 || parts[3] !== CLIENT_ID_MARKER) return undefined;
  const [userId, companyId, app] = parts;
  if (!userId || !companyId || !/^\d+$/.test(app)) return undefined;
  return { userId, companyId, appId: Number(app) };
}

/** Role 3 in an airline or ground handler holds shipment handling locks (spec 4, 6). */
export function holdsHandlingLock(companyTypeId: number, roleTypes: readonly number[]): boolean {
  return (companyTypeId === CompanyType.AIRLINE || companyTypeId === CompanyType.GROUND_HANDLER) && roleTypes.includes(RoleType.OPERATOR);
}

/** Ids of users and companies: letters, digits, dot, dash and underscore; no spaces or control characters. */
export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9._-]{1,50}$/;

/** A company or user id as typed (trimmed first): 'required' when empty, 'pattern' when not an id. */
export function accountIdProblem(value: string): 'required' | 'pattern' | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return ACCOUNT_ID_PATTERN.test(trimmed) ? undefined : 'pattern';
}

import type { Selectable } from 'kysely';
import { SiteType } from '../../domain/access';
import type { ChangeEvent, ChangeFeed } from '../changes/changeFeed';
import { InvalidatedCache } from '../changes/invalidatedCache';
import type { Db } from '../db/database';
import type { MenuTable } from '../db/schema';
import { scopeOf, type CompanyScope } from '../shipments/scope';
import { findAccount, normaliseAccount, type AccountProfile } from './accounts';
import { isLiveSession } from './refreshTokens';
import { liveClient, type OneRecordClient } from '../oneRecord/clients';

/**
 * What every signed-in call needs to know about its caller (the account, its session, its role's
 * functions, its company's shipment scope) and the menus, kept in this process and forgotten the
 * moment the database announces a change of them (changeFeed.ts). Nothing here ever answers for
 * another user: each entry is keyed by what it describes, and a locked or deleted user, an ended
 * session or a changed password reaches every instance through the feed within milliseconds.
 */
export interface AccessCache {
  account(companyId: string, userId: string): Promise<AccountProfile | undefined>;
  isLiveSession(sessionId: string): Promise<boolean>;
  functionsOfRole(roleId: string): Promise<number[]>;
  roleHoldsFunction(roleId: string, functionId: number): Promise<boolean>;
  scope(account: Pick<AccountProfile, 'companyId'>): Promise<CompanyScope>;
  menus(siteType: number): Promise<Selectable<MenuTable>[]>;
  /** A live (not revoked) ONE Record client, with its company's address ranges. */
  oneRecordClient(clientId: string): Promise<OneRecordClient | undefined>;
  close(): void;
}

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

export function createAccessCache(db: Db, feed: ChangeFeed): AccessCache {
  const accounts = new InvalidatedCache<string, AccountProfile>(feed, TTL_MS, MAX_ENTRIES);
  const sessions = new InvalidatedCache<string, true>(feed, TTL_MS, MAX_ENTRIES);
  const roleFunctions = new InvalidatedCache<string, number[]>(feed, TTL_MS, 1000);
  const scopes = new InvalidatedCache<string, CompanyScope>(feed, TTL_MS, 1000);
  const menuRows = new InvalidatedCache<number, Selectable<MenuTable>[]>(feed, TTL_MS, 10);
  const clients = new InvalidatedCache<string, OneRecordClient>(feed, TTL_MS, 1000);
  const all = [accounts, sessions, roleFunctions, scopes, menuRows, clients];
  const accountKey = (companyId: string, userId: string) => {
    const key = normaliseAccount(companyId, userId);
    return `${key.companyId}|${key.userId}`;
  };

  const onChange = (event: ChangeEvent) => {
    switch (event.k) {
      case 'account':
        accounts.delete(accountKey(event.c, event.u));
        break;
      case 'company':
        // The company's name, type, address ranges and lendings are in its accounts' profiles and its scope.
        accounts.deleteWhere((_key, account) => account.companyId === event.c);
        clients.deleteWhere((_key, client) => client.companyId === event.c);
        scopes.delete(event.c);
        break;
      case 'oneRecordClient':
        clients.delete(event.id);
        break;
      case 'role':
        roleFunctions.delete(event.r);
        accounts.deleteWhere((_key, account) => account.roleId === event.r);
        break;
      case 'session':
        sessions.delete(event.s);
        break;
      case 'menus':
        menuRows.clear();
        break;
      case 'shipment':
      case 'handling':
      case 'ruleLists':
      case 'live':
        break; // shipments, rule lists and live events (liveStreams.ts) are not the caller's access (shipmentCache.ts)
      default:
        // An event this version does not know: forget everything rather than guess.
        for (const cache of all) cache.clear();
    }
  };
  const unsubscribe = feed.subscribe({
    onChange,
    onReset: () => {
      for (const cache of all) cache.clear();
    },
  });

  const functionsOfRole = async (roleId: string) =>
    (await roleFunctions.get(roleId, async () => {
      const rows = await db.selectFrom('role_functions').select('function_id').where('role_id', '=', roleId).orderBy('function_id').execute();
      return rows.map((row) => row.function_id);
    })) ?? [];

  return {
    account: (companyId, userId) => accounts.get(accountKey(companyId, userId), () => findAccount(db, companyId, userId)),
    isLiveSession: async (sessionId) => (await sessions.get(sessionId, async () => ((await isLiveSession(db, sessionId)) ? true : undefined))) === true,
    functionsOfRole,
    roleHoldsFunction: async (roleId, functionId) => (await functionsOfRole(roleId)).includes(functionId),
    scope: async (account) => (await scopes.get(account.companyId, () => scopeOf(db, account)))!,
    menus: async (siteType) =>
      (await menuRows.get(siteType === SiteType.CLASSIC ? SiteType.CLASSIC : SiteType.NEW, () =>
        db.selectFrom('menus').selectAll().where('site_type', '=', siteType).orderBy('sort_order').orderBy('menu_id').execute(),
      )) ?? [],
    // Kept without its secret's hash: only a sign-in checks that (clientOfCredentials).
    oneRecordClient: (clientId) =>
      clients.get(clientId, async () => {
        const client = await liveClient(db, clientId);
        if (!client) return undefined;
        const { secretHash: _hash, ...kept } = client;
        return kept;
      }),
    close: unsubscribe,
  };
}

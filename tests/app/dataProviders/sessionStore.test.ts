// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import { SESSION_STORE_KEY, decodeSession, encodeSession, sessionFromPermission, sessionStore, type SessionState } from '../../../dataProviders/sessionStore';
import { permissionFixture, resetBrowserState } from './support';

const SPEC_FIELDS = [
  'accessType',
  'appId',
  'classicMenuList',
  'companyId',
  'companyName',
  'companyTypeId',
  'currentShipmentId',
  'functionList',
  'isImportForwarder',
  'menuList',
  'previousShipmentId',
  'roleList',
  'userId',
];

const NON_ASCII_COMPANY = '中国国际货运航空 Société Générale Ünïcødé ✈ 😀';

afterEach(resetBrowserState);

describe('session store', () => {
  test('round-trips a non-ASCII company name through base64 in sessionStorage', () => {
    const session = sessionFromPermission(permissionFixture({ company_name: NON_ASCII_COMPANY }));
    sessionStore.set(session);

    const raw = sessionStorage.getItem(SESSION_STORE_KEY);
    expect(raw).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(raw).not.toContain('Soci'); // really encoded, not plain JSON
    const bytes = Uint8Array.from(atob(raw!), (c) => c.charCodeAt(0));
    expect(JSON.parse(new TextDecoder().decode(bytes)).companyName).toBe(NON_ASCII_COMPANY);

    expect(sessionStore.get()).toEqual(session);
    expect(sessionStore.get()?.companyName).toBe(NON_ASCII_COMPANY);
  });

  test('holds exactly the spec fields, dropping anything else', () => {
    const stored = sessionStore.set({ userId: 'U1', extra: 'nope' } as Partial<SessionState>);
    expect(Object.keys(stored).sort()).toEqual(SPEC_FIELDS);
    expect(Object.keys(sessionStore.get()!).sort()).toEqual(SPEC_FIELDS);
    expect(sessionStore.get()).not.toHaveProperty('extra');
  });

  test('set merges a partial into the stored session', () => {
    sessionStore.set(sessionFromPermission(permissionFixture()));
    sessionStore.set({ currentShipmentId: '9007199254740993' });
    sessionStore.set({ previousShipmentId: '42' });
    const session = sessionStore.get()!;
    expect(session.userId).toBe('U1');
    expect(session.functionList).toEqual([81]);
    expect(session.currentShipmentId).toBe('9007199254740993');
    expect(session.previousShipmentId).toBe('42');
  });

  test('clear removes it; a corrupt entry reads as no session', () => {
    sessionStore.set({ userId: 'U1' });
    sessionStore.clear();
    expect(sessionStorage.getItem(SESSION_STORE_KEY)).toBeNull();
    expect(sessionStore.get()).toBeUndefined();

    sessionStorage.setItem(SESSION_STORE_KEY, '%%%not base64');
    expect(sessionStore.get()).toBeUndefined();
    expect(sessionStorage.getItem(SESSION_STORE_KEY)).toBeNull();
  });

  test('is built from a permission answer and the classic menu', () => {
    const classicMenu = [{ function_id: 120, site_type: 1, category: 0, text: 'Sanction List', url: '/sanctionlist', items: [] }];
    const permission = permissionFixture({
      access_type: 2,
      company_type_id: 1,
      role_type_list: [3],
      functions: [81, 82],
      is_import_forwarder: true,
    });
    const session = sessionFromPermission(permission, permissionFixture({ menu: classicMenu }));
    expect(session).toEqual({
      menuList: permission.menu,
      classicMenuList: classicMenu,
      appId: 2,
      accessType: 2,
      userId: 'U1',
      companyId: 'C1',
      companyTypeId: 1,
      companyName: 'Forwarder Ltd',
      roleList: [3],
      functionList: [81, 82],
      isImportForwarder: true,
      previousShipmentId: null,
      currentShipmentId: null,
    });
  });

  test('encode and decode are inverse for every field type', () => {
    const session = sessionFromPermission(permissionFixture({ company_name: 'Ωmega' }));
    expect(decodeSession(encodeSession(session))).toEqual(session);
  });
});

/** Shared fixtures for the dataProviders tests: config, permission answers, tokens, clean browser state. */

import { setupServer } from 'msw/node';
import type { PermissionResponse } from '../../../src/domain/permissions';
import type { RuntimeConfig } from '../../../dataProviders/runtimeConfig';
import { deleteTokens } from '../../../dataProviders/tokenCookies';

export const ORIGIN = globalThis.location.origin;

export const testConfig: RuntimeConfig = {
  appId: 2,
  authBase: '/auth',
  apiBase: '',
  classicApiBase: '/classicapi',
  styleVersion: 1,
  classicSiteUrl: '',
  productName: 'Cargo Portal',
  cargoProductName: 'Cargo Portal Cargo',
  mfaResendSeconds: 30,
  mfaDialogTimeoutSeconds: 60,
  blockedIeVersion: 9,
  classicAppId: 1,
  regionLookupUrl: '/api/region',
  chinaConsentCountries: ['CN'],
  headerAppUrl: '/ez4/chrome/header/',
  footerAppUrl: '/ez4/chrome/footer/',
  contacts: { customerServiceEmail: '', customerServicePhone: '', businessDevelopmentEmail: '', businessDevelopmentPhone: '' },
  links: { aboutProduct: '', news: '', aboutProvider: '' },
};

export const url = (path: string) => `${ORIGIN}${path}`;

/** msw server that fails the test on any request no handler expects. */
export function createTestServer() {
  return setupServer();
}

/** A JWT-shaped token whose payload names the user (the client reads `sub` and `cid` only). */
export function fakeAccessToken(userId: string, companyId: string, nonce = 'a'): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: userId, cid: companyId, typ: 'access', jti: nonce })}.signature`;
}

export function permissionFixture(overrides: Partial<PermissionResponse> = {}): PermissionResponse {
  return {
    app_id: 2,
    access_type: 1,
    user_id: 'U1',
    company_id: 'C1',
    company_type_id: 2,
    company_name: 'Forwarder Ltd',
    menu: [
      { function_id: 81, site_type: 2, category: 1, text: 'Documents', url: '/shipment', items: [] },
      {
        function_id: null,
        site_type: 2,
        category: 4,
        text: 'Admin',
        url: '',
        items: [{ function_id: 83, site_type: 2, category: 4, text: 'User Management', url: '/userManagement', items: [] }],
      },
    ],
    role_type_list: [1],
    functions: [81],
    is_import_forwarder: false,
    ...overrides,
  };
}

export function resetBrowserState(): void {
  deleteTokens();
  sessionStorage.clear();
  localStorage.clear();
}

export function cookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((part) => part.split('=')[0].trim())
    .filter(Boolean)
    .sort();
}

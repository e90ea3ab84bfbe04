import type { ReactNode } from 'react';
import { cleanup } from '@testing-library/react';
import type { TranslationMessages } from 'react-admin';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import type { CargoAuthProvider } from '../../../dataProviders/authProvider';
import type { HttpClient } from '../../../dataProviders/httpClient';
import type { RuntimeConfig } from '../../../dataProviders/runtimeConfig';
import { sessionStore, type SessionState } from '../../../dataProviders/sessionStore';
import { deleteTokens, writeTokens } from '../../../dataProviders/tokenCookies';
import { FunctionId, MenuCategory, SiteType } from '../../domain/access';
import type { MenuEntry } from '../../domain/permissions';
import type { AuthServices } from '../authServices';
import { loadEnglishMessages } from '../i18n/loadMessages';
import { appHistory } from '../routing/history';
import { createAppServices, ServicesContext, type AppServices } from '../services';

/** Test helpers for the component specs (not part of the app bundle). */

export const testConfig: RuntimeConfig = {
  appId: 2,
  authBase: '/auth',
  apiBase: '',
  classicApiBase: '/classicapi',
  styleVersion: 1,
  classicSiteUrl: '',
  productName: 'Cargo Shipment Portal',
  cargoProductName: 'Cargo Shipment Portal (Cargo)',
  mfaResendSeconds: 30,
  mfaDialogTimeoutSeconds: 60,
  blockedIeVersion: 9,
  classicAppId: 1,
  regionLookupUrl: '/api/region',
  chinaConsentCountries: ['CN'],
  headerAppUrl: '/ez4/chrome/header/',
  footerAppUrl: '/ez4/chrome/footer/',
  contacts: {
    customerServiceEmail: 'cargo.service@cargo-portal.example',
    customerServicePhone: '+852 2100 0000',
    businessDevelopmentEmail: 'cargo.sales@cargo-portal.example',
    businessDevelopmentPhone: '+852 2100 0001',
  },
  links: { aboutProduct: '/ez4/en/about', news: '/ez4/en/about#news', aboutProvider: '/ez4/en/about#provider' },
};

/** An authProvider whose methods the test replaces as needed. */
export function fakeAuthProvider(overrides: Partial<CargoAuthProvider> = {}): CargoAuthProvider {
  return {
    login: async () => undefined,
    logout: async () => '/en/login',
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 'admin', fullName: 'admin', companyId: 'DEMOAIR', companyName: 'Demo Airlines' }),
    getPermissions: async () => [],
    canAccess: async () => true,
    requestMfaChallenge: async () => ({ name: 'a***@example.com', prefix: 'AB' }),
    loginWithMfaCode: async () => undefined,
    ...overrides,
  };
}

export function testServices(
  authProvider: CargoAuthProvider = fakeAuthProvider(),
  config: RuntimeConfig = testConfig,
  httpClient: HttpClient = {} as HttpClient,
): AppServices {
  const auth: AuthServices = { authProvider, httpClient };
  return createAppServices(config, async () => auth);
}

export function WithServices({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** Puts the browser at a full path ('/ez4/en/login') and tells the app. */
export function goTo(path: string): void {
  window.history.replaceState(null, '', path);
  appHistory.sync();
}

/** The permission answer of the demo admin, as the seed builds it. */
export const adminMenu: MenuEntry[] = [
  { category: MenuCategory.DOCUMENT, site_type: SiteType.NEW, text: 'Documents', url: 'shipment', function_id: FunctionId.SHIPMENT, items: [] },
  {
    category: MenuCategory.USER_MGT,
    site_type: SiteType.NEW,
    text: 'User Management',
    url: 'userManagement',
    function_id: FunctionId.USER_MANAGEMENT,
    items: [],
  },
  { category: MenuCategory.SHIPMENT_LOG, site_type: SiteType.NEW, text: 'User Log', url: 'shipmentLog', function_id: FunctionId.USER_LOG, items: [] },
  { category: MenuCategory.ABOUT_GLS, site_type: SiteType.NEW, text: 'About', url: 'about', function_id: null, items: [] },
  { category: MenuCategory.HELP, site_type: SiteType.NEW, text: 'Help', url: 'https://help.example.com/portal', function_id: null, items: [] },
];

export const adminClassicMenu: MenuEntry[] = [
  {
    category: MenuCategory.DEFAULT,
    site_type: SiteType.CLASSIC,
    text: 'Administration',
    url: '',
    function_id: null,
    items: [
      { category: MenuCategory.DEFAULT, site_type: SiteType.CLASSIC, text: 'Sanction List', url: 'sanctionlist', function_id: 101, items: [] },
      { category: MenuCategory.DEFAULT, site_type: SiteType.CLASSIC, text: 'MIP Action List', url: 'mipactionlist/103', function_id: 103, items: [] },
    ],
  },
];

/** Signs the browser in as far as the shell can tell: token cookies and a session store. */
export function signInAs(session: Partial<SessionState> = {}): void {
  writeTokens({ accessToken: 'header.payload.signature', refreshToken: 'refresh' });
  sessionStore.clear();
  sessionStore.set({
    menuList: adminMenu,
    classicMenuList: adminClassicMenu,
    accessType: 1,
    userId: 'admin',
    companyId: 'DEMOAIR',
    companyName: 'Demo Airlines',
    functionList: [FunctionId.SHIPMENT, FunctionId.USER_LOG, FunctionId.USER_MANAGEMENT, 101, 103],
    ...session,
  });
}

export function signOut(): void {
  deleteTokens();
  sessionStore.clear();
}

/**
 * The hooks of a signed-in screen spec, registered where it is called (a file or a describe):
 * the English messages loaded once, `session` signed in before each test, the screen unmounted and
 * the session dropped after it. Read `messages` inside a test: they load before the first one.
 */
export function signedInScreenSpec(session: Partial<SessionState> = {}): { readonly messages: TranslationMessages } {
  let messages: TranslationMessages | undefined;
  beforeAll(async () => {
    messages = await loadEnglishMessages();
  });
  beforeEach(() => signInAs(session));
  afterEach(() => {
    cleanup();
    signOut();
  });
  return {
    get messages(): TranslationMessages {
      if (!messages) throw new Error('The messages load before the first test; read them inside one.');
      return messages;
    },
  };
}

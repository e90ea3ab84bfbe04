// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ruleListPlugins } from '../../../plugins';
import { FunctionId } from '../../domain/access';
import { translate } from '../i18n/translate';
import { decideRoute, type AccessState } from './guard';
import { matchAppRoute, pathFor, resolveLanguagePath, stripBase } from './paths';
import { appRoutes, findRoute, type RouteMeta } from './routes';

const signedOut: AccessState = { signedIn: false, menu: [], functions: [] };
const admin: AccessState = { signedIn: true, menu: [], functions: [81, 82, 83, 101, 103] };
const operator: AccessState = { signedIn: true, menu: [], functions: [81, 82] };
const style1 = { styleVersion: 1 };

const decide = (path: string, access: AccessState, context = style1) => decideRoute(matchAppRoute(path), access, context);

describe('language prefix (spec 2)', () => {
  it('adds /en when the language is missing', () => {
    expect(resolveLanguagePath('/')).toBe('/en');
    expect(resolveLanguagePath('/shipment')).toBe('/en/shipment');
    expect(resolveLanguagePath('/shipment/details/7')).toBe('/en/shipment/details/7');
    expect(resolveLanguagePath('/Footer')).toBe('/en/Footer');
    expect(resolveLanguagePath('/awb/awbdetail')).toBe('/en/awb/awbdetail');
  });

  it('replaces an unsupported language with en', () => {
    expect(resolveLanguagePath('/fr/login')).toBe('/en/login');
    expect(resolveLanguagePath('/zh-CN/shipment')).toBe('/en/shipment');
    expect(resolveLanguagePath('/EN/login')).toBe('/en/login');
    expect(resolveLanguagePath('/de')).toBe('/en');
  });

  it('leaves a supported language alone', () => {
    expect(resolveLanguagePath('/en/login')).toBeUndefined();
    expect(resolveLanguagePath('/en')).toBeUndefined();
    expect(resolveLanguagePath('/en/')).toBeUndefined();
  });

  it('reads paths under the /ez4 base only', () => {
    expect(stripBase('/ez4/en/login')).toBe('/en/login');
    expect(stripBase('/ez4')).toBe('/');
    expect(stripBase('/ez4x/en')).toBeUndefined();
  });
});

describe('route table', () => {
  const expectedPaths = [
    'login',
    'loginclassic',
    'bulletin',
    'changePassword',
    'ChangePassword',
    'cookiesPolicy',
    'CookiesPolicy',
    'CookiesPolicyDynamic',
    'error/500',
    'error/ef/403',
    'logoutclassic',
    'Footer',
    'shipment',
    'shipment/details/12',
    'shipmentLog',
    'userManagement',
    'userManagement/add',
    'userManagement/DEMOAIR/admin',
    'awb/awbdetail',
    'awb/awbdetail/sanction',
    'sanctionlist',
    'sanctionwhitelist',
    'mipactionlist/103',
    'descmap/104',
    'regionlist/105',
    'locationrules/106',
    'autospecialhandlingcodelist',
    'locationcodelist',
    'userlog/101',
    'adminlistimport/101',
    'adminlistcontrol',
    'iataagentcodelist',
    'acceptanceprivilege',
    'harmonisedcommoditycodelist',
    'acceptancecontrol/112',
    'hscodechecklist',
    'validationrules',
    'countryrules/115',
    'altcurrencylist',
    'forwardemaillist/117',
  ];

  it.each(expectedPaths)('answers %s', (path) => {
    expect(matchAppRoute(path).route.name).not.toBe('fallback');
  });

  it('sends unknown paths to the fallback', () => {
    expect(matchAppRoute('nothing-here').route.name).toBe('fallback');
    expect(matchAppRoute('shipment/details').route.name).toBe('fallback');
    expect(matchAppRoute('sanctionlist/101').route.name).toBe('fallback');
  });

  it('matches aliases, parameters and static segments before parameters', () => {
    expect(matchAppRoute('ChangePassword').route.name).toBe('changePassword');
    expect(matchAppRoute('CookiesPolicy').route.name).toBe('cookiesPolicy');
    expect(matchAppRoute('userManagement/add').route.name).toBe('userManagementAdd');
    expect(matchAppRoute('userManagement/DEMOAIR/admin')).toMatchObject({
      route: { name: 'userManagementEdit' },
      params: { companyId: 'DEMOAIR', userId: 'admin' },
    });
    expect(matchAppRoute('error/ef/403')).toMatchObject({ route: { name: 'errorClassic' }, params: { errorCode: '403' } });
    expect(matchAppRoute('shipment/details/12')).toMatchObject({ route: { name: 'shipmentDetails' }, params: { id: '12' } });
    expect(matchAppRoute('awb/awbdetail/sanction').route.name).toBe('awbDetailSanction');
  });

  it('declares every meta flag on every route', () => {
    const flags: (keyof RouteMeta)[] = [
      'auth',
      'isClassic',
      'isBlank',
      'isHideFooter',
      'isShareHeader',
      'ignoreDeleteShipmentHandling',
      'defaultRoute',
      'isCookiePolicyPage',
      'isShare',
      'functionIdInPath',
    ];
    for (const route of appRoutes) {
      for (const flag of flags) expect(typeof route.meta[flag], `${route.name}.${flag}`).toBe('boolean');
      expect(typeof route.meta.title).toBe('string');
    }
  });

  it('gives every page a title from the messages file', () => {
    for (const route of appRoutes.filter((r) => r.meta.title)) {
      expect(translate(route.meta.title), route.name).not.toBe(route.meta.title);
    }
  });

  it('carries the spec flags', () => {
    expect(findRoute('shipment').meta).toMatchObject({ auth: true, functionId: FunctionId.SHIPMENT });
    expect(findRoute('shipmentLog').meta.functionId).toBe(FunctionId.USER_LOG);
    expect(findRoute('userManagementEdit').meta.functionId).toBe(FunctionId.USER_MANAGEMENT);
    expect(findRoute('home').meta.defaultRoute).toBe(true);
    expect(findRoute('cookiesPolicy').meta).toMatchObject({ auth: false, isBlank: true, isHideFooter: true, isCookiePolicyPage: true });
    expect(findRoute('cookiesPolicyDynamic').meta).toMatchObject({ auth: false, isBlank: true, isHideFooter: true, isCookiePolicyPage: true });
    expect(findRoute('logoutclassic').meta).toMatchObject({ auth: false, isBlank: true, isClassic: true });
    expect(findRoute('awbDetail').meta).toMatchObject({ isBlank: true, ignoreDeleteShipmentHandling: true });
    expect(findRoute('login').meta.auth).toBe(false);
    expect(findRoute('errorClassic').meta.isClassic).toBe(true);
  });

  it('takes rule-list routes and function ids from the plugins', () => {
    for (const plugin of ruleListPlugins) {
      const route = findRoute(plugin.name);
      expect(route.path).toBe(plugin.functionIdInPath ? `${plugin.route}/:functionId` : plugin.route);
      expect(route.meta).toMatchObject({ isClassic: true, auth: true, functionId: plugin.functionId, functionIdInPath: plugin.functionIdInPath });
    }
  });

  it('builds paths of named routes', () => {
    expect(pathFor('shipmentDetails', { id: 7 })).toBe('/en/shipment/details/7');
    expect(pathFor('home')).toBe('/en');
    expect(() => pathFor('shipmentDetails')).toThrow();
  });
});

describe('redirect rules (spec 2)', () => {
  it('sends signed-out users on protected pages to login, classic pages through the classic logout', () => {
    expect(decide('shipment', signedOut)).toEqual({ kind: 'redirect', to: 'login' });
    expect(decide('userManagement/add', signedOut)).toEqual({ kind: 'redirect', to: 'login' });
    expect(decide('sanctionlist', signedOut)).toEqual({ kind: 'redirect', to: 'logoutclassic' });
    expect(decide('mipactionlist/103', signedOut)).toEqual({ kind: 'redirect', to: 'logoutclassic' });
  });

  it('sends signed-in users on login or a default route to shipment', () => {
    expect(decide('login', admin)).toEqual({ kind: 'redirect', to: 'shipment' });
    expect(decide('', admin)).toEqual({ kind: 'redirect', to: 'shipment' });
    expect(decide('', signedOut)).toEqual({ kind: 'redirect', to: 'login' });
  });

  it('shows public pages to anyone', () => {
    for (const path of ['login', 'error/404', 'error/ef/500', 'cookiesPolicy', 'CookiesPolicyDynamic', 'logoutclassic', 'Footer']) {
      expect(decide(path, signedOut), path).toEqual({ kind: 'render' });
    }
  });

  it('allows a page only when its function is permitted, else 403', () => {
    expect(decide('shipment', operator)).toEqual({ kind: 'render' });
    expect(decide('userManagement', operator)).toEqual({ kind: 'redirect', to: 'error/403' });
    expect(decide('userManagement', admin)).toEqual({ kind: 'render' });
    expect(decide('sanctionlist', admin)).toEqual({ kind: 'render' });
    expect(decide('sanctionwhitelist', admin)).toEqual({ kind: 'redirect', to: 'error/403' });
  });

  it('checks the function id in the path as well as the page own', () => {
    expect(decide('mipactionlist/103', admin)).toEqual({ kind: 'render' });
    // 81 is held, but the MIP list itself (103) is not: no way in through another id.
    expect(decide('mipactionlist/81', operator)).toEqual({ kind: 'redirect', to: 'error/403' });
    expect(decide('userlog/101', admin)).toEqual({ kind: 'render' });
    expect(decide('userlog/102', admin)).toEqual({ kind: 'redirect', to: 'error/403' });
    expect(decide('userlog/abc', admin)).toEqual({ kind: 'redirect', to: 'error/404' });
  });

  it('accepts permissions held through the menu', () => {
    const viaMenu: AccessState = {
      signedIn: true,
      functions: [],
      menu: [{ function_id: 83, site_type: 2, category: 4, text: 'Users', url: 'userManagement', items: [] }],
    };
    expect(decide('userManagement', viaMenu)).toEqual({ kind: 'render' });
  });

  it('allows signed-in pages without a function id', () => {
    expect(decide('bulletin', operator)).toEqual({ kind: 'render' });
    expect(decide('changePassword', operator)).toEqual({ kind: 'render' });
  });

  it('opens loginclassic only under style version 2', () => {
    expect(decide('loginclassic', signedOut)).toEqual({ kind: 'redirect', to: 'login' });
    expect(decide('loginclassic', signedOut, { styleVersion: 2 })).toEqual({ kind: 'render' });
  });

  it('sends unknown paths to the 404 page', () => {
    expect(decide('no/such/page', signedOut)).toEqual({ kind: 'redirect', to: 'error/404' });
    expect(decide('no/such/page', admin)).toEqual({ kind: 'redirect', to: 'error/404' });
  });
});

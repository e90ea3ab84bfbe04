import { FunctionId } from '../../domain/access';
import { ruleListPlugins } from '../../../plugins';

/**
 * The route table of spec 2: every child of /ez4/{lang}/ with its meta flags, as data.
 * Components are attached elsewhere (the shell for public pages, the admin chunk for the rest),
 * so this file stays free of React and can be read by tests and by the guard alike.
 */

export interface RouteMeta {
  /** Sign-in required (spec: default required). */
  auth: boolean;
  /** Classic-style page: unauthenticated users leave through the classic logout. */
  isClassic: boolean;
  /** Rendered without the menu frame. */
  isBlank: boolean;
  isHideFooter: boolean;
  isShareHeader: boolean;
  /** Moving to this page keeps the shipment handling lock. */
  ignoreDeleteShipmentHandling: boolean;
  /** A logged-in user landing here goes to shipment. */
  defaultRoute: boolean;
  isCookiePolicyPage: boolean;
  isShare: boolean;
  /** i18n key of the page title (shown as `${productName} - ${title}`). */
  title: string;
  /** The function the page needs; null when any signed-in user may see it. */
  functionId: number | null;
  /** The path carries `:functionId`, which must be permitted as well. */
  functionIdInPath: boolean;
}

/** Where a page is rendered: the small shell (public pages) or the lazily loaded admin chunk. */
export type RouteHost = 'shell' | 'admin';

export interface AppRoute {
  /** Unique name, used to build links (`pathFor`). */
  name: string;
  /** Path under /{lang}/, react-router syntax (`:param`); '' is the language root, '*' the fallback. */
  path: string;
  /** Other spellings answering the same page (e.g. ChangePassword). */
  aliases: readonly string[];
  host: RouteHost;
  meta: RouteMeta;
}

const DEFAULT_META: RouteMeta = {
  auth: true,
  isClassic: false,
  isBlank: false,
  isHideFooter: false,
  isShareHeader: false,
  ignoreDeleteShipmentHandling: false,
  defaultRoute: false,
  isCookiePolicyPage: false,
  isShare: false,
  title: '',
  functionId: null,
  functionIdInPath: false,
};

function route(name: string, path: string, host: RouteHost, meta: Partial<RouteMeta>, aliases: string[] = []): AppRoute {
  return { name, path, aliases, host, meta: { ...DEFAULT_META, ...meta } };
}

/** Admin pages that are not rule lists; their function id (if any) is in the path. */
const classicAdminPages: AppRoute[] = [
  route('userlog', 'userlog/:functionId', 'admin', { isClassic: true, functionIdInPath: true, title: 'app.page.userlog' }),
  route('adminlistimport', 'adminlistimport/:functionId', 'admin', { isClassic: true, functionIdInPath: true, title: 'app.page.adminlistimport' }),
  route('adminlistcontrol', 'adminlistcontrol', 'admin', { isClassic: true, title: 'app.page.adminlistcontrol' }),
];

/** The rule lists take their route and function id from the plugin registry. */
const ruleListPages: AppRoute[] = ruleListPlugins.map((plugin) =>
  route(plugin.name, plugin.functionIdInPath ? `${plugin.route}/:functionId` : plugin.route, 'admin', {
    isClassic: true,
    functionId: plugin.functionId,
    functionIdInPath: plugin.functionIdInPath,
    title: `app.ruleList.${plugin.name}`,
  }),
);

export const appRoutes: readonly AppRoute[] = [
  route('home', '', 'shell', { auth: false, defaultRoute: true }),
  route('login', 'login', 'shell', { auth: false, title: 'app.page.login' }),
  route('loginclassic', 'loginclassic', 'shell', { auth: false, isClassic: true, title: 'app.page.login' }),
  route('bulletin', 'bulletin', 'admin', { title: 'app.page.bulletin' }),
  route('changePassword', 'changePassword', 'admin', { title: 'app.page.changePassword' }, ['ChangePassword']),
  route(
    'cookiesPolicy',
    'cookiesPolicy',
    'shell',
    { auth: false, isBlank: true, isHideFooter: true, isCookiePolicyPage: true, title: 'app.page.cookiesPolicy' },
    ['CookiesPolicy'],
  ),
  route('cookiesPolicyDynamic', 'CookiesPolicyDynamic', 'shell', {
    auth: false,
    isBlank: true,
    isHideFooter: true,
    isCookiePolicyPage: true,
    title: 'app.page.cookiesPolicy',
  }),
  route('error', 'error/:errorCode', 'shell', { auth: false, isBlank: true, title: 'app.page.error' }),
  route('errorClassic', 'error/ef/:errorCode', 'shell', { auth: false, isBlank: true, isClassic: true, title: 'app.page.error' }),
  route('logoutclassic', 'logoutclassic', 'shell', { auth: false, isBlank: true, isClassic: true, title: 'app.page.logout' }),
  route('footer', 'Footer', 'shell', { auth: false, isBlank: true, title: 'app.page.footer' }),
  // About and Help (menu categories ABOUT_GLS and HELP) are public: the login page's links lead there too.
  route('about', 'about', 'shell', { auth: false, title: 'app.page.about' }),
  route('help', 'help', 'shell', { auth: false, title: 'app.page.help' }),
  route('resetPassword', 'resetPassword', 'shell', { auth: false, isBlank: true, title: 'app.page.resetPassword' }),
  route('shipment', 'shipment', 'admin', { functionId: FunctionId.SHIPMENT, title: 'app.page.shipment' }),
  route('shipmentDetails', 'shipment/details/:id', 'admin', {
    functionId: FunctionId.SHIPMENT,
    ignoreDeleteShipmentHandling: true,
    isShare: true,
    title: 'app.page.shipmentDetails',
  }),
  route('shipmentLog', 'shipmentLog', 'admin', { functionId: FunctionId.USER_LOG, title: 'app.page.shipmentLog' }),
  route('userManagement', 'userManagement', 'admin', { functionId: FunctionId.USER_MANAGEMENT, title: 'app.page.userManagement' }),
  route('userManagementAdd', 'userManagement/add', 'admin', { functionId: FunctionId.USER_MANAGEMENT, title: 'app.page.userManagementAdd' }),
  route('userManagementEdit', 'userManagement/:companyId/:userId', 'admin', { functionId: FunctionId.USER_MANAGEMENT, title: 'app.page.userManagementEdit' }),
  route('userManagementIpRanges', 'userManagement/ipRestriction', 'admin', { functionId: FunctionId.USER_MANAGEMENT, title: 'app.users.page.ipRanges' }),
  route('userManagementOneRecordClients', 'userManagement/oneRecordClients', 'admin', {
    functionId: FunctionId.USER_MANAGEMENT,
    title: 'app.users.page.oneRecordClients',
  }),
  route('userManagementAudit', 'userManagement/audit', 'admin', { functionId: FunctionId.USER_MANAGEMENT, title: 'app.users.page.audit' }),
  route('sanctioncheck', 'sanctioncheck', 'admin', { functionId: FunctionId.SANCTION_REVIEW, title: 'app.page.sanctioncheck' }),
  route('outboundmessages', 'outboundmessages', 'admin', { functionId: FunctionId.OUTBOUND_MESSAGES, title: 'app.page.outboundmessages' }),
  route('shipmentmessages', 'shipmentmessages', 'admin', { functionId: FunctionId.SHIPMENT_MESSAGES, title: 'app.page.shipmentmessages' }),
  route('sanctionsources', 'sanctionsources', 'admin', { functionId: FunctionId.SANCTION_SOURCES, title: 'app.page.sanctionsources' }),
  route('awbDetail', 'awb/awbdetail', 'admin', {
    functionId: FunctionId.SHIPMENT,
    isBlank: true,
    isHideFooter: true,
    isShareHeader: true,
    ignoreDeleteShipmentHandling: true,
    title: 'app.page.awbDetail',
  }),
  route('awbDetailSanction', 'awb/awbdetail/sanction', 'admin', {
    functionId: FunctionId.SHIPMENT,
    isBlank: true,
    isHideFooter: true,
    isShareHeader: true,
    ignoreDeleteShipmentHandling: true,
    title: 'app.page.awbDetailSanction',
  }),
  ...ruleListPages,
  ...classicAdminPages,
  route('fallback', '*', 'shell', { auth: false, title: 'app.page.error' }),
];

export function findRoute(name: string): AppRoute {
  const found = appRoutes.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`Unknown route "${name}"`);
  return found;
}

import { CompanyType, FunctionId, MenuCategory, RoleType, SiteType } from '../../../domain/access';
import { ruleListPlugins } from '../../../../plugins';

/** The demo world's companies, roles, functions, menus and accounts (documented in the README). */

export const demoCompanies = [
  { company_id: 'DEMOAIR', company_name: 'Demo Airlines', company_type_id: CompanyType.AIRLINE, access_type: 2, airline_prefixes: ['160', '297'], stations: [] as string[] },
  { company_id: 'SKYAIR', company_name: 'Sky Cargo Airways', company_type_id: CompanyType.AIRLINE, access_type: 2, airline_prefixes: ['618', '020'], stations: [] as string[] },
  { company_id: 'DEMOFWD', company_name: 'Demo Freight Forwarding Ltd', company_type_id: CompanyType.FORWARDER, access_type: 1, airline_prefixes: [] as string[], stations: [] as string[] },
  { company_id: 'FASTFWD', company_name: 'Fast Forwarders GmbH', company_type_id: CompanyType.FORWARDER, access_type: 1, airline_prefixes: [] as string[], stations: [] as string[] },
  { company_id: 'DEMOGHA', company_name: 'Demo Ground Handling', company_type_id: CompanyType.GROUND_HANDLER, access_type: 1, airline_prefixes: [] as string[], stations: ['HKG', 'SIN'] },
  { company_id: 'HUBGHA', company_name: 'Hub Terminal Services', company_type_id: CompanyType.GROUND_HANDLER, access_type: 1, airline_prefixes: [] as string[], stations: ['FRA', 'AMS'] },
];

export const demoRoles = [
  { role_id: 'ADMIN', role_type: RoleType.ADMIN, role_name: 'Admin' },
  { role_id: 'OPERATOR', role_type: RoleType.OPERATOR, role_name: 'Operator' },
];

export const demoFunctions = [
  { function_id: FunctionId.SHIPMENT, function_name: 'Shipment', route: 'shipment' },
  { function_id: FunctionId.USER_LOG, function_name: 'User Log', route: 'shipmentLog' },
  { function_id: FunctionId.USER_MANAGEMENT, function_name: 'User Management', route: 'userManagement' },
  ...ruleListPlugins.map((plugin) => ({ function_id: plugin.functionId, function_name: plugin.label, route: plugin.route })),
];

const operatorFunctions = [FunctionId.SHIPMENT, FunctionId.USER_LOG];

export const demoRoleFunctions = [
  ...demoFunctions.map((fn) => ({ role_id: 'ADMIN', function_id: fn.function_id })),
  ...operatorFunctions.map((function_id) => ({ role_id: 'OPERATOR', function_id })),
];

export interface DemoMenu {
  category: number;
  site_type: number;
  text: string;
  url: string;
  function_id: number | null;
  sort_order: number;
  children?: DemoMenu[];
}

/** Menu entries with site_type 2 are the new site, 1 the classic site (spec 2). */
export const demoMenus: DemoMenu[] = [
  { category: MenuCategory.DOCUMENT, site_type: SiteType.NEW, text: 'Documents', url: 'shipment', function_id: FunctionId.SHIPMENT, sort_order: 10 },
  { category: MenuCategory.USER_MGT, site_type: SiteType.NEW, text: 'User Management', url: 'userManagement', function_id: FunctionId.USER_MANAGEMENT, sort_order: 20 },
  { category: MenuCategory.SHIPMENT_LOG, site_type: SiteType.NEW, text: 'User Log', url: 'shipmentLog', function_id: FunctionId.USER_LOG, sort_order: 30 },
  {
    category: MenuCategory.DEFAULT,
    site_type: SiteType.CLASSIC,
    text: 'Administration',
    url: '',
    function_id: null,
    sort_order: 40,
    children: ruleListPlugins.map((plugin, index) => ({
      category: MenuCategory.DEFAULT,
      site_type: SiteType.CLASSIC,
      text: plugin.label,
      url: plugin.functionIdInPath ? `${plugin.route}/${plugin.functionId}` : plugin.route,
      function_id: plugin.functionId,
      sort_order: index,
    })),
  },
  { category: MenuCategory.ABOUT_GLS, site_type: SiteType.NEW, text: 'About', url: 'about', function_id: null, sort_order: 50 },
  { category: MenuCategory.HELP, site_type: SiteType.NEW, text: 'Help', url: 'help', function_id: null, sort_order: 60 },
];

export const demoUsers = [
  { company_id: 'DEMOAIR', user_id: 'admin', user_name: 'Alice Admin', email: 'admin@demoair.example', password: 'Admin#12345', role_id: 'ADMIN', mfa_required: false },
  { company_id: 'DEMOAIR', user_id: 'operator', user_name: 'Oscar Operator', email: 'operator@demoair.example', password: 'Operator#12345', role_id: 'OPERATOR', mfa_required: false },
  { company_id: 'DEMOAIR', user_id: 'mfauser', user_name: 'Mia Factor', email: 'mfauser@demoair.example', password: 'Mfa#123456', role_id: 'OPERATOR', mfa_required: true },
  { company_id: 'DEMOFWD', user_id: 'operator', user_name: 'Fiona Forwarder', email: 'operator@demofwd.example', password: 'Operator#12345', role_id: 'OPERATOR', mfa_required: false },
  { company_id: 'DEMOGHA', user_id: 'operator', user_name: 'Gus Handler', email: 'operator@demogha.example', password: 'Operator#12345', role_id: 'OPERATOR', mfa_required: false },
  { company_id: 'SKYAIR', user_id: 'admin', user_name: 'Sam Sky', email: 'admin@skyair.example', password: 'Admin#12345', role_id: 'ADMIN', mfa_required: false },
];

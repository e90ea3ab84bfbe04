import { CompanyType, FunctionId, RoleType } from '../../../domain/access';
import { ruleListPlugins } from '../../../../plugins';
import { registryFunctions } from '../permissionRegistry';

/** The demo world's companies, roles, role grants and accounts (documented in the README); functions and menus come from the code (permissionRegistry.ts). */

export const demoCompanies = [
  {
    company_id: 'DEMOAIR',
    company_name: 'Demo Airlines',
    company_type_id: CompanyType.AIRLINE,
    access_type: 2,
    airline_prefixes: ['160', '297'],
    stations: [] as string[],
  },
  {
    company_id: 'SKYAIR',
    company_name: 'Sky Cargo Airways',
    company_type_id: CompanyType.AIRLINE,
    access_type: 2,
    airline_prefixes: ['618', '020'],
    stations: [] as string[],
  },
  {
    company_id: 'DEMOFWD',
    company_name: 'Demo Freight Forwarding Ltd',
    company_type_id: CompanyType.FORWARDER,
    access_type: 1,
    airline_prefixes: [] as string[],
    stations: [] as string[],
  },
  {
    company_id: 'FASTFWD',
    company_name: 'Fast Forwarders GmbH',
    company_type_id: CompanyType.FORWARDER,
    access_type: 1,
    airline_prefixes: [] as string[],
    stations: [] as string[],
  },
  {
    company_id: 'DEMOGHA',
    company_name: 'Demo Ground Handling',
    company_type_id: CompanyType.GROUND_HANDLER,
    access_type: 1,
    airline_prefixes: [] as string[],
    stations: ['HKG', 'SIN'],
  },
  {
    company_id: 'HUBGHA',
    company_name: 'Hub Terminal Services',
    company_type_id: CompanyType.GROUND_HANDLER,
    access_type: 1,
    airline_prefixes: [] as string[],
    stations: ['FRA', 'AMS'],
  },
];

export const demoRoles = [
  { role_id: 'ADMIN', role_type: RoleType.ADMIN, role_name: 'Admin' },
  { role_id: 'OPERATOR', role_type: RoleType.OPERATOR, role_name: 'Operator' },
];

/** The functions of the code's registries (permissionRegistry.ts); the demo roles hold them as below. */
export const demoFunctions = registryFunctions(ruleListPlugins);

/** Operators work shipments: search and decide, the user log, send FWB/FHL messages and follow outbound ones. */
const operatorFunctions = [FunctionId.SHIPMENT, FunctionId.USER_LOG, FunctionId.SHIPMENT_MESSAGES, FunctionId.OUTBOUND_MESSAGES];

export const demoRoleFunctions = [
  ...demoFunctions.map((fn) => ({ role_id: 'ADMIN', function_id: fn.function_id })),
  ...operatorFunctions.map((function_id) => ({ role_id: 'OPERATOR', function_id })),
];

export const demoUsers = [
  {
    company_id: 'DEMOAIR',
    user_id: 'admin',
    user_name: 'Alice Admin',
    email: 'admin@demoair.example',
    password: 'Admin#12345',
    role_id: 'ADMIN',
    mfa_required: false,
  },
  {
    company_id: 'DEMOAIR',
    user_id: 'operator',
    user_name: 'Oscar Operator',
    email: 'operator@demoair.example',
    password: 'Operator#12345',
    role_id: 'OPERATOR',
    mfa_required: false,
  },
  {
    company_id: 'DEMOAIR',
    user_id: 'mfauser',
    user_name: 'Mia Factor',
    email: 'mfauser@demoair.example',
    password: 'Mfa#123456',
    role_id: 'OPERATOR',
    mfa_required: true,
  },
  {
    company_id: 'DEMOFWD',
    user_id: 'operator',
    user_name: 'Fiona Forwarder',
    email: 'operator@demofwd.example',
    password: 'Operator#12345',
    role_id: 'OPERATOR',
    mfa_required: false,
  },
  {
    company_id: 'DEMOGHA',
    user_id: 'operator',
    user_name: 'Gus Handler',
    email: 'operator@demogha.example',
    password: 'Operator#12345',
    role_id: 'OPERATOR',
    mfa_required: false,
  },
  {
    company_id: 'SKYAIR',
    user_id: 'admin',
    user_name: 'Sam Sky',
    email: 'admin@skyair.example',
    password: 'Admin#12345',
    role_id: 'ADMIN',
    mfa_required: false,
  },
];

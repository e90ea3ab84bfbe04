import type { ColumnType, Generated, Selectable, Insertable, Updateable } from 'kysely';

/** Every table of the portal, gathered into the one Database interface Kysely is typed with. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

export interface CompanyTable {
  company_id: string;
  company_name: string;
  company_type_id: number;
  access_type: number;
  is_import_forwarder: Generated<boolean>;
  /** Airlines: the AWB prefixes they own. */
  airline_prefixes: string[];
  /** Ground handlers: the stations they handle. */
  stations: string[];
  created_at: CreatedAt;
}

export interface RoleTable {
  role_id: string;
  role_type: number;
  role_name: string;
}

export interface FunctionTable {
  function_id: number;
  function_name: string;
  route: string;
}

export interface RoleFunctionTable {
  role_id: string;
  function_id: number;
}

export interface MenuTable {
  menu_id: Generated<number>;
  parent_id: number | null;
  category: number;
  site_type: number;
  text: string;
  url: string;
  function_id: number | null;
  sort_order: number;
}

export interface UserTable {
  company_id: string;
  user_id: string;
  user_name: string;
  email: string | null;
  password_hash: string;
  role_id: string;
  mfa_required: Generated<boolean>;
  is_locked: Generated<boolean>;
  password_changed_at: Timestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RefreshTokenTable {
  token_hash: string;
  family_id: string;
  company_id: string;
  user_id: string;
  family_expires_at: Timestamp;
  created_at: CreatedAt;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface MfaChallengeTable {
  mfa_token_hash: string;
  company_id: string;
  user_id: string;
  code_hash: string | null;
  code_expires_at: Timestamp | null;
  code_sent_at: Timestamp | null;
  attempts_left: number;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface MfaSessionTable {
  session_hash: string;
  company_id: string;
  user_id: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface LoginFailureTable {
  id: Generated<string>;
  account_key: string;
  ip_address: string;
  failed_at: Timestamp;
}

export interface EnvelopeTokenTable {
  token: string;
  seen_at: Timestamp;
}

export interface MailOutboxTable {
  mail_id: Generated<string>;
  recipient: string;
  subject: string;
  body_text: string;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  error: string | null;
}

export interface AuditLogTable {
  audit_id: Generated<string>;
  at: CreatedAt;
  company_id: string;
  user_id: string;
  ip_address: string | null;
  entity: string;
  entity_key: string;
  action: string;
  before_value: Json<unknown> | null;
  after_value: Json<unknown> | null;
}

export interface Party {
  name: string;
  address: string;
  city: string;
  country: string;
  postcode?: string;
  phone?: string;
  accountNumber?: string;
}

export interface FlightLeg {
  carrier: string;
  flightNumber: string;
  date: string;
  from: string;
  to: string;
}

export interface ShipmentTable {
  shipment_id: Generated<string>;
  awb_prefix: string;
  awb_suffix: string;
  status: string;
  origin: string;
  destination: string;
  pieces: number;
  weight_kg: string;
  volume_m3: string | null;
  goods_description: string;
  special_handling_codes: string[];
  shipper: Json<Party>;
  consignee: Json<Party>;
  notify: Json<Party> | null;
  agent: Json<Party & { iataCode?: string }> | null;
  agent_company_id: string | null;
  routing: Json<FlightLeg[]>;
  /** Rates, charges, dimensions, licence and declaration data, customs rows, persons: the detail page reads them whole. */
  detail: Json<Record<string, unknown>>;
  flight_date: ColumnType<string, string, string>;
  message_date: Timestamp;
  std: Timestamp | null;
  update_dt: Timestamp;
  created_at: CreatedAt;
}

export interface ShipmentLendingTable {
  shipment_id: string;
  company_id: string;
  lent_by: string;
  lent_at: CreatedAt;
}

export interface Database {
  companies: CompanyTable;
  roles: RoleTable;
  functions: FunctionTable;
  role_functions: RoleFunctionTable;
  menus: MenuTable;
  users: UserTable;
  refresh_tokens: RefreshTokenTable;
  mfa_challenges: MfaChallengeTable;
  mfa_sessions: MfaSessionTable;
  login_failures: LoginFailureTable;
  envelope_tokens: EnvelopeTokenTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  shipments: ShipmentTable;
  shipment_lendings: ShipmentLendingTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Company = Selectable<CompanyTable>;
export type Shipment = Selectable<ShipmentTable>;
export type NewShipment = Insertable<ShipmentTable>;

import type { ColumnType, Generated, Selectable, Insertable, Updateable } from 'kysely';
import type { Party as WireParty } from '../../domain/shipmentWire';
import type { ShipmentEventKind } from '../../domain/shipmentEvents';
import type { NotifyAuthMethod } from '../../domain/oneRecord/clients';
import type { RequestStatus } from '../../domain/oneRecord/actionRequests';

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
  /** The client's address; an IPv6 one by its /64 (auth/loginThrottle.ts, throttledAddress). */
  ip_address: string;
  /** The device id of the client's device cookie for the account; null for a client without one. */
  device_id: string | null;
  failed_at: Timestamp;
}

export interface EnvelopeTokenTable {
  token: string;
  seen_at: Timestamp;
}

/** 0023: secrets the instances on one database share (the token key when JWT_SECRET is not set). */
export interface PortalSecretTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** 0026: ONE Record clients registered by a company's admins (issue 37, 4). */
export interface OneRecordClientTable {
  client_id: string;
  company_id: string;
  name: string;
  organisation_iri: string;
  secret_hash: string;
  created_by: string;
  created_at: CreatedAt;
  revoked_by: string | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** 0038: how the portal signs in to notify the client's organisation (OAuth 2.0 client credentials); null: no token. */
  notify_token_url: string | null;
  notify_client_id: string | null;
  /** 0038's secret as text: sealed (and emptied) as an instance of 0040 or later starts. */
  notify_client_secret: string | null;
  /** 0040: the secret sealed (sealedSecrets.ts, bound to client_id). */
  notify_client_secret_sealed: string | null;
  notify_scope: string | null;
  /** 0039: null on a sign-in set before it means UNRECORDED_NOTIFY_AUTH_METHOD. */
  notify_auth_method: NotifyAuthMethod | null;
  notify_auth_changed_at: Date | null;
}

/** 0027: logistics events partners posted to the ONE Record objects of a shipment (issue 37, 4). */
export interface OneRecordEventTable {
  event_id: string;
  object_id: string;
  /** 0029: null for an event of a partner's logistics object. */
  shipment_id: string | null;
  company_id: string;
  user_id: string | null;
  client_id: string | null;
  recording_organisation: string | null;
  event_date: Date;
  event_code: string | null;
  event_name: string | null;
  event_time_type: string | null;
  partial_event: boolean | null;
  event_location: string | null;
  created_at: CreatedAt;
}

/** 0029: a logistics object a partner created on the ONE Record server, as it is now. */
export interface OneRecordObjectTable {
  object_id: string;
  object_type: string;
  company_id: string;
  user_id: string | null;
  client_id: string | null;
  organisation_iri: string;
  revision: Generated<number>;
  body: unknown;
  created_at: CreatedAt;
  modified_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** 0029: each revision of a partner's logistics object, from when it held. */
export interface OneRecordObjectRevisionTable {
  object_id: string;
  revision: number;
  body: unknown;
  valid_from: Date;
}

/**
 * What every ONE Record action request keeps (migrations 0029, 0030, 0032): who asked (the company, and its user or
 * client, as `requested_by` names the organisation), its status with when and how it came there, and its revocation.
 */
interface ActionRequestColumns {
  request_id: string;
  company_id: string;
  user_id: string | null;
  client_id: string | null;
  requested_by: string;
  requested_at: CreatedAt;
  status: RequestStatus;
  status_since: ColumnType<Date, Date | string | undefined, Date | string>;
  status_history: ColumnType<unknown, string | undefined, string>;
  revoked_by: string | null;
  revoked_at: Date | null;
}

/** 0029: a ONE Record action request (a change request) on a partner's logistics object. */
export interface OneRecordActionRequestTable extends ActionRequestColumns {
  request_type: string;
  object_id: string;
  for_revision: number;
  change: unknown;
  errors: unknown | null;
  /** 0033: the shipment of a portal's derived object the request changes (null for a partner's object). */
  shipment_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 0030: a partner's subscription to the ONE Record server (its SubscriptionRequest). */
export interface OneRecordSubscriptionTable extends ActionRequestColumns {
  subscriber: string;
  topic_type: string;
  topic: string;
  event_types: string[];
  send_body: Generated<boolean>;
  notify_status: Generated<boolean>;
  description: string | null;
  expires_at: Date | null;
}

/** 0030: a ONE Record notification the server received (or filed for an organisation hosted on it). */
export interface OneRecordNotificationTable {
  notification_id: string;
  recipient_company_id: string | null;
  sender_company_id: string | null;
  sender_user_id: string | null;
  sender_client_id: string | null;
  event_type: string;
  logistics_object: string | null;
  body: unknown;
  received_at: CreatedAt;
}

/** 0031: a change the ONE Record server is to notify its subscribers of (written by triggers). */
export interface OneRecordOutboxTable {
  outbox_id: Generated<string>;
  event_type: string;
  shipment_id: string | null;
  object_id: string | null;
  event_id: string | null;
  /** 0034: the action request whose status moved on (a request-status notification to its requester). */
  action_request_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0037: the company an announcement is for (LOGISTICS_OBJECT_ACCESS_GRANTED: the one a shipment is lent to). */
  company_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** 0031: one notification to one subscriber, until delivered (or given up). */
export interface OneRecordDeliveryTable {
  delivery_id: Generated<string>;
  /** The subscription it is for; null (0034) for a request-status notification, which names its request instead. */
  request_id: string | null;
  action_request_id: ColumnType<string | null, string | null | undefined, string | null>;
  target: string;
  body: unknown;
  created_at: CreatedAt;
  attempts: Generated<number>;
  last_attempt_at: Date | null;
  last_error: string | null;
  delivered_at: Date | null;
  failed_at: Date | null;
}

/** 0031: who sends to a target now. */
export interface OneRecordDeliveryLeaseTable {
  target: string;
  leased_until: Date;
}

/** 0036: a ONE Record target with notifications due, and whether its one job of the queue is trying it. */
export interface OneRecordRetryTargetTable {
  target: string;
  /** The job's: a job with another token is one of a row gone. */
  token: Generated<string>;
  /** Whether its job of the queue was sent (a sender could not reach it). */
  job_sent: Generated<boolean>;
  since: Generated<Date>;
}

/** 0032: a ONE Record access delegation of partners' objects (its AccessDelegationRequest). */
export interface OneRecordDelegationTable extends ActionRequestColumns {
  holder_company_id: string;
  requested_for: string;
  grantee_company_id: string;
  permissions: string[];
  object_ids: string[];
  description: string | null;
  notify_status: Generated<boolean>;
  expires_at: Date | null;
}

/** 0019: ids of event-stream tickets already used, kept until the ticket expires. */
export interface UsedEventTicketTable {
  ticket_id: string;
  expires_at: Timestamp;
}

export interface MailOutboxTable {
  mail_id: Generated<string>;
  recipient: string;
  subject: string;
  body_text: string;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  error: string | null;
  attachment_names: Generated<string[]>;
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

/** A party as stored with its shipment: the wire's party; only the agent has an IATA code. */
export type Party = Omit<WireParty, 'iataCode'>;

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
  agent: Json<WireParty> | null;
  agent_company_id: string | null;
  routing: Json<FlightLeg[]>;
  /** Rates, charges, dimensions, licence and declaration data, customs rows, persons: the detail page reads them whole. */
  detail: Json<Record<string, unknown>>;
  flight_date: ColumnType<string, string, string>;
  message_date: Timestamp;
  std: Timestamp | null;
  update_dt: Timestamp;
  created_at: CreatedAt;
  /** 0003_shipments: acceptance blocks, checks and screening results, the operator's remarks. */
  acceptance_block: 'HARD' | 'SOFT' | null;
  acceptance_block_reason: string | null;
  acceptance_block_companies: Generated<string[]>;
  eyeball_check: Json<{ result: 'PASS' | 'FAIL'; remarks: string; userId: string; companyId: string; at: string }> | null;
  sanction_hits: ColumnType<unknown[], string | undefined, string>;
  compliance_checks: ColumnType<unknown[], string | undefined, string>;
  operator_remarks: Generated<string>;
  /** 0009_compliance_engine: the carrier whose lists decide, the messages read, the engine's explanation, automatic acceptance due. */
  carrier_id: string | null;
  waybill: ColumnType<unknown, string | null | undefined, string | null> | null;
  house_manifest: ColumnType<unknown, string | null | undefined, string | null> | null;
  evaluation: ColumnType<unknown, string | null | undefined, string | null> | null;
  auto_accept_at: Timestamp | null;
}

/** A document of a shipment; `content` NULL: issued from the shipment's data when first opened, then kept. */
export interface ShipmentDocumentTable {
  document_id: Generated<string>;
  shipment_id: string;
  doc_type: string;
  pouch_kind: string | null;
  file_name: string;
  content_type: Generated<string>;
  content: Buffer | null;
  size_bytes: number | null;
  remarks: Generated<string>;
  updated_on: Generated<Date>;
  company_id: string;
  user_id: string;
  awaiting_acceptance: Generated<boolean>;
  accepted_by: string | null;
  accepted_at: Timestamp | null;
}

/** The shipment's history: messages received, status changes, decisions, modifications. */
export interface ShipmentEventTable {
  event_id: Generated<string>;
  shipment_id: string;
  at: Generated<Date>;
  kind: ShipmentEventKind;
  description: string;
  company_id: string | null;
  user_id: string | null;
  details: Json<Record<string, unknown>> | null;
}

/** The handling lock (spec 4): one holder per shipment, lapsing without renewal. */
export interface ShipmentHandlingTable {
  shipment_id: string;
  company_id: string;
  user_id: string;
  user_name: string;
  taken_at: Generated<Date>;
  renewed_at: Generated<Date>;
}

/** The spec's user log (Display, Download, Search) and the decisions and changes made on shipments. */
export interface ActionLogTable {
  log_id: Generated<string>;
  at: Generated<Date>;
  company_id: string;
  user_id: string;
  act_type: string;
  doc_type: Generated<string>;
  doc_name: Generated<string>;
  remarks: Generated<string>;
  shipment_id: string | null;
  shipment_document_id: string | null;
  awb_prefix: string | null;
  awb_suffix: string | null;
  log_level: Generated<number>;
  source: Generated<string>;
  ip_address: string | null;
}

/** Lookup lists: 1 the MIP action list (reject reasons), 11 the additional remarks. */
export interface LookupCodeTable {
  lookup_type: number;
  code: string;
  description: string;
  sort_order: Generated<number>;
  active: Generated<boolean>;
}

/** Messages to ACAS, ACI, the terminal or CSS, queued for transmission. */
export interface OutboundMessageTable {
  message_id: Generated<string>;
  shipment_id: string;
  target: string;
  payload: string;
  state: Generated<string>;
  company_id: string;
  user_id: string;
  created_at: CreatedAt;
  recipient: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: Timestamp | null;
  acknowledged_at: Timestamp | null;
  acknowledgement: string | null;
  updated_at: Generated<Date>;
}

/** Every FWB, FHL, FMA and FNA received, as received (0009_compliance_engine). */
export interface CargoMessageTable {
  message_id: Generated<string>;
  received_at: Generated<Date>;
  company_id: string;
  user_id: string;
  kind: 'FWB' | 'FHL' | 'FMA' | 'FNA';
  format: 'cargo-imp' | 'cargo-xml';
  awb_prefix: string;
  awb_suffix: string;
  shipment_id: string | null;
  outcome: 'created' | 'updated' | 'unchanged' | 'pending' | 'acknowledged' | 'rejected';
  body: string;
}

/** A re-evaluation of a carrier's open shipments after one of its lists changed, with its progress. */
export interface RescreenRunTable {
  run_id: Generated<string>;
  company_id: string;
  list_name: string;
  reason: string;
  requested_by: string;
  state: Generated<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'SUPERSEDED'>;
  total: Generated<number>;
  done: Generated<number>;
  changed: Generated<number>;
  last_shipment_id: Generated<string>;
  error: string | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** 0024_targeted_rescreen: the source versions a run is limited to (none: every shipment the change can affect). */
  scope: Json<RescreenScope> | null;
  /** 0024_targeted_rescreen: shipments assessed again (a targeted run passes over those its scope does not concern). */
  screened: Generated<number>;
}

/** A run limited to what new versions of sources changed: per source, the file compared with (the version before the first of them). */
export interface RescreenScope {
  sources: { source: string; fromFile: string | null }[];
}

export interface ShipmentLendingTable {
  shipment_id: string;
  company_id: string;
  /** The company that lent it (the owning airline). */
  lent_by: string;
  /** 0012_lending_users: the user who lent it (none for lendings made before). */
  lent_by_user: string | null;
  lent_at: CreatedAt;
}

/** A company's allowed address range (IP restriction); a company without ranges is not restricted. */
export interface CompanyIpRangeTable {
  range_id: Generated<string>;
  company_id: string;
  /** PostgreSQL cidr, written and read as its normalised text ("203.0.113.0/24"). */
  cidr: string;
  description: Generated<string>;
  created_by: string;
  created_at: CreatedAt;
}

/** A user's recorded privacy consent (category 1 = China, spec 3). */
export interface UserConsentTable {
  consent_id: Generated<string>;
  company_id: string;
  user_id: string;
  category_id: number;
  consent_version: number;
  /** The address the browser's region lookup reported. */
  ip_address: string;
  /** The address the consent request came from. */
  request_ip: string | null;
  created_at: CreatedAt;
}

/** A forgot-password link: single use, expiring; only the token's hash is kept. */
export interface PasswordResetTable {
  token_hash: string;
  company_id: string;
  user_id: string;
  requested_ip: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A single-use, short-lived id the classic site redeems for a token pair (fetchToken). */
export interface TokenHandoverTable {
  handover_hash: string;
  company_id: string;
  user_id: string;
  app_id: number;
  request_uri: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  redeemed_at: Timestamp | null;
}

/** What the browser reports through /logapi/clientlogging (log levels of spec 9). */
export interface ClientLogTable {
  log_id: Generated<string>;
  at: CreatedAt;
  company_id: string;
  user_id: string;
  log_type: number;
  message: string;
  ip_address: string | null;
  user_agent: string | null;
}

/** A company's row of an admin rule list (plugins/): the plugin's field values, a version for optimistic concurrency. */
export interface RuleListRowTable {
  row_id: Generated<string>;
  company_id: string;
  list_name: string;
  row_values: Json<Record<string, string | number | null>>;
  /** The plugin's unique key, normalised (ruleListValidation.uniqueKeyOf). */
  unique_key: string;
  version: Generated<number>;
  created_at: CreatedAt;
  created_by: string;
  updated_at: Timestamp;
  updated_by: string;
}

/** An operational notice on the bulletin page; company_id null: for every company. */
export interface BulletinTable {
  bulletin_id: Generated<string>;
  company_id: string | null;
  severity: 'info' | 'warning' | 'critical';
  title: string;
  body: string;
  published_at: Timestamp;
  expires_at: Timestamp | null;
  created_by: string;
  created_at: CreatedAt;
}

/** 0013_live_events: what the browsers' event streams carry, numbered in commit order (the triggers write it). */
export interface LiveEventTable {
  event_id: Generated<string>;
  at: CreatedAt;
  kind: string;
  shipment_id: string | null;
  company_id: string | null;
  awb_prefix: string | null;
  awb_suffix: string | null;
  status: string | null;
  agent_company_id: string | null;
  origin: string | null;
  destination: string | null;
  by_name: string | null;
  detail: Json<Record<string, unknown>>;
}

/** The highest live event id pruned: an older Last-Event-ID is told to reload. */
export interface LiveEventsPrunedTable {
  only_row: Generated<boolean>;
  through_id: string;
}

/** A parsed official sanctions file (or OFAC file set), by the SHA-256 of its bytes (migration 0020). */
export interface SanctionSourceFileTable {
  file_hash: string;
  source: string;
  published_at: Timestamp | null;
  summary: Json<unknown>;
  created_at: CreatedAt;
}

/** One listed party of a file: a SourceEntry (src/domain/screening/sources/model.ts) as JSON, with a hash of it. */
export interface SanctionSourceEntryTable {
  file_hash: string;
  entry_id: string;
  content_hash: string;
  entry: Json<unknown>;
}

/** A company's import of a source; its latest version is the one screened against. */
export interface SanctionSourceVersionTable {
  version_id: Generated<string>;
  company_id: string;
  source: string;
  file_hash: string;
  file_names: string;
  published_at: Timestamp | null;
  imported_at: CreatedAt;
  /** The user who uploaded it; null when the schedule (or the demo world) imported it. */
  imported_by: string | null;
  via: 'upload' | 'schedule' | 'seed';
  entries: number;
  aliases: number;
  weak_aliases: number;
  added: number;
  removed: number;
  changed: number;
}

/** Every import and refresh of a source, with why it was refused or failed. */
export interface SanctionSourceAttemptTable {
  attempt_id: Generated<string>;
  company_id: string;
  source: string;
  at: CreatedAt;
  via: 'upload' | 'schedule' | 'seed';
  requested_by: string | null;
  outcome: 'imported' | 'unchanged' | 'refused' | 'failed';
  reason: string | null;
  problems: Json<unknown> | null;
  version_id: string | null;
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
  used_event_tickets: UsedEventTicketTable;
  portal_secrets: PortalSecretTable;
  onerecord_clients: OneRecordClientTable;
  onerecord_events: OneRecordEventTable;
  onerecord_objects: OneRecordObjectTable;
  onerecord_object_revisions: OneRecordObjectRevisionTable;
  onerecord_action_requests: OneRecordActionRequestTable;
  onerecord_subscriptions: OneRecordSubscriptionTable;
  onerecord_notifications: OneRecordNotificationTable;
  onerecord_outbox: OneRecordOutboxTable;
  onerecord_deliveries: OneRecordDeliveryTable;
  onerecord_delivery_leases: OneRecordDeliveryLeaseTable;
  onerecord_retry_targets: OneRecordRetryTargetTable;
  onerecord_delegations: OneRecordDelegationTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  shipments: ShipmentTable;
  shipment_lendings: ShipmentLendingTable;
  shipment_documents: ShipmentDocumentTable;
  shipment_events: ShipmentEventTable;
  shipment_handling: ShipmentHandlingTable;
  action_log: ActionLogTable;
  lookup_codes: LookupCodeTable;
  outbound_messages: OutboundMessageTable;
  cargo_messages: CargoMessageTable;
  rescreen_runs: RescreenRunTable;
  user_consents: UserConsentTable;
  password_resets: PasswordResetTable;
  token_handovers: TokenHandoverTable;
  client_logs: ClientLogTable;
  company_ip_ranges: CompanyIpRangeTable;
  rule_list_rows: RuleListRowTable;
  bulletins: BulletinTable;
  live_events: LiveEventTable;
  live_events_pruned: LiveEventsPrunedTable;
  sanction_source_files: SanctionSourceFileTable;
  sanction_source_entries: SanctionSourceEntryTable;
  sanction_source_versions: SanctionSourceVersionTable;
  sanction_source_attempts: SanctionSourceAttemptTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Company = Selectable<CompanyTable>;
export type Shipment = Selectable<ShipmentTable>;
export type NewShipment = Insertable<ShipmentTable>;

import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  ConfigurationError,
  countryListSetting,
  countrySetting,
  headerNameSetting,
  regionNetworksSetting,
  urlSetting,
  type RegionNetwork,
} from './configValues';
import { isEmailAddress } from '../domain/email';
import { parseIpRange } from '../domain/ipRange';
import { SOURCE_IDS, type SourceId } from '../domain/screening/sources/model';

/** Typed, immutable configuration read once from the environment; a bad value stops the start with a clear message. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  logLevel: string;
  /** Where the built SPA lives. */
  distDir: string;
  /** Public base URLs the browser is told in /ez4/config.json; empty means same origin. */
  authBase: string;
  apiBase: string;
  classicApiBase: string;
  /**
   * Sign-in throttling (auth/loginThrottle.ts): failures one client may make on an account within the
   * window (an address without the account's device cookie, or one device with it); the password checks
   * per window that clients without the cookie share once the account has that many failures from them;
   * how long a device cookie lets its browser or API client through.
   */
  loginMaxFailuresPerAccount: number;
  loginSharedChecksPerAccount: number;
  loginFailureWindowSeconds: number;
  loginDeviceCookieDays: number;
  mfaCodeTtlSeconds: number;
  mfaMaxAttempts: number;
  mfaResendSeconds: number;
  mfaDialogTimeoutSeconds: number;
  mfaSessionDays: number;
  accessTokenSeconds: number;
  refreshTokenHours: number;
  envelopeWindowSeconds: number;
  /** On SIGTERM: how long /readyz answers 503 while the instance still serves, before it stops accepting. */
  drainSeconds: number;
  /** While an instance starts, how long a request other than a probe is held for its app before 503 (STARTING_HOLD_SECONDS). */
  startingHoldSeconds: number;
  /** How long a start waits for the database of DATABASE_URL, trying again with a growing pause. */
  databaseWaitSeconds: number;
  /** With it, /metrics also answers requests from other machines that carry it as a bearer token. */
  metricsToken: string | undefined;
  /** Days the daily retention job keeps each log's lines (0: kept for ever). */
  retentionDays: { mailOutbox: number; userLog: number; clientLog: number; auditLog: number; oneRecordNotifications: number };
  /** Sign-in experience: the site's public address for links in mail, classic site, region and consent, page chrome. */
  publicUrl: string;
  styleVersion: number;
  classicSiteUrl: string;
  classicAppId: number;
  tokenHandoverSeconds: number;
  passwordResetMinutes: number;
  /** Reset links mailed to one account per hour at most; further requests get the same answer and no mail. */
  passwordResetMailsPerHour: number;
  regionLookupUrl: string;
  regionOverride: string | undefined;
  regionCountryHeader: string | undefined;
  regionNetworks: readonly RegionNetwork[];
  chinaConsentCountries: readonly string[];
  headerAppUrl: string;
  footerAppUrl: string;
  blockedIeVersion: number;
  contacts: Readonly<{ customerServiceEmail: string; customerServicePhone: string; businessDevelopmentEmail: string; businessDevelopmentPhone: string }>;
  links: Readonly<{ aboutProduct: string; news: string; aboutProvider: string }>;
  /** The number of demo shipments the first start seeds. */
  seedShipments: number;
  /** How many entries of the OFAC SDN snapshot the demo OFAC_SDN source gets on first start (all by default). */
  seedSanctionEntries: number;
  seed: boolean;
  /** Shipments: a handling lock lapses after this many minutes without renewal; pouch upload size; file link lifetime. */
  handlingLockMinutes: number;
  pouchMaxBytes: number;
  fileTicketSeconds: number;
  /** Live event streams (issue 19): ticket lifetime, heartbeat, open streams per user and instance, the replay window. */
  eventTicketSeconds: number;
  liveHeartbeatMs: number;
  liveStreamsPerUser: number;
  liveEventsKeepMinutes: number;
  liveEventsKeepCount: number;
  /**
   * Reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, or loopback /
   * linklocal / uniquelocal); empty: the socket's address is the client's.
   */
  trustedProxies: readonly string[];
  /** Requests one address may make per minute to the authentication host and to forgot password (on top of the per-account limits). */
  authRateLimitPerMinute: number;
  /** Compliance engine: how long a shipment waits in Processing before it is accepted automatically. */
  autoAcceptDelaySeconds: number;
  /** Whether this instance runs the background workers (re-screening, outbound messages, automatic acceptance). */
  workers: boolean;
  /** App processes serving HTTP on this machine (one per core unless told): a primary starts and watches them. */
  webConcurrency: number;
  /** The database schema of the job queue (pg-boss). */
  jobSchema: string;
  /** Where outbound messages go, by target (ACAS, ACI, TERMINAL, CSS): an e-mail address each. */
  outboundAddresses: Readonly<Record<'ACAS' | 'ACI' | 'TERMINAL' | 'CSS', string>>;
  /**
   * Sanctions sources fetched on a schedule (issue 34): SANCTIONS_SOURCES="UN=https://...,OFAC_SDN=https://.../sdn.csv|https://.../alt.csv";
   * an OFAC set's files separated by |, each named as OFAC names it. Empty: no source is fetched.
   */
  sanctionsSources: Readonly<Partial<Record<SourceId, readonly string[]>>>;
  /** How often the sources are fetched, in minutes (SANCTIONS_REFRESH: 30m, 6h, 1d; daily by default; off: never). */
  sanctionsRefreshMinutes: number | undefined;
}

/** The example receivers of outbound messages, until OUTBOUND_ADDRESSES names real ones. */
export const OUTBOUND_DEFAULTS = {
  ACAS: 'acas.filing@cbp-gateway.example',
  ACI: 'aci.filing@cbsa-gateway.example',
  TERMINAL: 'cargo.terminal@terminal-gateway.example',
  CSS: 'security.filing@css-gateway.example',
} as const;

function outboundAddresses(env: NodeJS.ProcessEnv, name: string): Record<keyof typeof OUTBOUND_DEFAULTS, string> {
  const addresses: Record<keyof typeof OUTBOUND_DEFAULTS, string> = { ...OUTBOUND_DEFAULTS };
  for (const entry of (text(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [target, address] = entry.split('=').map((part) => part.trim());
    if (!(target in OUTBOUND_DEFAULTS) || !address || !isEmailAddress(address)) {
      throw new ConfigurationError(
        `Configuration: ${name} entries must be TARGET=address with TARGET one of ${Object.keys(OUTBOUND_DEFAULTS).join(', ')}; got "${entry}"`,
      );
    }
    addresses[target as keyof typeof OUTBOUND_DEFAULTS] = address;
  }
  return addresses;
}

function sanctionsSources(env: NodeJS.ProcessEnv, name: string): Partial<Record<SourceId, string[]>> {
  const sources: Partial<Record<SourceId, string[]>> = {};
  for (const entry of (text(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const equals = entry.indexOf('=');
    const source = entry.slice(0, equals).trim() as SourceId;
    const urls = entry
      .slice(equals + 1)
      .split('|')
      .map((url) => url.trim())
      .filter(Boolean);
    if (equals < 0 || !SOURCE_IDS.includes(source) || urls.length === 0 || urls.some((url) => !/^https?:\/\/[^\s]+$/.test(url))) {
      throw new ConfigurationError(
        `Configuration: ${name} entries must be SOURCE=http(s) URL(s) separated by | with SOURCE one of ${SOURCE_IDS.join(', ')}; got "${entry}"`,
      );
    }
    sources[source] = urls;
  }
  return sources;
}

/** A period as 30m, 6h or 1d (minutes); off: undefined. */
function refreshMinutes(env: NodeJS.ProcessEnv, name: string, fallback: string): number | undefined {
  const raw = (text(env, name) ?? fallback).trim().toLowerCase();
  if (raw === 'off') return undefined;
  const match = /^(\d{1,5})\s*(m|h|d)$/.exec(raw);
  if (!match || Number(match[1]) === 0) throw new ConfigurationError(`Configuration: ${name} must be a period such as 30m, 6h or 1d, or off; got "${raw}"`);
  return Number(match[1]) * { m: 1, h: 60, d: 1440 }[match[2] as 'm' | 'h' | 'd'];
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigurationError(`Configuration: ${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : raw;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyList(env: NodeJS.ProcessEnv, name: string): string[] {
  const entries = (text(env, name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.map((entry) => {
    if (PROXY_NAMES.includes(entry)) return entry;
    const range = parseIpRange(entry);
    if (!range)
      throw new ConfigurationError(`Configuration: ${name} entries must be IP addresses, CIDR ranges, loopback, linklocal or uniquelocal; got "${entry}"`);
    return range.cidr;
  });
}

function jobSchema(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new ConfigurationError(`Configuration: JOB_SCHEMA must be a lower-case schema name, got "${name}"`);
  return name;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const port = integer(env, 'PORT', 8080);
  if (port > 65535) throw new ConfigurationError(`Configuration: PORT must be at most 65535, got ${port}`);
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigurationError('Configuration: DATABASE_URL must start with postgres:// or postgresql://');
  }
  const jwtSecret = text(env, 'JWT_SECRET');
  if (jwtSecret && jwtSecret.length < 32) throw new ConfigurationError('Configuration: JWT_SECRET must be at least 32 characters');
  return Object.freeze({
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(text(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    jwtSecret,
    smtpUrl: text(env, 'SMTP_URL'),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    distDir: path.resolve(text(env, 'DIST_DIR') ?? './dist'),
    authBase: text(env, 'PUBLIC_AUTH_BASE') ?? '/auth',
    apiBase: text(env, 'PUBLIC_API_BASE') ?? '',
    classicApiBase: text(env, 'PUBLIC_CLASSIC_API_BASE') ?? '/classicapi',
    loginMaxFailuresPerAccount: integer(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1),
    loginSharedChecksPerAccount: integer(env, 'LOGIN_SHARED_CHECKS_PER_ACCOUNT', 10, 1),
    loginFailureWindowSeconds: integer(env, 'LOGIN_FAILURE_WINDOW_SECONDS', 900, 1),
    loginDeviceCookieDays: integer(env, 'LOGIN_DEVICE_COOKIE_DAYS', 30, 1),
    mfaCodeTtlSeconds: integer(env, 'MFA_CODE_TTL_SECONDS', 300, 1),
    mfaMaxAttempts: integer(env, 'MFA_MAX_ATTEMPTS', 3, 1),
    mfaResendSeconds: integer(env, 'MFA_RESEND_SECONDS', 30, 1),
    mfaDialogTimeoutSeconds: integer(env, 'MFA_DIALOG_TIMEOUT_SECONDS', 60, 1),
    mfaSessionDays: integer(env, 'MFA_SESSION_DAYS', 30, 1),
    accessTokenSeconds: integer(env, 'ACCESS_TOKEN_SECONDS', 900, 1),
    refreshTokenHours: integer(env, 'REFRESH_TOKEN_HOURS', 12, 1),
    envelopeWindowSeconds: integer(env, 'ENVELOPE_WINDOW_SECONDS', 300, 1),
    drainSeconds: integer(env, 'DRAIN_SECONDS', 5, 0),
    startingHoldSeconds: integer(env, 'STARTING_HOLD_SECONDS', 10, 0),
    metricsToken: text(env, 'METRICS_TOKEN'),
    databaseWaitSeconds: integer(env, 'DATABASE_WAIT_SECONDS', 300, 0),
    retentionDays: {
      mailOutbox: integer(env, 'MAIL_OUTBOX_KEEP_DAYS', 30, 0),
      userLog: integer(env, 'USER_LOG_KEEP_DAYS', 400, 0),
      clientLog: integer(env, 'CLIENT_LOG_KEEP_DAYS', 30, 0),
      auditLog: integer(env, 'AUDIT_LOG_KEEP_DAYS', 0, 0),
      oneRecordNotifications: integer(env, 'ONERECORD_NOTIFICATIONS_KEEP_DAYS', 30, 0),
    },
    publicUrl: urlSetting('PUBLIC_URL', text(env, 'PUBLIC_URL'), `http://localhost:${port}`).replace(/\/+$/, ''),
    styleVersion: integer(env, 'STYLE_VERSION', 1, 1),
    classicSiteUrl: urlSetting('CLASSIC_SITE_URL', text(env, 'CLASSIC_SITE_URL'), '', true),
    classicAppId: integer(env, 'CLASSIC_APP_ID', 1, 1),
    tokenHandoverSeconds: integer(env, 'TOKEN_HANDOVER_SECONDS', 60, 1),
    passwordResetMinutes: integer(env, 'PASSWORD_RESET_MINUTES', 30, 1),
    passwordResetMailsPerHour: integer(env, 'PASSWORD_RESET_MAILS_PER_HOUR', 3, 1),
    regionLookupUrl: urlSetting('REGION_LOOKUP_URL', text(env, 'REGION_LOOKUP_URL'), '/api/region'),
    regionOverride: countrySetting('REGION_OVERRIDE', text(env, 'REGION_OVERRIDE')),
    regionCountryHeader: headerNameSetting('REGION_COUNTRY_HEADER', text(env, 'REGION_COUNTRY_HEADER')),
    regionNetworks: Object.freeze(regionNetworksSetting('REGION_NETWORKS', text(env, 'REGION_NETWORKS'))),
    chinaConsentCountries: Object.freeze(countryListSetting('CHINA_CONSENT_COUNTRIES', text(env, 'CHINA_CONSENT_COUNTRIES'), 'CN')),
    headerAppUrl: urlSetting('HEADER_APP_URL', text(env, 'HEADER_APP_URL'), '/ez4/chrome/header/'),
    footerAppUrl: urlSetting('FOOTER_APP_URL', text(env, 'FOOTER_APP_URL'), '/ez4/chrome/footer/'),
    blockedIeVersion: integer(env, 'BLOCKED_IE_VERSION', 9, 0),
    contacts: Object.freeze({
      customerServiceEmail: text(env, 'CUSTOMER_SERVICE_EMAIL') ?? 'cargo.service@cargo-portal.example',
      customerServicePhone: text(env, 'CUSTOMER_SERVICE_PHONE') ?? '+852 2100 0000',
      businessDevelopmentEmail: text(env, 'BUSINESS_DEVELOPMENT_EMAIL') ?? 'cargo.sales@cargo-portal.example',
      businessDevelopmentPhone: text(env, 'BUSINESS_DEVELOPMENT_PHONE') ?? '+852 2100 0001',
    }),
    links: Object.freeze({
      aboutProduct: urlSetting('ABOUT_PRODUCT_URL', text(env, 'ABOUT_PRODUCT_URL'), '/ez4/en/about'),
      news: urlSetting('NEWS_URL', text(env, 'NEWS_URL'), '/ez4/en/about#news'),
      aboutProvider: urlSetting('ABOUT_PROVIDER_URL', text(env, 'ABOUT_PROVIDER_URL'), '/ez4/en/about#provider'),
    }),
    seedShipments: integer(env, 'SEED_SHIPMENTS', 2400, 0),
    seedSanctionEntries: integer(env, 'SEED_SANCTION_ENTRIES', 100_000, 0),
    seed: (text(env, 'SEED') ?? 'true') !== 'false',
    handlingLockMinutes: integer(env, 'HANDLING_LOCK_MINUTES', 5, 1),
    pouchMaxBytes: integer(env, 'POUCH_MAX_BYTES', 10 * 1024 * 1024, 1024),
    fileTicketSeconds: integer(env, 'FILE_TICKET_SECONDS', 120, 5),
    eventTicketSeconds: integer(env, 'EVENT_TICKET_SECONDS', 60, 5),
    liveHeartbeatMs: integer(env, 'LIVE_HEARTBEAT_MS', 20_000, 10),
    liveStreamsPerUser: integer(env, 'LIVE_STREAMS_PER_USER', 5, 1),
    liveEventsKeepMinutes: integer(env, 'LIVE_EVENTS_KEEP_MINUTES', 15, 1),
    liveEventsKeepCount: integer(env, 'LIVE_EVENTS_KEEP_COUNT', 50_000, 100),
    trustedProxies: Object.freeze(proxyList(env, 'TRUSTED_PROXIES')),
    authRateLimitPerMinute: integer(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 300, 1),
    autoAcceptDelaySeconds: integer(env, 'AUTO_ACCEPT_DELAY_SECONDS', 120, 0),
    workers: (text(env, 'WORKERS') ?? 'true') !== 'false',
    webConcurrency: integer(env, 'WEB_CONCURRENCY', availableParallelism(), 1),
    jobSchema: jobSchema(text(env, 'JOB_SCHEMA') ?? 'pgboss'),
    outboundAddresses: Object.freeze(outboundAddresses(env, 'OUTBOUND_ADDRESSES')),
    sanctionsSources: Object.freeze(sanctionsSources(env, 'SANCTIONS_SOURCES')),
    sanctionsRefreshMinutes: refreshMinutes(env, 'SANCTIONS_REFRESH', '1d'),
  });
}

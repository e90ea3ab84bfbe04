/** The browser's runtime configuration, `/ez4/config.json`: where the hosts are, product names, timings. */

import { APP_ID } from '../src/domain/access';

export interface RuntimeConfig {
  appId: number;
  /** URL prefixes; empty means this origin's root. May be absolute URLs on other origins. */
  authBase: string;
  apiBase: string;
  classicApiBase: string;
  styleVersion: number;
  classicSiteUrl: string;
  productName: string;
  cargoProductName: string;
  mfaResendSeconds: number;
  mfaDialogTimeoutSeconds: number;
  blockedIeVersion: number;
  /** The classic site's app id, for the token hand-over. */
  classicAppId: number;
  /** Where the region lookup answers {countryCode, iPv4Address}. */
  regionLookupUrl: string;
  /** Countries whose users give the China privacy consent. */
  chinaConsentCountries: readonly string[];
  /** Bases of the header and footer front-ends (their asset manifests sit there). */
  headerAppUrl: string;
  footerAppUrl: string;
  contacts: Readonly<{ customerServiceEmail: string; customerServicePhone: string; businessDevelopmentEmail: string; businessDevelopmentPhone: string }>;
  links: Readonly<{ aboutProduct: string; news: string; aboutProvider: string }>;
}

export const RUNTIME_CONFIG_PATH = '/ez4/config.json';

const DEFAULTS = {
  appId: APP_ID,
  styleVersion: 1,
  classicSiteUrl: '',
  productName: '',
  cargoProductName: '',
  mfaResendSeconds: 30,
  mfaDialogTimeoutSeconds: 60,
  blockedIeVersion: 9,
  classicAppId: 1,
  regionLookupUrl: '/api/region',
  headerAppUrl: '/ez4/chrome/header/',
  footerAppUrl: '/ez4/chrome/footer/',
} satisfies Partial<RuntimeConfig>;

function readStringList(source: Record<string, unknown>, key: string): string[] {
  const value = source[key];
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return [...value];
  throw new Error(`${RUNTIME_CONFIG_PATH}: "${key}" must be a list of strings`);
}

function readRecord<K extends string>(source: Record<string, unknown>, key: string, fields: readonly K[]): Readonly<Record<K, string>> {
  const value = source[key];
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return Object.freeze(Object.fromEntries(fields.map((field) => [field, readString(record, field, '')])) as Record<K, string>);
}

function readString(source: Record<string, unknown>, key: string, fallback?: string): string {
  const value = source[key];
  if (typeof value === 'string') return value;
  if (value === undefined && fallback !== undefined) return fallback;
  throw new Error(`${RUNTIME_CONFIG_PATH}: "${key}" must be a string`);
}

function readNumber(source: Record<string, unknown>, key: string, fallback: number): number {
  const value = source[key];
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new Error(`${RUNTIME_CONFIG_PATH}: "${key}" must be a number`);
}

/** Checks the file's shape; the three bases are required, the rest have the spec's defaults. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  if (typeof json !== 'object' || json === null) throw new Error(`${RUNTIME_CONFIG_PATH}: not a JSON object`);
  const source = json as Record<string, unknown>;
  return Object.freeze({
    appId: readNumber(source, 'appId', DEFAULTS.appId),
    authBase: readString(source, 'authBase'),
    apiBase: readString(source, 'apiBase'),
    classicApiBase: readString(source, 'classicApiBase'),
    styleVersion: readNumber(source, 'styleVersion', DEFAULTS.styleVersion),
    classicSiteUrl: readString(source, 'classicSiteUrl', DEFAULTS.classicSiteUrl),
    productName: readString(source, 'productName', DEFAULTS.productName),
    cargoProductName: readString(source, 'cargoProductName', DEFAULTS.cargoProductName),
    mfaResendSeconds: readNumber(source, 'mfaResendSeconds', DEFAULTS.mfaResendSeconds),
    mfaDialogTimeoutSeconds: readNumber(source, 'mfaDialogTimeoutSeconds', DEFAULTS.mfaDialogTimeoutSeconds),
    blockedIeVersion: readNumber(source, 'blockedIeVersion', DEFAULTS.blockedIeVersion),
    classicAppId: readNumber(source, 'classicAppId', DEFAULTS.classicAppId),
    regionLookupUrl: readString(source, 'regionLookupUrl', DEFAULTS.regionLookupUrl),
    chinaConsentCountries: Object.freeze(readStringList(source, 'chinaConsentCountries')),
    headerAppUrl: readString(source, 'headerAppUrl', DEFAULTS.headerAppUrl),
    footerAppUrl: readString(source, 'footerAppUrl', DEFAULTS.footerAppUrl),
    contacts: readRecord(source, 'contacts', ['customerServiceEmail', 'customerServicePhone', 'businessDevelopmentEmail', 'businessDevelopmentPhone']),
    links: readRecord(source, 'links', ['aboutProduct', 'news', 'aboutProvider']),
  });
}

/**
 * Joins a base and a path into an absolute URL ("" + "/userapi/x" -> "<origin>/userapi/x";
 * "https://api.example/" + "awbapi/x" -> "https://api.example/awbapi/x"). Relative results are
 * resolved against the page's location so that every fetch sees an absolute URL.
 */
export function hostUrl(base: string, path: string): string {
  const joined = base.replace(/\/+$/, '') + (path.startsWith('/') || path === '' ? path : `/${path}`);
  const location = globalThis.location as Location | undefined;
  return location?.href ? new URL(joined, location.href).href : joined;
}

let cached: Promise<RuntimeConfig> | undefined;

/** Fetches the configuration once per page; a failed load is forgotten so that a retry can succeed. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  cached ??= fetchRuntimeConfig().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(hostUrl('', RUNTIME_CONFIG_PATH), { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_PATH}: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

/** Forgets the cached configuration (tests, or a deliberate reload). */
export function forgetRuntimeConfig(): void {
  cached = undefined;
}

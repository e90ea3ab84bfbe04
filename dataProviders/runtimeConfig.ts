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
} satisfies Partial<RuntimeConfig>;

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

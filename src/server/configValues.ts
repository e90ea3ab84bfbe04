import { parseIpRange } from '../domain/ipRange';
import { parseCountryList } from '../domain/consent';

/** A setting the start refuses ("Configuration: NAME must ..."): starting again would refuse it again (npm start does not retry it). */
export class ConfigurationError extends Error {}

/** Parsers for the sign-in settings of config.ts: each names the variable and the bad value. */

/** An absolute http(s) URL or a path on this server ('/x'); `allowEmpty` lets '' mean "none". */
export function urlSetting(name: string, raw: string | undefined, fallback: string, allowEmpty = false): string {
  const value = raw ?? fallback;
  if (value === '' && allowEmpty) return '';
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  throw new ConfigurationError(`Configuration: ${name} must be an http(s) URL or a path starting with /, got "${value}"`);
}

/** "CN, HK" -> ['CN', 'HK']. */
export function countryListSetting(name: string, raw: string | undefined, fallback: string): string[] {
  const { codes, invalid } = parseCountryList(raw ?? fallback);
  if (invalid.length > 0) throw new ConfigurationError(`Configuration: ${name} must list two-letter country codes, got "${invalid.join(', ')}"`);
  return codes;
}

export function countrySetting(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (raw === '-') return '-';
  if (!/^[A-Za-z]{2}$/.test(raw)) throw new ConfigurationError(`Configuration: ${name} must be a two-letter country code or -, got "${raw}"`);
  return raw.toUpperCase();
}

/** A network and the country its addresses are in. */
export interface RegionNetwork {
  cidr: string;
  countryCode: string;
}

/** "203.0.113.0/24=CN, 2001:db8::/32=DE" -> networks; a single address counts as its own /32 or /128. */
export function regionNetworksSetting(name: string, raw: string | undefined): RegionNetwork[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.map((entry) => {
    const [range, country] = entry.split('=').map((part) => part?.trim());
    const bad = () => new ConfigurationError(`Configuration: ${name} entries must look like 203.0.113.0/24=CN, got "${entry}"`);
    if (!range || !country || !/^[A-Za-z]{2}$/.test(country)) throw bad();
    const parsed = parseIpRange(range);
    if (!parsed) throw bad();
    return { cidr: parsed.cidr, countryCode: country.toUpperCase() };
  });
}

/** An HTTP header name, lower case. */
export function headerNameSetting(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^[A-Za-z0-9-]{1,64}$/.test(raw)) throw new ConfigurationError(`Configuration: ${name} must be an HTTP header name, got "${raw}"`);
  return raw.toLowerCase();
}

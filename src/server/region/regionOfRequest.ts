import { addressInRanges, normaliseAddress } from '../../domain/ipRange';
import { normaliseCountryCode, UNKNOWN_COUNTRY } from '../../domain/consent';
import type { RegionNetwork } from '../configValues';

/** The region lookup answer of spec 3. */
export interface RegionLookupResponse {
  countryCode: string;
  iPv4Address: string;
}

export interface RegionSettings {
  /** Every visitor is in this country (a deployment for one region, or a test). */
  regionOverride: string | undefined;
  /** A header a trusted proxy or CDN (TRUSTED_PROXIES) sets to the visitor's country (e.g. cf-ipcountry). */
  regionCountryHeader: string | undefined;
  /** Known networks and their countries (company offices, VPN exits). */
  regionNetworks: readonly RegionNetwork[];
}

/**
 * The override first, then the country header, then the configured networks; '-' when none tells.
 * The header counts only when `headerTrusted`: a trusted proxy (TRUSTED_PROXIES) set it, not the visitor.
 */
export function regionOfRequest(
  ip: string,
  headers: Record<string, string | string[] | undefined>,
  settings: RegionSettings,
  headerTrusted: boolean,
): RegionLookupResponse {
  // IPv4-mapped IPv6 (::ffff:203.0.113.9) is reported as IPv4; other IPv6 addresses as they are.
  const text = normaliseAddress(ip) ?? ip;
  const headerValue = headerTrusted && settings.regionCountryHeader ? headers[settings.regionCountryHeader] : undefined;
  const fromHeader = normaliseCountryCode(Array.isArray(headerValue) ? headerValue[0] : headerValue);
  const countryCode =
    settings.regionOverride ??
    (fromHeader !== UNKNOWN_COUNTRY ? fromHeader : undefined) ??
    settings.regionNetworks.find((network) => addressInRanges(text, [network.cidr]))?.countryCode ??
    UNKNOWN_COUNTRY;
  return { countryCode, iPv4Address: text };
}

import { ACCOUNT_ID_PATTERN } from './access';
import { isKnownCountryCode } from './countries';
import { isKnownCurrencyCode } from './currencies';
import { isEmailAddress } from './email';
import { isValidMatchingValue } from './wildcard';

/**
 * The named formats of the admin grid fields (spec 3 "Admin grid fields", spec 5): carrier id,
 * country, airport and station codes, SHC and currency codes, and the like. Each is checked the same
 * way by the generated forms, the server and CSV import. Codes are written in capitals; input is
 * upper-cased before it is checked (`uppercase`).
 */

export interface FieldFormat {
  /** Whether the value is written in this format (after normalisation). */
  test(value: string): boolean;
  /** A value that has the format but names nothing known (an unknown country code). */
  known?(value: string): boolean;
  /** Input is upper-cased before the check. */
  uppercase: boolean;
  /** What the format asks for, shown under the input and in import reports. */
  hint: string;
}

const pattern = (regex: RegExp, hint: string, extra: Partial<FieldFormat> = {}): FieldFormat => ({
  test: (value) => regex.test(value),
  uppercase: true,
  hint,
  ...extra,
});

export const CARRIER_ID_PATTERN = /^[A-Z0-9]{2,15}$/;
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
export const AIRPORT_CODE_PATTERN = /^[A-Z]{3}$/;
export const STATION_CODE_PATTERN = /^[A-Z]{3}$/;
export const SHC_CODE_PATTERN = /^[A-Z]{3}$/;
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;
/** Harmonised System codes: 6 digits (HS), 8 or 10 (national tariff lines). */
export const HS_CODE_PATTERN = /^\d{6}(\d{2}){0,2}$/;
/** IATA cargo agent codes: 7 digits, or 11 with the CASS branch code. */
export const IATA_AGENT_CODE_PATTERN = /^\d{7}(\d{4})?$/;

export const FIELD_FORMATS = {
  carrierId: pattern(CARRIER_ID_PATTERN, '2 to 15 capital letters or digits, e.g. CX or DEMOAIR'),
  countryCode: pattern(COUNTRY_CODE_PATTERN, '2 letters, e.g. HK', { known: isKnownCountryCode }),
  airportCode: pattern(AIRPORT_CODE_PATTERN, '3 letters, e.g. HKG'),
  stationCode: pattern(STATION_CODE_PATTERN, '3 letters, e.g. HKG'),
  shcCode: pattern(SHC_CODE_PATTERN, '3 letters, e.g. DGR'),
  currencyCode: pattern(CURRENCY_CODE_PATTERN, '3 letters, e.g. USD', { known: isKnownCurrencyCode }),
  hsCode: pattern(HS_CODE_PATTERN, '6, 8 or 10 digits, e.g. 854231', { uppercase: false }),
  iataAgentCode: pattern(IATA_AGENT_CODE_PATTERN, '7 digits, or 11 with the CASS branch, e.g. 1234567', { uppercase: false }),
  companyId: pattern(ACCOUNT_ID_PATTERN, 'letters, digits, dot, dash or underscore, e.g. DEMOFWD'),
  userId: pattern(ACCOUNT_ID_PATTERN, 'letters, digits, dot, dash or underscore, e.g. operator', { uppercase: false }),
  email: { test: isEmailAddress, uppercase: false, hint: 'an e-mail address, e.g. cargo@example.com' },
  matchingValue: {
    test: isValidMatchingValue,
    uppercase: false,
    hint: 'text with wildcards * (any characters), ? (one character), # (one digit); ! before a wildcard makes it literal',
  },
} satisfies Record<string, FieldFormat>;

export type FieldFormatName = keyof typeof FIELD_FORMATS;

export function isFieldFormatName(name: unknown): name is FieldFormatName {
  return typeof name === 'string' && Object.hasOwn(FIELD_FORMATS, name);
}

export function isCarrierId(value: string): boolean {
  return CARRIER_ID_PATTERN.test(value);
}

export function isCountryCode(value: string): boolean {
  return COUNTRY_CODE_PATTERN.test(value) && isKnownCountryCode(value);
}

export function isAirportCode(value: string): boolean {
  return AIRPORT_CODE_PATTERN.test(value);
}

export function isStationCode(value: string): boolean {
  return STATION_CODE_PATTERN.test(value);
}

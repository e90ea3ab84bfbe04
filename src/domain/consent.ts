/**
 * Privacy consent (China) and cookie consent by region (spec 3, 4, 5, 9): the constants and the
 * rules both the login page and the server read.
 */

/** Category of the China privacy consent, and the version users agree to (spec 3, 9). */
export const CHINA_CONSENT_CATEGORY = 1;
export const CHINA_CONSENT_VERSION = 1;

/** Consent categories the server records, with the version currently asked for. */
export const CONSENT_VERSIONS: Readonly<Record<number, number>> = { [CHINA_CONSENT_CATEGORY]: CHINA_CONSENT_VERSION };

/** The four boxes of the privacy consent dialog; Continue needs every one ticked (spec 5). */
export const PRIVACY_CONSENT_ITEMS = ['personalInformation', 'sensitiveInformation', 'thirdPartyProvision', 'crossBorderTransfer'] as const;
export type PrivacyConsentItem = (typeof PRIVACY_CONSENT_ITEMS)[number];

export function allConsentItemsTicked(ticked: Partial<Record<PrivacyConsentItem, boolean>>): boolean {
  return PRIVACY_CONSENT_ITEMS.every((item) => ticked[item] === true);
}

/** The country code a region lookup answers when it cannot tell. */
export const UNKNOWN_COUNTRY = '-';

/** ISO 3166-1 alpha-2, upper case; anything else is unknown. */
export function normaliseCountryCode(raw: unknown): string {
  if (typeof raw !== 'string') return UNKNOWN_COUNTRY;
  const code = raw.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : UNKNOWN_COUNTRY;
}

/** Parses a configured country list ("CN, HK ,mo") into upper-case codes; a bad entry is named. */
export function parseCountryList(text: string): { codes: string[]; invalid: string[] } {
  const entries = text.split(/[,;\s]+/).filter((entry) => entry !== '');
  const codes = entries.map((entry) => entry.toUpperCase()).filter((entry) => /^[A-Z]{2}$/.test(entry));
  const invalid = entries.filter((entry) => !/^[A-Za-z]{2}$/.test(entry));
  return { codes: [...new Set(codes)], invalid };
}

/** A user in one of the configured China-consent countries must have consented before the redirect (spec 4). */
export function needsChinaConsentCheck(countryCode: string, chinaConsentCountries: readonly string[]): boolean {
  return countryCode !== UNKNOWN_COUNTRY && chinaConsentCountries.includes(countryCode);
}

/** Spec 9: the European consent-list countries, and the CCPA country. */
export const EUROPEAN_CONSENT_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SI',
  'SK',
  'ES',
  'SE',
  'GB',
  'CH',
];
export const CCPA_COUNTRIES: readonly string[] = ['US'];

/**
 * Spec 4 "Cookie consent": US -> settings dialog without reject-all; the European list, an unknown
 * country or '-' -> settings dialog with reject-all; every other region -> the simple banner.
 */
export type CookieConsentVariant = 'settingsWithoutRejectAll' | 'settingsWithRejectAll' | 'banner';

export function cookieConsentVariant(countryCode: string | undefined): CookieConsentVariant {
  const code = normaliseCountryCode(countryCode);
  if (CCPA_COUNTRIES.includes(code)) return 'settingsWithoutRejectAll';
  if (code === UNKNOWN_COUNTRY || EUROPEAN_CONSENT_COUNTRIES.includes(code)) return 'settingsWithRejectAll';
  return 'banner';
}

/** What the visitor allows; necessary cookies (the sign-in) are always on. */
export interface CookiePreference {
  personalize: boolean;
  analytics: boolean;
}

/** The banner's default: analytics on (spec 4); the settings dialogs start with both off. */
export function defaultCookiePreference(variant: CookieConsentVariant): CookiePreference {
  return { personalize: false, analytics: variant === 'banner' };
}

/** Consent cookies last about 9.6 hours (spec 4, 9). */
export const COOKIE_CONSENT_LIFETIME_MS = 34_560_000;

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allConsentItemsTicked,
  CCPA_COUNTRIES,
  COOKIE_CONSENT_LIFETIME_MS,
  cookieConsentVariant,
  defaultCookiePreference,
  EUROPEAN_CONSENT_COUNTRIES,
  needsChinaConsentCheck,
  normaliseCountryCode,
  parseCountryList,
  PRIVACY_CONSENT_ITEMS,
} from '../../src/domain/consent';

describe('cookie consent variant by region (spec 4)', () => {
  it('gives the US the settings without reject-all', () => {
    expect(cookieConsentVariant('US')).toBe('settingsWithoutRejectAll');
    expect(cookieConsentVariant('us')).toBe('settingsWithoutRejectAll');
    expect(CCPA_COUNTRIES).toEqual(['US']);
  });

  it('gives every listed European country, an unknown country and "-" the settings with reject-all', () => {
    expect(EUROPEAN_CONSENT_COUNTRIES).toHaveLength(29);
    for (const code of EUROPEAN_CONSENT_COUNTRIES) expect(cookieConsentVariant(code), code).toBe('settingsWithRejectAll');
    for (const unknown of ['-', '', undefined, 'not a country', 'X1']) expect(cookieConsentVariant(unknown)).toBe('settingsWithRejectAll');
  });

  it('gives every other region the banner, with analytics on by default', () => {
    for (const code of ['CN', 'SG', 'JP', 'AU', 'BR', 'CA', 'NO']) expect(cookieConsentVariant(code), code).toBe('banner');
    expect(defaultCookiePreference('banner')).toEqual({ personalize: false, analytics: true });
    expect(defaultCookiePreference('settingsWithRejectAll')).toEqual({ personalize: false, analytics: false });
  });

  it('always picks exactly one variant', () => {
    fc.assert(fc.property(fc.string(), (text) => ['settingsWithoutRejectAll', 'settingsWithRejectAll', 'banner'].includes(cookieConsentVariant(text))));
  });

  it('lasts 34,560,000 ms (about 9.6 hours)', () => {
    expect(COOKIE_CONSENT_LIFETIME_MS).toBe(34_560_000);
    expect(COOKIE_CONSENT_LIFETIME_MS / 3_600_000).toBeCloseTo(9.6);
  });
});

describe('China privacy consent (spec 4, 5)', () => {
  it('Continue needs all four boxes', () => {
    expect(PRIVACY_CONSENT_ITEMS).toHaveLength(4);
    expect(allConsentItemsTicked({})).toBe(false);
    expect(allConsentItemsTicked({ personalInformation: true, sensitiveInformation: true, thirdPartyProvision: true })).toBe(false);
    expect(allConsentItemsTicked({ personalInformation: true, sensitiveInformation: true, thirdPartyProvision: true, crossBorderTransfer: false })).toBe(false);
    expect(allConsentItemsTicked({ personalInformation: true, sensitiveInformation: true, thirdPartyProvision: true, crossBorderTransfer: true })).toBe(true);
  });

  it('is checked only for a country on the configured list', () => {
    expect(needsChinaConsentCheck('CN', ['CN'])).toBe(true);
    expect(needsChinaConsentCheck('HK', ['CN'])).toBe(false);
    expect(needsChinaConsentCheck('-', ['CN', '-'])).toBe(false);
    expect(needsChinaConsentCheck('CN', [])).toBe(false);
  });

  it('reads country codes and configured lists strictly', () => {
    expect(normaliseCountryCode(' cn ')).toBe('CN');
    expect(normaliseCountryCode('CHN')).toBe('-');
    expect(normaliseCountryCode(42)).toBe('-');
    expect(parseCountryList('CN, hk;MO  cn')).toEqual({ codes: ['CN', 'HK', 'MO'], invalid: [] });
    expect(parseCountryList('CN,CHN,1A').invalid).toEqual(['CHN', '1A']);
  });
});

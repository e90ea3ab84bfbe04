import { COOKIE_CONSENT_LIFETIME_MS, type CookiePreference } from '../../domain/consent';

/**
 * The visitor's cookie choice (spec 3 "Cookie preference", spec 4): kept in local storage under
 * `personalize`, `analytics` and `isBtnClick`, and as consent cookies that last 34,560,000 ms,
 * after which the visitor is asked again.
 */
export const PREFERENCE_KEYS = { personalize: 'personalize', analytics: 'analytics', isBtnClick: 'isBtnClick' } as const;
export const CONSENT_COOKIE = 'cookie_consent';

function storage(): Storage | undefined {
  return (globalThis as { localStorage?: Storage }).localStorage;
}

export interface StoredPreference extends CookiePreference {
  /** The visitor made a choice (pressed a button). */
  isBtnClick: boolean;
}

export function readCookiePreference(): StoredPreference {
  const store = storage();
  return {
    personalize: store?.getItem(PREFERENCE_KEYS.personalize) === 'true',
    analytics: store?.getItem(PREFERENCE_KEYS.analytics) === 'true',
    isBtnClick: store?.getItem(PREFERENCE_KEYS.isBtnClick) === 'true',
  };
}

function consentCookiePresent(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(';').some((part) => part.trim().startsWith(`${CONSENT_COOKIE}=`));
}

/** Ask when no choice was made, or the consent cookies have run out. */
export function cookieChoiceNeeded(): boolean {
  return !readCookiePreference().isBtnClick || !consentCookiePresent();
}

export function saveCookiePreference(preference: CookiePreference): void {
  const store = storage();
  store?.setItem(PREFERENCE_KEYS.personalize, String(preference.personalize));
  store?.setItem(PREFERENCE_KEYS.analytics, String(preference.analytics));
  store?.setItem(PREFERENCE_KEYS.isBtnClick, 'true');
  const expires = new Date(Date.now() + COOKIE_CONSENT_LIFETIME_MS).toUTCString();
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  const attributes = `; path=/; expires=${expires}; max-age=${COOKIE_CONSENT_LIFETIME_MS / 1000}; SameSite=Lax${secure}`;
  document.cookie = `${CONSENT_COOKIE}=${preference.analytics ? 'a' : ''}${preference.personalize ? 'p' : ''}-${Date.now()}${attributes}`;
  document.cookie = `${PREFERENCE_KEYS.personalize}=${preference.personalize}${attributes}`;
  document.cookie = `${PREFERENCE_KEYS.analytics}=${preference.analytics}${attributes}`;
  cookieSettingsEvents.notifySaved();
}

/** "Cookie settings" links anywhere on the page reopen the dialog through this. */
const openListeners = new Set<() => void>();
const savedListeners = new Set<() => void>();
export const cookieSettingsEvents = {
  open(): void {
    for (const listener of [...openListeners]) listener();
  },
  onOpen(listener: () => void): () => void {
    openListeners.add(listener);
    return () => openListeners.delete(listener);
  },
  notifySaved(): void {
    for (const listener of [...savedListeners]) listener();
  },
  onSaved(listener: () => void): () => void {
    savedListeners.add(listener);
    return () => savedListeners.delete(listener);
  },
};

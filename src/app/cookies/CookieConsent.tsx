import { useEffect, useState } from 'react';
import { cookieConsentVariant, defaultCookiePreference, type CookieConsentVariant } from '../../domain/consent';
import { useShellTranslate } from '../i18n/translate';
import { lookupRegion } from '../region/regionLookup';
import { APP_BASE } from '../routing/paths';
import { useServices } from '../services';
import { cookieChoiceNeeded, cookieSettingsEvents, saveCookiePreference } from './cookiePreference';
import CookieSettingsPanel from './CookieSettingsPanel';
import './cookies.css';

type Shown = { kind: 'none' } | { kind: 'banner' } | { kind: 'settings'; variant: CookieConsentVariant; reopened: boolean };

/**
 * Cookie consent by region (spec 4): US visitors get the settings without reject-all; the
 * European list, an unknown country or '-' get the settings with reject-all; other regions a
 * simple banner with Continue and analytics on. Shown in the page's flow (not over it), so it never
 * hides the sign-in form.
 */
export function CookieConsent({ lang }: { lang: string }) {
  const translate = useShellTranslate();
  const { config } = useServices();
  // Until the region answers, the visitor's region is unknown, which gets the settings with reject-all: shown with the
  // page's first render, in its place at the top. Shown only once the answer came (a lazy panel after a lookup), it
  // pushed the sign-in form down by its height while the user was filling it in, and a tap on Login could land on
  // whatever moved under it (issue 16: a layout shift of 0.55 on a phone; sign-ins of the end-to-end tests lost).
  const [shown, setShown] = useState<Shown>(() =>
    cookieChoiceNeeded() ? { kind: 'settings', variant: cookieConsentVariant(undefined), reopened: false } : { kind: 'none' },
  );
  const [variant, setVariant] = useState<CookieConsentVariant | undefined>(undefined);

  useEffect(() => {
    let active = true;
    void lookupRegion(config).then((region) => {
      if (!active) return;
      const found = cookieConsentVariant(region?.countryCode);
      setVariant(found);
      // Not when the visitor has chosen (or reopened the settings) meanwhile.
      if (cookieChoiceNeeded())
        setShown((before) =>
          before.kind === 'none' || (before.kind === 'settings' && before.reopened)
            ? before
            : found === 'banner'
              ? { kind: 'banner' }
              : { kind: 'settings', variant: found, reopened: false },
        );
    });
    return () => {
      active = false;
    };
  }, [config]);

  useEffect(
    () =>
      cookieSettingsEvents.onOpen(() => {
        // Reopened from a link: the banner region also gets the full settings.
        const current = variant ?? 'settingsWithRejectAll';
        setShown({ kind: 'settings', variant: current === 'banner' ? 'settingsWithoutRejectAll' : current, reopened: true });
      }),
    [variant],
  );

  if (shown.kind === 'none') return null;
  if (shown.kind === 'settings') {
    return (
      <CookieSettingsPanel
        lang={lang}
        withRejectAll={shown.variant === 'settingsWithRejectAll'}
        closable={shown.reopened}
        onDone={() => setShown({ kind: 'none' })}
      />
    );
  }
  return (
    <section className="cookie-banner" aria-label={translate('app.cookies.bannerLabel')}>
      <p>
        {translate('app.cookies.bannerText')}{' '}
        <a href={`${APP_BASE}/${lang}/cookiesPolicy`} target="_blank" rel="noopener">
          {translate('app.cookies.policyLink')}
        </a>
      </p>
      <button
        type="button"
        className="shell-button"
        onClick={() => {
          saveCookiePreference(defaultCookiePreference('banner'));
          setShown({ kind: 'none' });
        }}
      >
        {translate('app.cookies.continue')}
      </button>
    </section>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { cookieConsentVariant, defaultCookiePreference, type CookieConsentVariant } from '../../domain/consent';
import { useShellTranslate } from '../i18n/translate';
import { lookupRegion } from '../region/regionLookup';
import { APP_BASE } from '../routing/paths';
import { useServices } from '../services';
import { cookieChoiceNeeded, cookieSettingsEvents, saveCookiePreference } from './cookiePreference';
import './cookies.css';

const CookieSettingsPanel = lazy(() => import('./CookieSettingsPanel'));

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
  const [shown, setShown] = useState<Shown>({ kind: 'none' });
  const [variant, setVariant] = useState<CookieConsentVariant | undefined>(undefined);

  useEffect(() => {
    let active = true;
    void lookupRegion(config).then((region) => {
      if (!active) return;
      const found = cookieConsentVariant(region?.countryCode);
      setVariant(found);
      if (cookieChoiceNeeded()) setShown(found === 'banner' ? { kind: 'banner' } : { kind: 'settings', variant: found, reopened: false });
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
      <Suspense fallback={null}>
        <CookieSettingsPanel
          lang={lang}
          withRejectAll={shown.variant === 'settingsWithRejectAll'}
          closable={shown.reopened}
          onDone={() => setShown({ kind: 'none' })}
        />
      </Suspense>
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

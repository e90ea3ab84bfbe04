import { useEffect, useState } from 'react';
import { useShellTranslate } from '../i18n/translate';
import { cookieSettingsEvents, readCookiePreference } from './cookiePreference';
// In the login page's chunk already (CookieConsent shows it with the first render): a lazy import would buy nothing.
import CookieSettingsPanel from './CookieSettingsPanel';

/** What the portal keeps in the browser, by category (the i18n keys hold purpose and lifetime). */
export const BROWSER_STORAGE = [
  { name: 'access_token', kind: 'cookie', category: 'necessary', entry: 'accessToken' },
  { name: 'refresh_token', kind: 'cookie', category: 'necessary', entry: 'refreshToken' },
  { name: 'cookie_consent, personalize, analytics', kind: 'cookie', category: 'necessary', entry: 'consentCookies' },
  { name: 'mfa_session_id', kind: 'localStorage', category: 'necessary', entry: 'mfaSession' },
  { name: 'personalize, analytics, isBtnClick', kind: 'localStorage', category: 'necessary', entry: 'consentStorage' },
  { name: 'ez4.session', kind: 'sessionStorage', category: 'necessary', entry: 'session' },
  { name: 'RaStore.*', kind: 'localStorage', category: 'personalize', entry: 'listSettings' },
] as const;

/**
 * The cookies policy (spec 2): public, blank, no footer. The dynamic variant also shows the
 * visitor's current choice and lets them change it.
 */
export function CookiesPolicyPage({ lang, dynamic = false }: { lang: string; dynamic?: boolean }) {
  const translate = useShellTranslate();
  const [choice, setChoice] = useState(readCookiePreference);
  const [editing, setEditing] = useState(false);
  useEffect(() => cookieSettingsEvents.onSaved(() => setChoice(readCookiePreference())), []);
  const onOff = (value: boolean) => translate(value ? 'app.cookiesPolicy.on' : 'app.cookiesPolicy.off');

  return (
    <div className="blank-page">
      <main className="blank-page-main cookies-policy">
        <h1>{translate('app.page.cookiesPolicy')}</h1>
        <p>{translate('app.cookiesPolicy.intro')}</p>
        <h2>{translate('app.cookiesPolicy.categoriesTitle')}</h2>
        <dl>
          {(['necessary', 'personalize', 'analytics'] as const).map((category) => (
            <div key={category}>
              <dt>{translate(`app.cookies.${category}.title`)}</dt>
              <dd>{translate(`app.cookies.${category}.text`)}</dd>
            </div>
          ))}
        </dl>
        <h2>{translate('app.cookiesPolicy.storageTitle')}</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways on a phone takes focus, so keyboard users can scroll it (axe: scrollable-region-focusable). */}
        {/* biome-ignore lint/a11y/useSemanticElements: the group names the scrolling box around the table; a fieldset is for form controls. */}
        <div className="cookies-table-wrap" tabIndex={0} role="group" aria-label={translate('app.cookiesPolicy.storageTitle')}>
          <table className="cookies-table">
            <thead>
              <tr>
                <th scope="col">{translate('app.cookiesPolicy.columns.name')}</th>
                <th scope="col">{translate('app.cookiesPolicy.columns.kind')}</th>
                <th scope="col">{translate('app.cookiesPolicy.columns.purpose')}</th>
                <th scope="col">{translate('app.cookiesPolicy.columns.lifetime')}</th>
              </tr>
            </thead>
            <tbody>
              {BROWSER_STORAGE.map((row) => (
                <tr key={row.entry}>
                  <th scope="row">
                    <code>{row.name}</code>
                  </th>
                  <td>{translate(`app.cookiesPolicy.kinds.${row.kind}`)}</td>
                  <td>
                    {translate(`app.cookiesPolicy.entries.${row.entry}.purpose`)} ({translate(`app.cookies.${row.category}.title`)})
                  </td>
                  <td>{translate(`app.cookiesPolicy.entries.${row.entry}.lifetime`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>{translate('app.cookiesPolicy.noThirdParty')}</p>
        {dynamic && (
          <section aria-labelledby="cookies-choice-title" className="cookies-choice">
            <h2 id="cookies-choice-title">{translate('app.cookiesPolicy.choiceTitle')}</h2>
            {choice.isBtnClick ? (
              <ul>
                <li>
                  {translate('app.cookies.personalize.title')}: {onOff(choice.personalize)}
                </li>
                <li>
                  {translate('app.cookies.analytics.title')}: {onOff(choice.analytics)}
                </li>
              </ul>
            ) : (
              <p>{translate('app.cookiesPolicy.noChoice')}</p>
            )}
            {editing ? (
              <CookieSettingsPanel lang={lang} withRejectAll closable onDone={() => setEditing(false)} />
            ) : (
              <button type="button" className="shell-button" onClick={() => setEditing(true)}>
                {translate('app.cookiesPolicy.change')}
              </button>
            )}
          </section>
        )}
      </main>
    </div>
  );
}

import { useId, useState } from 'react';
import type { CookiePreference } from '../../domain/consent';
import { useShellTranslate } from '../i18n/translate';
import { APP_BASE } from '../routing/paths';
import { readCookiePreference, saveCookiePreference } from './cookiePreference';

interface CookieSettingsPanelProps {
  lang: string;
  /** The European list and unknown regions offer Reject all; the US does not (spec 4). */
  withRejectAll: boolean;
  /** Reopened from a link: it may be closed without a new choice. */
  closable: boolean;
  onDone(): void;
}

const CATEGORIES = ['personalize', 'analytics'] as const;

/** The cookie settings: necessary cookies always on; personalisation and analytics by choice. */
export default function CookieSettingsPanel({ lang, withRejectAll, closable, onDone }: CookieSettingsPanelProps) {
  const translate = useShellTranslate();
  const id = useId();
  const [preference, setPreference] = useState<CookiePreference>(() => {
    const stored = readCookiePreference();
    return stored.isBtnClick ? { personalize: stored.personalize, analytics: stored.analytics } : { personalize: false, analytics: false };
  });

  const save = (choice: CookiePreference) => {
    saveCookiePreference(choice);
    onDone();
  };

  return (
    <section className="cookie-settings" role="dialog" aria-modal="false" aria-labelledby={`${id}-title`}>
      <div className="cookie-settings-header">
        <h2 id={`${id}-title`}>{translate('app.cookies.settingsTitle')}</h2>
        {closable && (
          <button type="button" className="shell-dialog-close" aria-label={translate('app.dialog.close')} onClick={onDone}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      <p>
        {translate('app.cookies.settingsText')}{' '}
        <a href={`${APP_BASE}/${lang}/cookiesPolicy`} target="_blank" rel="noopener">
          {translate('app.cookies.policyLink')}
        </a>
      </p>
      <ul className="cookie-categories">
        <li>
          <label>
            <input type="checkbox" checked disabled />
            <span>
              <strong>{translate('app.cookies.necessary.title')}</strong> {translate('app.cookies.necessary.text')}
            </span>
          </label>
        </li>
        {CATEGORIES.map((category) => (
          <li key={category}>
            <label>
              <input
                type="checkbox"
                name={category}
                checked={preference[category]}
                onChange={(event) => setPreference((current) => ({ ...current, [category]: event.target.checked }))}
              />
              <span>
                <strong>{translate(`app.cookies.${category}.title`)}</strong> {translate(`app.cookies.${category}.text`)}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className="cookie-settings-actions">
        {withRejectAll && (
          <button type="button" className="shell-button shell-button--secondary" onClick={() => save({ personalize: false, analytics: false })}>
            {translate('app.cookies.rejectAll')}
          </button>
        )}
        <button type="button" className="shell-button shell-button--secondary" onClick={() => save(preference)}>
          {translate('app.cookies.save')}
        </button>
        <button type="button" className="shell-button" onClick={() => save({ personalize: true, analytics: true })}>
          {translate('app.cookies.acceptAll')}
        </button>
      </div>
    </section>
  );
}

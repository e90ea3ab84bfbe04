import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { cookieSettingsEvents } from '../cookies/cookiePreference';
import { CookieConsent } from '../cookies/CookieConsent';
import { useShellTranslate } from '../i18n/translate';
import { useServices } from '../services';
import { footerConfig, FooterAction } from './chromeConfig';
import { FooterLinks } from './FooterLinks';
import { SiteChrome } from './SiteChrome';
import './footerPage.css';

const TermsDialog = lazy(() => import('../login/TermsDialog'));

/**
 * The Footer route (spec 2): the footer on its own, e.g. for the classic site to frame, at the foot
 * of the viewport. The footer is all this page has, so when its front-end cannot be loaded the page
 * draws the same links itself (other pages leave a failed footer out and write to the console only).
 */
export function FooterPage({ lang, productName }: { lang: string; productName: string }) {
  const translate = useShellTranslate();
  const { config } = useServices();
  const [terms, setTerms] = useState(false);
  const footer = useMemo(() => footerConfig(config, productName, lang, translate), [config, productName, lang, translate]);
  const onAction = useCallback((action: string) => {
    if (action === FooterAction.terms) setTerms(true);
    else if (action === FooterAction.cookieSettings) cookieSettingsEvents.open();
  }, []);
  return (
    // A page of its own: a main landmark and a (visually hidden) page heading around the footer.
    <main className="footer-page">
      <h1 className="visually-hidden">{translate('app.page.footer')}</h1>
      <div className="footer-page-content" inert={terms}>
        <CookieConsent lang={lang} />
        <SiteChrome part="footer" config={footer} onAction={onAction} fallback={<FooterLinks config={footer} onAction={onAction} />} />
      </div>
      {terms && (
        <Suspense fallback={null}>
          <TermsDialog onClose={() => setTerms(false)} />
        </Suspense>
      )}
    </main>
  );
}

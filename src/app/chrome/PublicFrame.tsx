import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { CookieConsent } from '../cookies/CookieConsent';
import { cookieSettingsEvents } from '../cookies/cookiePreference';
import { useShellTranslate } from '../i18n/translate';
import { useServices } from '../services';
import { CHROME_LINKS, type ChromeLinks, footerConfig, FooterAction, headerConfig } from './chromeConfig';
import { SiteChrome } from './SiteChrome';

const TermsDialog = lazy(() => import('../login/TermsDialog'));

interface PublicFrameProps {
  lang: string;
  children: ReactNode;
  /** The owner shows a modal dialog: the frame's content is inert meanwhile. */
  inert?: boolean;
  /** Opened by the owner (e.g. the login page's own Terms link). */
  termsOpen?: boolean;
  onTermsChange?: (open: boolean) => void;
  /** The header's and footer's links when the page shows some itself; a constant, since a new object rebuilds both. */
  links?: ChromeLinks;
}

/**
 * The frame of the public pages (login, about, help, reset password): cookie consent, the
 * separately built header and footer, and the terms dialog the footer opens.
 */
export function PublicFrame({ lang, children, inert = false, termsOpen, onTermsChange, links = CHROME_LINKS }: PublicFrameProps) {
  const translate = useShellTranslate();
  const { config } = useServices();
  const [ownTerms, setOwnTerms] = useState(false);
  const terms = termsOpen ?? ownTerms;
  const setTerms = onTermsChange ?? setOwnTerms;
  const productName = config.productName || translate('app.productFallback');
  const header = useMemo(() => headerConfig(config, productName, lang, translate, links.header), [config, productName, lang, translate, links]);
  const footer = useMemo(() => footerConfig(config, productName, lang, translate, links.footer), [config, productName, lang, translate, links]);
  const onFooterAction = useCallback(
    (action: string) => {
      if (action === FooterAction.terms) setTerms(true);
      else if (action === FooterAction.cookieSettings) cookieSettingsEvents.open();
    },
    [setTerms],
  );

  return (
    <div className="public-frame">
      <div className="public-frame-content" inert={inert || terms}>
        <CookieConsent lang={lang} />
        <SiteChrome part="header" config={header} />
        {children}
        <SiteChrome part="footer" config={footer} onAction={onFooterAction} />
      </div>
      {terms && (
        <Suspense fallback={null}>
          <TermsDialog onClose={() => setTerms(false)} />
        </Suspense>
      )}
    </div>
  );
}

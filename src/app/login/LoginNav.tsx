import { useLayoutEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { siteLinks } from '../chrome/chromeConfig';
import { useShellTranslate } from '../i18n/translate';
import { navigateApp } from '../routing/history';
import { SUPPORTED_LANGUAGES } from '../routing/paths';
import { keepTabWithin } from '../shell/focusTrap';
import { useServices } from '../services';
import { MENU_LINKS } from './loginLinks';

/** The one language there is (spec 1): the switch lists it, and a choice keeps the page. */
function LanguageSwitch({ lang, id, page }: { lang: string; id: string; page: string }) {
  const translate = useShellTranslate();
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {translate('app.login.language')}
      </label>
      <select id={id} value={lang} onChange={(event) => navigateApp(`/${event.target.value}/${page}`, { replace: true })}>
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {translate(`app.languages.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

interface LoginNavProps {
  lang: string;
  page: string;
  onTerms(): void;
}

/**
 * The login page's navigation (spec 1, 2): the language switch, and under 991 px a hamburger button
 * that opens the menu with every link, whose header is 260 px high (220 px under 499 px). On wider
 * screens the links are in the header, the side panel and the footer, once each (loginLinks.ts).
 */
export function LoginNav({ lang, page, onTerms }: LoginNavProps) {
  const translate = useShellTranslate();
  const { config } = useServices();
  const links = siteLinks(config, lang, translate);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const firstLink = useRef<HTMLAnchorElement>(null);
  const productName = config.productName || translate('app.productFallback');

  useLayoutEffect(() => {
    if (open) firstLink.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    // Tab stays inside the open menu, as in the shell's dialogs.
    keepTabWithin(event, event.currentTarget);
  }

  const menuLinks = MENU_LINKS.map((key) => links[key]);

  return (
    <nav className="login-nav" aria-label={translate('app.login.navLabel')}>
      <button ref={toggle} type="button" className="login-nav-toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
        <span className="hamburger" aria-hidden="true" />
        <span>{translate('app.login.menu')}</span>
      </button>
      <LanguageSwitch lang={lang} page={page} id="login-language" />
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes the menu for the mouse; keys (Escape, Tab) are handled here for the dialog inside, which has the Close button.
        <div className="mobile-menu-backdrop" onClick={close} onKeyDown={onMenuKeyDown}>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: this click only stops a click inside the menu from reaching the backdrop. */}
          <div
            id={menuId}
            className="mobile-menu"
            role="dialog"
            aria-modal="true"
            aria-label={translate('app.login.menu')}
            onClick={(event) => event.stopPropagation()}
          >
            <div className="mobile-menu-header">
              <button type="button" className="mobile-menu-close" aria-label={translate('app.login.closeMenu')} onClick={close}>
                <span aria-hidden="true">×</span>
              </button>
              <p className="mobile-menu-product">{productName}</p>
              <p className="mobile-menu-tagline">{translate('app.login.tagline')}</p>
            </div>
            <ul className="mobile-menu-links">
              {menuLinks.map((link, index) => (
                <li key={link.label}>
                  <a
                    ref={index === 0 ? firstLink : undefined}
                    href={link.href}
                    target={link.external ? '_blank' : undefined}
                    rel={link.external ? 'noopener noreferrer' : undefined}
                    onClick={() => setOpen(false)}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className="as-link"
                  onClick={() => {
                    setOpen(false);
                    onTerms();
                  }}
                >
                  {translate('app.links.terms')}
                </button>
              </li>
            </ul>
          </div>
        </div>
      )}
    </nav>
  );
}

import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { siteLinks } from '../chrome/chromeConfig';
import { useShellTranslate } from '../i18n/translate';
import { useServices } from '../services';
import { INFORMATION_LINKS } from './loginLinks';

/** The side panel's dropdown (spec 2): about the provider and the cookies policy. Arrow keys move, Escape closes. */
function InformationDropdown({ lang }: { lang: string }) {
  const translate = useShellTranslate();
  const { config } = useServices();
  const links = siteLinks(config, lang, translate);
  const items = INFORMATION_LINKS.map((key) => links[key]);
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([]);

  useLayoutEffect(() => {
    if (open) itemRefs.current[0]?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onDocumentClick = (event: MouseEvent) => {
      if (!(event.target instanceof Node) || !button.current?.parentElement?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('click', onDocumentClick);
    return () => document.removeEventListener('click', onDocumentClick);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const index = itemRefs.current.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = (index + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      itemRefs.current[next]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className="info-dropdown">
      <button
        ref={button}
        type="button"
        className="info-dropdown-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {translate('app.login.moreInformation')}
        <span className="caret" aria-hidden="true" />
      </button>
      {open && (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA menu-button pattern: a list of links that arrow keys walk through.
        <ul id={id} role="menu" className="info-dropdown-menu" onKeyDown={onKeyDown}>
          {items.map((item, index) => (
            <li key={item.label} role="none">
              <a
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                role="menuitem"
                href={item.href}
                target={item.external ? '_blank' : undefined}
                rel={item.external ? 'noopener noreferrer' : undefined}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Customer service and business development contacts (spec 1). */
function Contacts() {
  const translate = useShellTranslate();
  const { contacts } = useServices().config;
  const groups = [
    { key: 'customerService', email: contacts.customerServiceEmail, phone: contacts.customerServicePhone },
    { key: 'businessDevelopment', email: contacts.businessDevelopmentEmail, phone: contacts.businessDevelopmentPhone },
  ].filter((group) => group.email || group.phone);
  if (groups.length === 0) return null;
  return (
    <div id="login-contacts" className="login-contacts">
      <h2>{translate('app.login.contactsTitle')}</h2>
      <dl>
        {groups.map((group) => (
          <div key={group.key}>
            <dt>{translate(`app.login.${group.key}`)}</dt>
            {group.email && (
              <dd>
                <a href={`mailto:${group.email}`}>{group.email}</a>
              </dd>
            )}
            {group.phone && (
              <dd>
                <a href={`tel:${group.phone.replace(/[^\d+]/g, '')}`}>{group.phone}</a>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The login page's side panel: further information and the contacts. */
export function LoginSidePanel({ lang }: { lang: string }) {
  const translate = useShellTranslate();
  return (
    <aside className="login-side-panel" aria-label={translate('app.login.sidePanel')}>
      <InformationDropdown lang={lang} />
      <Contacts />
    </aside>
  );
}

import { useEffect } from 'react';
import { PublicFrame } from '../chrome/PublicFrame';
import { useShellTranslate } from '../i18n/translate';
import { APP_BASE } from '../routing/paths';
import { readSession, useServices } from '../services';
import './info.css';

/** The sections of each information page, with the anchors other links use (#news, #provider, #contact). */
export const INFO_SECTIONS = {
  about: ['product', 'news', 'provider'],
  help: ['signIn', 'oneTimeCode', 'password', 'search', 'documents', 'decisions', 'privacy', 'contact'],
} as const;

export type InfoTopic = keyof typeof INFO_SECTIONS;

function ContactList() {
  const translate = useShellTranslate();
  const { contacts } = useServices().config;
  return (
    <dl className="info-contacts">
      <dt>{translate('app.login.customerService')}</dt>
      <dd>
        <a href={`mailto:${contacts.customerServiceEmail}`}>{contacts.customerServiceEmail}</a>, {contacts.customerServicePhone}
      </dd>
      <dt>{translate('app.login.businessDevelopment')}</dt>
      <dd>
        <a href={`mailto:${contacts.businessDevelopmentEmail}`}>{contacts.businessDevelopmentEmail}</a>, {contacts.businessDevelopmentPhone}
      </dd>
    </dl>
  );
}

/**
 * About and Help (the menu's ABOUT_GLS and HELP entries, and the login page's links): public
 * pages about the portal and how to use it, with the site header and footer.
 */
export function InfoPage({ topic, lang }: { topic: InfoTopic; lang: string }) {
  const translate = useShellTranslate();
  const { config } = useServices();
  const signedIn = readSession().signedIn;
  const sections = INFO_SECTIONS[topic];
  // Opened from a link such as about#news: the section appears only now, so scroll to it now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: topic is the trigger: another topic renders other sections, so the hash's section is looked for again
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [topic]);
  return (
    <PublicFrame lang={lang}>
      <main className="info-page">
        <p className="info-back">
          <a href={`${APP_BASE}/${lang}/${signedIn ? 'shipment' : 'login'}`}>{translate(signedIn ? 'app.info.backToPortal' : 'app.info.backToLogin')}</a>
        </p>
        <h1>{translate(`app.page.${topic}`)}</h1>
        <p className="info-lead">{translate(`app.info.${topic}.lead`)}</p>
        <nav aria-label={translate('app.info.contents')} className="info-toc">
          <ul>
            {sections.map((section) => (
              <li key={section}>
                <a href={`#${section}`}>{translate(`app.info.${topic}.${section}.title`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        {sections.map((section) => (
          <section key={section} id={section} aria-labelledby={`${section}-title`} className="info-section">
            <h2 id={`${section}-title`}>{translate(`app.info.${topic}.${section}.title`)}</h2>
            {translate(`app.info.${topic}.${section}.text`, { resendSeconds: config.mfaResendSeconds })
              .split('\n')
              .map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            {section === 'contact' && <ContactList />}
          </section>
        ))}
      </main>
    </PublicFrame>
  );
}

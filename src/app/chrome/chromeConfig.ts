import type { RuntimeConfig } from '../../../dataProviders/runtimeConfig';
import type { ChromeLink, FooterConfig, HeaderConfig } from '../../chrome/contract';
import type { Translate } from '../i18n/translate';
import { APP_BASE } from '../routing/paths';

/** Actions the footer hands back to the page. */
export const FooterAction = { terms: 'terms', cookieSettings: 'cookie-settings' } as const;

function external(href: string): boolean {
  return /^https?:\/\//i.test(href) && !href.startsWith(window.location.origin);
}

function link(label: string, href: string): ChromeLink {
  return { label, href, external: external(href) };
}

/** The marketing links of spec 1, in one place for the header, the footer, the login nav and its menu. */
export function siteLinks(config: Pick<RuntimeConfig, 'links'>, lang: string, translate: Translate) {
  return {
    aboutProduct: link(translate('app.links.aboutProduct'), config.links.aboutProduct || `${APP_BASE}/${lang}/about`),
    news: link(translate('app.links.news'), config.links.news || `${APP_BASE}/${lang}/about#news`),
    contactUs: link(translate('app.links.contactUs'), `${APP_BASE}/${lang}/help#contact`),
    aboutProvider: link(translate('app.links.aboutProvider'), config.links.aboutProvider || `${APP_BASE}/${lang}/about#provider`),
    cookiesPolicy: link(translate('app.links.cookiesPolicy'), `${APP_BASE}/${lang}/cookiesPolicy`),
    help: link(translate('app.links.help'), `${APP_BASE}/${lang}/help`),
  };
}

export function headerConfig(config: Pick<RuntimeConfig, 'links'>, productName: string, lang: string, translate: Translate): HeaderConfig {
  const links = siteLinks(config, lang, translate);
  return {
    productName,
    homeHref: `${APP_BASE}/${lang}/login`,
    homeLabel: translate('app.chrome.home', { product: productName }),
    links: [links.aboutProvider, links.contactUs],
    linksLabel: translate('app.chrome.headerLinks'),
  };
}

export function footerConfig(config: Pick<RuntimeConfig, 'links'>, productName: string, lang: string, translate: Translate): FooterConfig {
  const links = siteLinks(config, lang, translate);
  return {
    links: [
      links.aboutProduct,
      links.news,
      links.help,
      links.contactUs,
      links.aboutProvider,
      links.cookiesPolicy,
      { label: translate('app.links.cookieSettings'), action: FooterAction.cookieSettings },
      { label: translate('app.links.terms'), action: FooterAction.terms },
    ],
    linksLabel: translate('app.chrome.footerLinks'),
    copyright: translate('app.footer.copyright', { year: new Date().getFullYear(), product: productName }),
  };
}

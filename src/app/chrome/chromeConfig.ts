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

export type SiteLinkKey = keyof ReturnType<typeof siteLinks>;
/** The footer's entries: the site links and the two actions it hands back to the page. */
export type FooterEntry = SiteLinkKey | keyof typeof FooterAction;

/** Which links the header and the footer show on a page. */
export interface ChromeLinks {
  header: readonly SiteLinkKey[];
  footer: readonly FooterEntry[];
}

/**
 * The public pages' header and footer: the header has the provider's links (hidden on phones), the
 * footer every link. A page that shows some links itself gives its own (the login page: loginLinks.ts).
 */
export const CHROME_LINKS: ChromeLinks = {
  header: ['aboutProvider', 'contactUs'],
  footer: ['aboutProduct', 'news', 'help', 'contactUs', 'aboutProvider', 'cookiesPolicy', 'cookieSettings', 'terms'],
};

export function headerConfig(
  config: Pick<RuntimeConfig, 'links'>,
  productName: string,
  lang: string,
  translate: Translate,
  keys: readonly SiteLinkKey[] = CHROME_LINKS.header,
): HeaderConfig {
  const links = siteLinks(config, lang, translate);
  return {
    productName,
    homeHref: `${APP_BASE}/${lang}/login`,
    homeLabel: translate('app.chrome.home', { product: productName }),
    links: keys.map((key) => links[key]),
    linksLabel: translate('app.chrome.headerLinks'),
  };
}

export function footerConfig(
  config: Pick<RuntimeConfig, 'links'>,
  productName: string,
  lang: string,
  translate: Translate,
  keys: readonly FooterEntry[] = CHROME_LINKS.footer,
): FooterConfig {
  const links = siteLinks(config, lang, translate);
  const entry = (key: FooterEntry): ChromeLink => {
    if (key === 'cookieSettings') return { label: translate('app.links.cookieSettings'), action: FooterAction.cookieSettings };
    if (key === 'terms') return { label: translate('app.links.terms'), action: FooterAction.terms };
    return links[key];
  };
  return {
    links: keys.map(entry),
    linksLabel: translate('app.chrome.footerLinks'),
    copyright: translate('app.footer.copyright', { year: new Date().getFullYear(), product: productName }),
  };
}

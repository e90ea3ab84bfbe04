import { CHROME_LINKS, type ChromeLinks, type FooterEntry, type SiteLinkKey } from '../chrome/chromeConfig';

/** The side panel's "More information" dropdown (spec 2): about the provider and the cookies policy. */
export const INFORMATION_LINKS: readonly SiteLinkKey[] = ['aboutProvider', 'cookiesPolicy'];

/** The menu under 991 px (LoginNav): every site link, and the terms; a modal dialog, with the page behind it out of reach. */
export const MENU_LINKS: readonly SiteLinkKey[] = ['aboutProduct', 'news', 'contactUs', 'aboutProvider', 'cookiesPolicy', 'help'];

/** What the login page shows itself: the dropdown's links, and the terms beside the Login button. */
const SHOWN_BY_THE_PAGE = new Set<FooterEntry>([...INFORMATION_LINKS, 'terms']);
const HEADER = CHROME_LINKS.header.filter((key) => !SHOWN_BY_THE_PAGE.has(key));
const IN_THE_HEADER = new Set<FooterEntry>(HEADER);

/**
 * One place for each link on the login page: the page's own first, then the header's, and the
 * footer has the rest. The footer leaves out the header's links although the header hides them on
 * a phone, because there the menu has them.
 */
export const LOGIN_CHROME_LINKS: ChromeLinks = {
  header: HEADER,
  footer: CHROME_LINKS.footer.filter((key) => !SHOWN_BY_THE_PAGE.has(key) && !IN_THE_HEADER.has(key)),
};

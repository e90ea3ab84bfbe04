/**
 * The contract between the portal and its header and footer front-ends. Each is built on its
 * own (vite.chrome.ts), published with an asset manifest, and defines one custom element the
 * portal fills through its `config` property. The front-ends carry no text of their own: every
 * label comes from the portal's messages.
 */

export const CHROME_TAGS = { header: 'cargo-site-header', footer: 'cargo-site-footer' } as const;
export type ChromePart = keyof typeof CHROME_TAGS;

/** The manifest file the build writes next to the assets. */
export const CHROME_MANIFEST = 'asset-manifest.json';

/** A link, or an action the host handles (the element dispatches CHROME_ACTION_EVENT). */
export interface ChromeLink {
  label: string;
  href?: string;
  action?: string;
  /** Opens in a new tab. */
  external?: boolean;
}

export interface HeaderConfig {
  productName: string;
  homeHref: string;
  homeLabel: string;
  links: ChromeLink[];
  linksLabel: string;
}

export interface FooterConfig {
  links: ChromeLink[];
  linksLabel: string;
  copyright: string;
}

/** Bubbles out of the shadow root with `detail` = the link's action. */
export const CHROME_ACTION_EVENT = 'chrome-action';

/**
 * Which browsers the portal supports (spec 1, 8): Internet Explorer at or below the blocked version
 * (BLOCKED_IE_VERSION, default 9) shows nothing; other out-of-date browsers get the warning.
 * "Out of date" means older than the oldest version that runs the portal's module bundle (ES2022,
 * as built) reliably. Such browsers may not run the bundle at all, so the rule is kept as data
 * (patterns and versions): the classic script that old browsers run is generated from it
 * (src/server/browserCheck.ts), and the app uses the functions below.
 */

export interface BrowserMinimum {
  name: string;
  /** The first group is the major version. */
  pattern: RegExp;
  minimum: number;
}

/** Order matters: Edge and Opera also say Chrome; Chrome also says Safari. The first match decides. */
export const BROWSER_MINIMUM_VERSIONS: readonly BrowserMinimum[] = [
  { name: 'Edge', pattern: /Edg(?:e|A|iOS)?\/(\d+)/, minimum: 94 },
  { name: 'Opera', pattern: /OPR\/(\d+)/, minimum: 80 },
  { name: 'Samsung Internet', pattern: /SamsungBrowser\/(\d+)/, minimum: 17 },
  { name: 'Firefox', pattern: /(?:Firefox|FxiOS)\/(\d+)/, minimum: 93 },
  { name: 'Chrome', pattern: /(?:Chrome|CriOS)\/(\d+)/, minimum: 94 },
  { name: 'Safari', pattern: /Version\/(\d+)(?:\.\d+)*.*Safari\//, minimum: 15 },
];

/** Out of date whatever the version: Internet Explorer, and Edge before Chromium (EdgeHTML). */
export const ALWAYS_OUTDATED: readonly RegExp[] = [/MSIE \d+|Trident\//, /Edge\/\d+/];

/** Internet Explorer's major version: "MSIE 9.0" up to IE 10, "Trident/7.0; rv:11.0" for IE 11. */
export const INTERNET_EXPLORER_VERSION: readonly RegExp[] = [/MSIE (\d+)/, /Trident\/.*rv:(\d+)/];

/** The warning's words (spec 8 "browser-out-of-date warnings"); the app's messages file takes them from here. */
export const BrowserMessages = {
  outOfDateTitle: 'Your browser is out of date.',
  outOfDateText: 'Some parts of the portal may not work. Please update your browser to its latest version.',
  dismiss: 'Dismiss',
} as const;

/** Where a dismissed warning is remembered for the tab (session storage). */
export const BROWSER_WARNING_DISMISSED_KEY = 'ez4.browserWarningDismissed';

/** Internet Explorer's major version from a user agent, or undefined for other browsers. */
export function internetExplorerVersion(userAgent: string): number | undefined {
  for (const pattern of INTERNET_EXPLORER_VERSION) {
    const match = pattern.exec(userAgent);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** Spec 1: Internet Explorer at or below the blocked version shows nothing. */
export function isBlockedInternetExplorer(userAgent: string, blockedVersion: number): boolean {
  const version = internetExplorerVersion(userAgent);
  return version !== undefined && version <= blockedVersion;
}

/** True for Internet Explorer (above the blocked version it gets the warning), EdgeHTML, and browsers below their minimum. */
export function isOutdatedBrowser(userAgent: string): boolean {
  if (ALWAYS_OUTDATED.some((pattern) => pattern.test(userAgent))) return true;
  for (const { pattern, minimum } of BROWSER_MINIMUM_VERSIONS) {
    const match = pattern.exec(userAgent);
    if (match) return Number(match[1]) < minimum;
  }
  return false;
}

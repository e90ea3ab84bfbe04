import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The command line of the specs' Chromium. Debian's Chromium 156 opens two WebUI pages of its
 * omnibox popup (chrome://omnibox-popup.top-chrome) in a renderer of their own for every window,
 * and every browser context is a window: about a sixth of the CPU a sign-in and three pages cost,
 * and about a tenth of the end-to-end run (issue 14). Disabling their features stops that.
 *
 * Chromium reads only the last `--disable-features`, and Playwright passes one of its own, so the
 * switch must repeat Playwright's list. It is read from the installed playwright-core; should a
 * future version keep it elsewhere, the specs run with Playwright's list alone, only slower.
 */

const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** How Debian's Chromium runs headless here (no sandbox as root, no GPU, nothing fetched on its own): the bench uses these too. */
export const DEBIAN_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const CHROMIUM_ARGS = [...DEBIAN_CHROMIUM_ARGS, ...disableFeaturesSwitch()];

/** Playwright's own disabled features, as its bundle lists them, or undefined where it cannot be found. */
export function playwrightDisabledFeatures(): string[] | undefined {
  try {
    const require = createRequire(import.meta.url);
    const bundle = readFileSync(path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js'), 'utf8');
    const list = /\bdisabledFeatures = \[([^\]]*)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
    const features = list
      ?.split('\n')
      .map((line) => /^\s*"([A-Za-z0-9]+)",?\s*$/.exec(line)?.[1])
      .filter((feature) => feature !== undefined);
    return features && features.length > 0 ? features : undefined;
  } catch {
    return undefined;
  }
}

function disableFeaturesSwitch(): string[] {
  const playwrights = playwrightDisabledFeatures();
  return playwrights ? [`--disable-features=${[...playwrights, ...OMNIBOX_POPUP_FEATURES].join(',')}`] : [];
}

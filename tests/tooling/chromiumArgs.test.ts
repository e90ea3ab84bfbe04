import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, playwrightDisabledFeatures } from '../../e2e/support/chromiumArgs';

describe("the end-to-end specs' Chromium command line", () => {
  it("keeps Playwright's disabled features in the one --disable-features Chromium reads, with the omnibox popup's added", () => {
    const playwrights = playwrightDisabledFeatures();
    // Read from the installed playwright-core: when an upgrade moves the list, this says so (the specs would only run slower).
    expect(playwrights).toEqual(expect.arrayContaining(['PaintHolding', 'HttpsUpgrades', 'ThirdPartyStoragePartitioning']));
    const switches = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    expect(switches[0].slice('--disable-features='.length).split(',')).toEqual([...(playwrights ?? []), 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']);
  });
});

import { describe, expect, it } from 'vitest';
import { internetExplorerVersion, isBlockedInternetExplorer, isOutdatedBrowser } from '../../src/domain/browserSupport';
import { UA } from './userAgents';

describe('browser support (spec 1, 8)', () => {
  it('reads the Internet Explorer version', () => {
    expect(internetExplorerVersion(UA.ie8)).toBe(8);
    expect(internetExplorerVersion(UA.ie9)).toBe(9);
    expect(internetExplorerVersion(UA.ie10)).toBe(10);
    expect(internetExplorerVersion(UA.ie11)).toBe(11);
    expect(internetExplorerVersion(UA.chrome)).toBeUndefined();
  });

  it('blocks Internet Explorer at or below the blocked version only', () => {
    expect(isBlockedInternetExplorer(UA.ie8, 9)).toBe(true);
    expect(isBlockedInternetExplorer(UA.ie9, 9)).toBe(true);
    expect(isBlockedInternetExplorer(UA.ie10, 9)).toBe(false);
    expect(isBlockedInternetExplorer(UA.ie11, 9)).toBe(false);
    expect(isBlockedInternetExplorer(UA.ie11, 11)).toBe(true);
    expect(isBlockedInternetExplorer(UA.chromeOld, 99)).toBe(false);
  });

  it('warns on out-of-date browsers only', () => {
    for (const old of [UA.ie10, UA.ie11, UA.edgeLegacy, UA.chromeOld, UA.firefoxOld, UA.safariOld, UA.operaOld, UA.samsungOld])
      expect(isOutdatedBrowser(old), old).toBe(true);
    for (const current of [UA.edge, UA.chrome, UA.firefox, UA.safari, UA.unknown]) expect(isOutdatedBrowser(current), current).toBe(false);
  });
});

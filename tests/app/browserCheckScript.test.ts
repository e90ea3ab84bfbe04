// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { isBlockedInternetExplorer, isOutdatedBrowser } from '../../src/domain/browserSupport';
import { appMessages } from '../../src/app/i18n/en';
import { browserCheckScript } from '../../src/server/browserCheck';
import { UA } from './userAgents';

/**
 * What the classic browser check (/ez4/browser-check.js) does in a browser: run on the portal's
 * empty page as a browser with that user agent would run it.
 */
function runCheck(script: string, userAgent: string, page = '<div id="root"></div>'): HTMLElement | null {
  if (page !== '') document.body.innerHTML = page;
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
  // biome-ignore lint/security/noGlobalEval: the test runs the served browser-check script in the page's global scope, as the browser's script tag would
  window.eval(script);
  return document.getElementById('browser-warning');
}

afterEach(() => {
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('the classic browser check in the browser', () => {
  const script = browserCheckScript(9);

  it('shows nothing on Internet Explorer at or below the blocked version', () => {
    for (const ua of [UA.ie8, UA.ie9]) {
      expect(runCheck(script, ua), ua).toBeNull();
      expect(document.body.innerHTML).toBe('<div id="root"></div>');
    }
    expect(runCheck(browserCheckScript(11), UA.ie11)).toBeNull();
    expect(runCheck(browserCheckScript(10), UA.ie11)).not.toBeNull();
    expect(runCheck(browserCheckScript(10), UA.ie10)).toBeNull();
  });

  it('warns exactly the browsers the domain rule calls out of date, with the wording of the messages file', () => {
    for (const [name, ua] of Object.entries(UA)) {
      const expected = !isBlockedInternetExplorer(ua, 9) && isOutdatedBrowser(ua);
      expect(runCheck(script, ua) !== null, name).toBe(expected);
    }
    const banner = runCheck(script, UA.ie11);
    expect(banner?.getAttribute('role')).toBe('alert');
    expect(banner?.querySelector('p')?.textContent).toBe(`${appMessages.app.browser.title} ${appMessages.app.browser.text}`);
    expect(banner?.querySelector('button')?.textContent).toBe(appMessages.app.browser.dismiss);
    expect(appMessages.app.browser.title).toBe('Your browser is out of date.');
  });

  it('puts the warning first on the page and forgets it for the tab once dismissed', () => {
    const banner = runCheck(script, UA.chromeOld);
    expect(document.body.firstElementChild).toBe(banner);
    banner!.querySelector('button')!.click();
    expect(document.getElementById('browser-warning')).toBeNull();
    expect(sessionStorage.getItem('ez4.browserWarningDismissed')).toBe('true');
    expect(runCheck(script, UA.chromeOld, '')).toBeNull(); // the next page of the same tab
  });
});

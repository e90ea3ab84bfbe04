// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHROME_TAGS } from '../../chrome/contract';
import { goTo, testServices, WithServices } from '../testing/fixtures';
import { LoginPage } from './LoginPage';

// The real header and footer front-ends, so the page is read as a visitor gets it (this file has a window of its own: vitest.config.ts).
vi.mock('../chrome/loadChromeApp', () => ({
  loadChromeApp: async (part: 'header' | 'footer') => {
    await (part === 'header' ? import('../../chrome/header/main') : import('../../chrome/footer/main'));
  },
}));
vi.mock('../admin/loadAdminApp', () => ({ loadAdminApp: () => Promise.resolve({ default: () => null }) }));
vi.mock('../region/regionLookup', () => ({ lookupRegion: vi.fn(async () => ({ countryCode: 'SG', iPv4Address: '203.0.113.1' })), forgetRegion: vi.fn() }));

beforeEach(() => {
  goTo('/ez4/en/login');
  localStorage.setItem('isBtnClick', 'true');
  document.cookie = 'cookie_consent=a; path=/';
});
afterEach(cleanup);

/** The names of the page's links and buttons, its own and those in the header's and footer's shadow roots. */
function linkAndButtonNames(): string[] {
  const roots: ParentNode[] = [document, ...Object.values(CHROME_TAGS).flatMap((tag) => [...document.querySelectorAll(tag)].map((host) => host.shadowRoot!))];
  return roots.flatMap((root) =>
    [...root.querySelectorAll('a[href], button')].map((element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim()),
  );
}

function repeated(names: string[]): string[] {
  return [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
}

/** The links spec 1 asks of the sign-in page. */
const SPEC_LINKS = ['About the product', 'News', 'Contact us', 'About the provider', 'Cookies policy', 'Terms of use'];

describe("the login page's links (spec 1, 2)", () => {
  it('shows each link once, across the header, the page and the footer, and every link the spec asks for', async () => {
    render(
      <WithServices services={testServices()}>
        <LoginPage lang="en" />
      </WithServices>,
    );
    // Both front-ends drawn: the header's home link and the footer's copyright.
    await waitFor(() => expect(document.querySelector(CHROME_TAGS.header)?.shadowRoot?.querySelector('a.brand')).toBeTruthy());
    await waitFor(() =>
      expect(document.querySelector(CHROME_TAGS.footer)?.shadowRoot?.querySelector('p')?.textContent).toMatch(/© \d{4} Cargo Shipment Portal/),
    );
    expect(repeated(linkAndButtonNames())).toEqual([]);

    // The side panel's dropdown, open: its links are on the page now, and still nowhere else.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More information' }));
    expect(screen.getAllByRole('menuitem').length).toBeGreaterThan(0);
    const names = linkAndButtonNames();
    expect(repeated(names)).toEqual([]);
    expect(SPEC_LINKS.filter((name) => !names.includes(name))).toEqual([]);
  });
});

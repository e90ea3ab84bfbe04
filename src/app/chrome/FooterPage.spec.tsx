// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../i18n/translate';
import { goTo, testConfig, testServices, WithServices } from '../testing/fixtures';
import { footerConfig } from './chromeConfig';
import { FooterPage } from './FooterPage';

vi.mock('./loadChromeApp', () => ({ loadChromeApp: () => Promise.reject(new Error('asset-manifest.json: HTTP 404')) }));
vi.mock('../region/regionLookup', () => ({ lookupRegion: vi.fn(async () => ({ countryCode: 'SG', iPv4Address: '203.0.113.1' })), forgetRegion: vi.fn() }));

beforeEach(() => {
  goTo('/ez4/en/Footer');
  localStorage.setItem('isBtnClick', 'true');
  document.cookie = 'cookie_consent=a; path=/';
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Footer page (spec 2)', () => {
  it("draws the footer's links and copyright itself when the footer front-end cannot be loaded", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <WithServices services={testServices()}>
        <FooterPage lang="en" productName="Cargo Shipment Portal" />
      </WithServices>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Footer' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Site information' });
    const expected = footerConfig(testConfig, 'Cargo Shipment Portal', 'en', translate);
    for (const link of expected.links) {
      if (link.action) expect(within(nav).getByRole('button', { name: link.label })).toBeInTheDocument();
      else expect(within(nav).getByRole('link', { name: link.label })).toHaveAttribute('href', link.href);
    }
    expect(within(nav).getAllByRole('listitem')).toHaveLength(expected.links.length);
    expect(screen.getByText(expected.copyright)).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('[chrome] The footer could not be loaded from /ez4/chrome/footer/:', expect.any(Error));
  });

  it("the drawn footer's actions work as the front-end's do: Terms of use opens the terms", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <WithServices services={testServices()}>
        <FooterPage lang="en" productName="Cargo Shipment Portal" />
      </WithServices>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Terms of use' }));
    expect(await screen.findByRole('dialog', { name: 'Terms of use' })).toBeInTheDocument();
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testServices, WithServices } from '../testing/fixtures';
import { CookieConsent } from './CookieConsent';
import { cookieSettingsEvents } from './cookiePreference';

const region = vi.hoisted(() => ({ current: undefined as { countryCode: string; iPv4Address: string } | undefined }));
vi.mock('../region/regionLookup', () => ({ lookupRegion: vi.fn(async () => region.current), forgetRegion: vi.fn() }));

function clearCookies() {
  for (const name of ['cookie_consent', 'personalize', 'analytics']) document.cookie = `${name}=; Max-Age=0; path=/`;
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderConsent(countryCode?: string) {
  region.current = countryCode ? { countryCode, iPv4Address: '203.0.113.1' } : undefined;
  render(
    <WithServices services={testServices()}>
      <CookieConsent lang="en" />
    </WithServices>,
  );
}

const stored = () => ['personalize', 'analytics', 'isBtnClick'].map((key) => localStorage.getItem(key));

describe('cookie consent by region (spec 4)', () => {
  it("shows the settings with the page's first render, as for an unknown region, before the region answers (issue 16)", () => {
    renderConsent('US');
    // No await: in the first render, so the panel does not push the page down once the answer comes.
    expect(screen.getByRole('dialog', { name: 'Cookie settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject all' })).toBeInTheDocument();
  });

  it('US: the settings without reject-all', async () => {
    renderConsent('US');
    const settings = await screen.findByRole('dialog', { name: 'Cookie settings' });
    expect(settings).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reject all' })).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: /Strictly necessary/ })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Analytics/ }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save settings' }));
    expect(stored()).toEqual(['false', 'true', 'true']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(['DE', 'FR', 'GB', 'CH'])('%s: the settings with reject-all', async (country) => {
    renderConsent(country);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reject all' }));
    expect(stored()).toEqual(['false', 'false', 'true']);
  });

  it('an unknown region: the settings with reject-all', async () => {
    renderConsent(undefined);
    expect(await screen.findByRole('button', { name: 'Reject all' })).toBeInTheDocument();
  });

  it('other regions: the banner with Continue, analytics on, cookies for 34,560,000 ms', async () => {
    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      cookieWrites.push(value);
      descriptor.set!.call(this, value);
    });
    renderConsent('SG');
    const banner = await screen.findByRole('region', { name: 'Cookie notice' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(banner).not.toBeInTheDocument();
    expect(stored()).toEqual(['false', 'true', 'true']);
    const consent = cookieWrites.find((write) => write.startsWith('cookie_consent='));
    expect(consent).toContain('max-age=34560;');
    expect(cookieWrites.some((write) => write.startsWith('analytics=true;'))).toBe(true);
  });

  it('asks nothing once a choice is made, until the consent cookie runs out', async () => {
    localStorage.setItem('isBtnClick', 'true');
    document.cookie = 'cookie_consent=a; path=/';
    renderConsent('DE');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    cleanup();
    clearCookies();
    renderConsent('DE');
    expect(await screen.findByRole('dialog', { name: 'Cookie settings' })).toBeInTheDocument();
  });

  it('a Cookie settings link reopens the settings with the stored choice', async () => {
    localStorage.setItem('isBtnClick', 'true');
    localStorage.setItem('analytics', 'true');
    document.cookie = 'cookie_consent=a; path=/';
    renderConsent('SG');
    await new Promise((resolve) => setTimeout(resolve, 20));
    cookieSettingsEvents.open();
    expect(await screen.findByRole('checkbox', { name: /Analytics/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Personalisation/ })).not.toBeChecked();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHROME_ACTION_EVENT, type FooterConfig } from '../../chrome/contract';
import { testServices, WithServices } from '../testing/fixtures';
import { SiteChrome } from './SiteChrome';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const footer: FooterConfig = { links: [{ label: 'Terms of use', action: 'terms' }], linksLabel: 'Site information', copyright: '© 2026 Cargo Shipment Portal' };

describe('SiteChrome (spec 1)', () => {
  it('writes a load failure to the console only, and renders nothing', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not found', { status: 404 })),
    );
    render(
      <WithServices services={testServices()}>
        <main>
          <SiteChrome part="header" config={{ productName: 'P', homeHref: '/', homeLabel: 'P home', links: [], linksLabel: 'Provider' }} />
          <p>page content</p>
        </main>
      </WithServices>,
    );
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('[chrome] The header could not be loaded from /ez4/chrome/header/:', expect.any(Error)));
    expect(String(consoleError.mock.calls[0][1])).toContain('asset-manifest.json: HTTP 404');
    expect(document.querySelector('cargo-site-header')).toBeNull();
    expect(screen.getByText('page content')).toBeInTheDocument();
  });

  it("keeps the header bar's room while it loads, so the page does not jump, and gives it up when loading fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer!: (response: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { container } = render(
      <WithServices services={testServices()}>
        <SiteChrome part="header" config={{ productName: 'P', homeHref: '/', homeLabel: 'P home', links: [], linksLabel: 'Provider' }} />
      </WithServices>,
    );
    const slot = container.querySelector<HTMLElement>('.site-chrome--loading');
    expect(slot?.style.minHeight).toBe('48px');
    expect(slot).toHaveAttribute('aria-hidden', 'true');
    answer(new Response('not found', { status: 404 }));
    await waitFor(() => expect(container.querySelector('.site-chrome--loading')).toBeNull());
  });

  it('refuses a manifest without an entry', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ 'src/other.ts': { file: 'assets/other.js' } })),
    );
    render(
      <WithServices services={testServices()}>
        <SiteChrome part="footer" config={footer} />
      </WithServices>,
    );
    await waitFor(() => expect(String(consoleError.mock.calls[0]?.[1])).toContain('names no entry'));
  });

  it('fills a loaded front-end through its config property and hands its actions back', async () => {
    class FakeFooter extends HTMLElement {
      config: FooterConfig | undefined;
    }
    if (!customElements.get('cargo-site-footer')) customElements.define('cargo-site-footer', FakeFooter);
    const onAction = vi.fn();
    render(
      <WithServices services={testServices()}>
        <SiteChrome part="footer" config={footer} onAction={onAction} />
      </WithServices>,
    );
    const element = document.querySelector('cargo-site-footer') as FakeFooter;
    await waitFor(() => expect(element.config).toEqual(footer));
    element.dispatchEvent(new CustomEvent(CHROME_ACTION_EVENT, { detail: 'terms', bubbles: true, composed: true }));
    expect(onAction).toHaveBeenCalledWith('terms');
  });
});

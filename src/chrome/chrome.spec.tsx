// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { describe, expect, it, vi } from 'vitest';
import { CHROME_ACTION_EVENT, type FooterConfig, type HeaderConfig } from './contract';
import './header/main';
import './footer/main';

describe('the header and footer front-ends', () => {
  it('the header shows the brand and links, as text only', () => {
    const header = document.createElement('cargo-site-header') as HTMLElement & { config: HeaderConfig };
    document.body.append(header);
    header.config = {
      productName: '<img src=x onerror=alert(1)>Portal',
      homeHref: '/ez4/en/login',
      homeLabel: 'Portal home',
      links: [
        { label: 'About the provider', href: '/ez4/en/about#provider' },
        { label: 'Evil', href: 'javascript:alert(1)' },
        { label: 'Elsewhere', href: 'https://provider.example/', external: true },
      ],
      linksLabel: 'Provider',
    };
    const root = header.shadowRoot!;
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('.brand')?.textContent).toBe('<img src=x onerror=alert(1)>Portal');
    expect(root.querySelector('.brand')?.getAttribute('aria-label')).toBe('Portal home');
    const links = [...root.querySelectorAll('nav a')] as HTMLAnchorElement[];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['About the provider', '/ez4/en/about#provider'],
      ['Evil', '#'],
      ['Elsewhere', 'https://provider.example/'],
    ]);
    expect(links[2].rel).toBe('noopener noreferrer');
    header.remove();
  });

  it('the footer dispatches its actions out of the shadow root', () => {
    const footer = document.createElement('cargo-site-footer') as HTMLElement & { config: FooterConfig };
    document.body.append(footer);
    footer.config = {
      links: [
        { label: 'Terms of use', action: 'terms' },
        { label: 'Help', href: '/ez4/en/help' },
      ],
      linksLabel: 'Site information',
      copyright: '© 2026 Portal',
    };
    const seen = vi.fn();
    document.body.addEventListener(CHROME_ACTION_EVENT, (event) => seen((event as CustomEvent).detail));
    const button = footer.shadowRoot!.querySelector('button')!;
    expect(button.textContent).toBe('Terms of use');
    button.click();
    expect(seen).toHaveBeenCalledWith('terms');
    expect(footer.shadowRoot!.querySelector('p')?.textContent).toBe('© 2026 Portal');
    footer.remove();
  });
});

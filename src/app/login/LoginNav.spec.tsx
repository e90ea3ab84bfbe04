// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goTo, testServices, WithServices } from '../testing/fixtures';
import { LoginPage } from './LoginPage';

vi.mock('../admin/loadAdminApp', () => ({ loadAdminApp: () => Promise.resolve({ default: () => null }) }));
vi.mock('../chrome/loadChromeApp', () => ({ loadChromeApp: () => new Promise(() => undefined) }));
vi.mock('../region/regionLookup', () => ({ lookupRegion: vi.fn(async () => ({ countryCode: 'SG', iPv4Address: '203.0.113.1' })), forgetRegion: vi.fn() }));

beforeEach(() => {
  goTo('/ez4/en/login');
  localStorage.setItem('isBtnClick', 'true');
  document.cookie = 'cookie_consent=a; path=/';
});

afterEach(cleanup);

function renderLogin() {
  render(
    <WithServices services={testServices()}>
      <LoginPage lang="en" />
    </WithServices>,
  );
  return userEvent.setup();
}

describe('the login page around the form (spec 1, 2)', () => {
  it('shows the contacts and the English-only language switch; the links are in the header, side panel and footer (LoginLinks.spec.tsx)', () => {
    renderLogin();
    const nav = screen.getByRole('navigation', { name: 'Site' });
    expect(within(nav).queryAllByRole('link')).toEqual([]);
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English']);
    const contacts = screen.getByRole('complementary', { name: 'More information and contacts' });
    expect(within(contacts).getByRole('link', { name: 'cargo.service@cargo-portal.example' })).toHaveAttribute(
      'href',
      'mailto:cargo.service@cargo-portal.example',
    );
    expect(within(contacts).getByRole('link', { name: '+852 2100 0001' })).toHaveAttribute('href', 'tel:+85221000001');
    expect(contacts).toHaveTextContent('Customer service');
    expect(contacts).toHaveTextContent('Business development');
  });

  it('opens the hamburger menu, keeps Tab inside, and closes with Escape back on the button', async () => {
    const user = renderLogin();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: 'About the product' })).toHaveFocus();
    expect(within(menu).getByText('Cargo Shipment Portal')).toBeInTheDocument();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(within(menu).getByRole('button', { name: 'Terms of use' })).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('the side panel dropdown offers about the provider and the cookies policy, by keyboard', async () => {
    const user = renderLogin();
    const button = screen.getByRole('button', { name: 'More information' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['About the provider', 'Cookies policy']);
    expect(items[1]).toHaveAttribute('href', '/ez4/en/cookiesPolicy');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('opens the terms and the forgot-password dialogs on demand', async () => {
    const user = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Terms of use' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms of use' });
    expect(terms).toHaveTextContent('Your account');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Terms of use' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('dialog', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Company ID', { selector: '#forgot-companyId' })).toHaveFocus();
  });

  it('starts the forgot-password dialog with the ids typed on the login page, on the first empty field', async () => {
    const user = renderLogin();
    await user.type(screen.getByLabelText('Company ID', { selector: '#login-companyId' }), ' DEMOAIR ');
    await user.type(screen.getByLabelText('Password'), 'not sent anywhere');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    expect(within(dialog).getByLabelText('Company ID')).toHaveValue('DEMOAIR');
    expect(within(dialog).getByLabelText('User ID')).toHaveValue('');
    expect(within(dialog).getByLabelText('User ID')).toHaveFocus();
    expect(dialog).not.toHaveTextContent('not sent anywhere');
  });
});

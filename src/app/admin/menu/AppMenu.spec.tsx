// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { CargoAuthProvider } from '../../../../dataProviders/authProvider';
import { MenuCategory, SiteType } from '../../../domain/access';
import { adminClassicMenu, adminMenu, fakeAuthProvider, signedInScreenSpec, signInAs } from '../../testing/fixtures';
import { createI18nProvider } from '../i18nProvider';
import { AppMenu } from './AppMenu';
import { buildMenu, menuTarget } from './buildMenu';

describe('buildMenu', () => {
  it('puts site_type 2 entries in the main menu and site_type 1 entries under Administration', () => {
    const model = buildMenu(adminMenu, adminClassicMenu);
    expect(model.main.map((link) => [link.label, link.target])).toEqual([
      ['Documents', { kind: 'route', path: 'shipment' }],
      ['User Management', { kind: 'route', path: 'userManagement' }],
      ['User Log', { kind: 'route', path: 'shipmentLog' }],
      ['About', { kind: 'route', path: 'about' }],
      ['Help', { kind: 'external', href: 'https://help.example.com/portal' }],
    ]);
    expect(model.administration.map((link) => [link.label, link.target])).toEqual([
      ['Sanction List', { kind: 'route', path: 'sanctionlist' }],
      ['MIP Action List', { kind: 'route', path: 'mipactionlist/103' }],
    ]);
    expect(model.main.map((link) => link.category)).toEqual([
      MenuCategory.DOCUMENT,
      MenuCategory.USER_MGT,
      MenuCategory.SHIPMENT_LOG,
      MenuCategory.ABOUT_GLS,
      MenuCategory.HELP,
    ]);
  });

  it('reads urls written as app paths and drops duplicates and empty entries', () => {
    expect(menuTarget('/ez4/en/shipment')).toEqual({ kind: 'route', path: 'shipment' });
    expect(menuTarget('/shipmentLog')).toEqual({ kind: 'route', path: 'shipmentLog' });
    expect(menuTarget('  ')).toBeUndefined();
    const twice = buildMenu(adminMenu, [...adminClassicMenu, { ...adminClassicMenu[0].items[0], items: [] }]);
    expect(twice.administration).toHaveLength(2);
    expect(buildMenu([{ category: 0, site_type: SiteType.NEW, text: 'Empty group', url: '', function_id: null, items: [] }]).main).toEqual([]);
  });
});

describe('AppMenu', () => {
  const spec = signedInScreenSpec();

  function renderMenu(path = '/en/shipment', authProvider: CargoAuthProvider = fakeAuthProvider()) {
    render(
      <MemoryRouter initialEntries={[path]}>
        <AdminContext basename="/en" authProvider={authProvider} i18nProvider={createI18nProvider(spec.messages)} store={memoryStore()}>
          <AppMenu />
        </AdminContext>
      </MemoryRouter>,
    );
    return { authProvider, user: userEvent.setup() };
  }

  it('shows the session menu with links under /{lang}', async () => {
    renderMenu();
    const menu = await screen.findByRole('menu', { name: 'Main menu' });
    expect(within(menu).getByRole('menuitem', { name: 'Documents' })).toHaveAttribute('href', '/en/shipment');
    expect(within(menu).getByRole('menuitem', { name: 'User Management' })).toHaveAttribute('href', '/en/userManagement');
    expect(within(menu).getByRole('menuitem', { name: 'User Log' })).toHaveAttribute('href', '/en/shipmentLog');
    expect(within(menu).getByRole('menuitem', { name: 'Help' })).toHaveAttribute('target', '_blank');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('opens the Administration group on demand', async () => {
    const { user } = renderMenu();
    const group = await screen.findByRole('menuitem', { name: 'Administration' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menuitem', { name: 'Sanction List' })).not.toBeInTheDocument();
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Sanction List' })).toHaveAttribute('href', '/en/sanctionlist');
    expect(screen.getByRole('menuitem', { name: 'MIP Action List' })).toHaveAttribute('href', '/en/mipactionlist/103');
  });

  it('starts with Administration open on an admin page', async () => {
    renderMenu('/en/mipactionlist/103');
    expect(await screen.findByRole('menuitem', { name: 'MIP Action List' })).toBeInTheDocument();
  });

  it('hides Administration from users without classic menu entries', async () => {
    signInAs({ classicMenuList: [] });
    renderMenu();
    await screen.findByRole('menuitem', { name: 'Documents' });
    expect(screen.queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('signs out from the Logout entry', async () => {
    const logout = vi.fn(async () => '/en/login');
    const { user } = renderMenu('/en/shipment', fakeAuthProvider({ logout }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(logout).toHaveBeenCalled());
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import restrictedCommodity from '../../../tests/fixtures/plugins/restrictedCommodity';
import { RuleListPage } from './RuleListPage';
import { setUpRuleListScreenSpec } from './testing/ruleListHarness';

/** The list of docs/adding-a-rule-list.md: its yes/no field is Yes or No in the grid and a switch in the form. */

const { api, renderScreen } = setUpRuleListScreenSpec([81, 82, 960]);
beforeEach(() => {
  api.rows.set('restrictedcommodity', [
    {
      id: 1,
      version: 1,
      commodityCode: '2844',
      destinationCountry: 'IR',
      remark: 'Radioactive',
      active: true,
      updatedAt: '2026-01-05T10:00:00Z',
      updatedBy: 'seed',
    },
    {
      id: 2,
      version: 1,
      commodityCode: '8542',
      destinationCountry: 'RU',
      remark: 'Lifted',
      active: false,
      updatedAt: '2026-01-06T10:00:00Z',
      updatedBy: 'admin',
    },
  ]);
});

const renderList = () => renderScreen('/en/restrictedcommodity', '/en/restrictedcommodity', <RuleListPage plugin={restrictedCommodity} />);

describe('a yes/no field of a plugin', { timeout: 60_000 }, () => {
  it('shows Yes or No in the grid and adds a row through a switch, on by its default', async () => {
    const user = userEvent.setup({ delay: null });
    await renderList();
    expect(await screen.findByRole('cell', { name: '2844' })).toBeInTheDocument();
    const cellsOf = (code: string) =>
      within(screen.getByRole('cell', { name: code }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cellsOf('2844')).toContain('Yes');
    expect(cellsOf('8542')).toContain('No');

    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: /Add to Restricted commodity by destination/ });
    const active = within(dialog).getByRole('switch', { name: /Active/ });
    expect(active).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /Commodity Code/ }), '9301');
    await user.type(within(dialog).getByRole('textbox', { name: /Destination Country/ }), 'kp');
    await user.click(active);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Row added.')).toBeInTheDocument();
    expect(api.calls('POST', '/restrictedcommodity')[0].body).toMatchObject({ request: { commodityCode: '9301', destinationCountry: 'KP', active: false } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

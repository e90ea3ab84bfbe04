// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { stationCode } from '../../../plugins/fields';
import { definePlugin } from '../../../plugins/types';
import { RuleListPage } from './RuleListPage';
import { setUpRuleListScreenSpec } from './testing/ruleListHarness';

/** A list nobody has written yet, defined here only: the generated list and create dialog come from it alone. */
const uldRestrictions = definePlugin({
  name: 'uldrestrictionlist',
  route: 'uldrestrictionlist',
  functionId: 950,
  functionIdInPath: false,
  label: 'ULD Restriction List',
  fields: [
    {
      source: 'uldType',
      label: 'ULD Type',
      type: 'text',
      required: true,
      uppercase: true,
      pattern: '[A-Z]{3}',
      patternHint: '3 capital letters, e.g. AKE',
      filter: true,
    },
    stationCode({ required: true }),
    { source: 'maxWeightKg', label: 'Max Weight (kg)', type: 'integer', min: 1, max: 20000, required: true },
    { source: 'level', label: 'Level', type: 'choice', choices: ['Advice', 'Mandatory'], required: true, defaultValue: 'Advice' },
  ],
  defaultSort: { field: 'maxWeightKg', order: 'DESC' },
  uniqueKey: ['uldType', 'stationCode'],
  actions: ['add', 'edit', 'delete', 'help'],
  importColumns: ['uldType', 'stationCode', 'maxWeightKg', 'level'],
  exportColumns: ['uldType', 'stationCode', 'maxWeightKg'],
  help: 'Weight limits of ULD types per station.',
});

const { api, renderScreen } = setUpRuleListScreenSpec([81, 82, 950]);
beforeEach(() => {
  api.rows.set('uldrestrictionlist', [
    { id: 1, version: 1, uldType: 'PMC', stationCode: 'FRA', maxWeightKg: 6804, level: 'Advice', updatedAt: '2026-01-05T10:00:00Z', updatedBy: 'seed' },
    { id: 2, version: 1, uldType: 'AKE', stationCode: 'HKG', maxWeightKg: 1588, level: 'Mandatory', updatedAt: '2026-01-06T10:00:00Z', updatedBy: 'admin' },
  ]);
});

const renderList = () => renderScreen('/en/uldrestrictionlist', '/en/uldrestrictionlist', <RuleListPage plugin={uldRestrictions} />);

describe('the screens of a plugin registered in the test', { timeout: 60_000 }, () => {
  it('list its rows under the plugin label and field labels, sorted by its default sort, with its toolbar', async () => {
    await renderList();
    expect(await screen.findByRole('heading', { level: 1, name: 'ULD Restriction List' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'PMC' })).toBeInTheDocument();
    for (const header of ['ULD Type', 'Station Code', 'Max Weight (kg)', 'Level'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header.replace(/[()]/g, '\\$&')) }), header).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).queryAllByRole('cell')[1]?.textContent),
    ).toEqual(['PMC', 'AKE']);
    const list = api.calls('GET', '/uldrestrictionlist')[0];
    expect(JSON.parse(list.query.get('sort')!)).toEqual(['maxWeightKg', 'DESC']);
    const toolbar = screen.getByRole('toolbar', { name: 'ULD Restriction List actions' });
    expect(within(toolbar).getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Help' })).toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: 'Export' })).toBeNull();
    expect(within(toolbar).queryByRole('link', { name: 'Import' })).toBeNull();
  });

  it('add rows through its generated create dialog, with its own field rules', async () => {
    const user = userEvent.setup({ delay: null });
    await renderList();
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to ULD Restriction List' });
    expect(within(dialog).getByRole('combobox', { name: /Level/ })).toHaveTextContent('Advice');
    await user.type(within(dialog).getByRole('textbox', { name: /ULD Type/ }), 'ak1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('* Invalid Format (3 capital letters, e.g. AKE)')).toBeInTheDocument();
    expect(within(dialog).getAllByText('* Required')).toHaveLength(2);
    expect(api.calls('POST', '/uldrestrictionlist')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /ULD Type/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /ULD Type/ }), 'pag');
    await user.type(within(dialog).getByRole('textbox', { name: /Station Code/ }), 'ams');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Max Weight/ }), '4626');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Row added.')).toBeInTheDocument();
    expect(api.calls('POST', '/uldrestrictionlist')[0].body).toMatchObject({
      app_id: 2,
      request: { uldType: 'PAG', stationCode: 'AMS', maxWeightKg: 4626, level: 'Advice' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('cell', { name: 'PAG' })).toBeInTheDocument();
  });
});

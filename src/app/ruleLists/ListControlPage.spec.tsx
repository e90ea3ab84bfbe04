// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListControlPage } from './ListControlPage';
import { setUpRuleListScreenSpec } from './testing/ruleListHarness';

/** adminlistcontrol: the lists the user may maintain, their size and last change, with Import, Export and User Log. */

const { api, renderScreen } = setUpRuleListScreenSpec([81, 82, 101, 115]);
beforeEach(() => {
  api.overview = [
    { name: 'sanctionlist', functionId: 101, label: 'Sanction List', rows: 7204, lastChangedAt: null, lastChangedBy: null },
    { name: 'countryrules', functionId: 115, label: 'Country Rules', rows: 5, lastChangedAt: '2026-01-06T10:00:00.000Z', lastChangedBy: 'admin' },
    // A list the server knows and this browser's registry does not: not offered.
    { name: 'retiredlist', functionId: 199, label: 'Retired List', rows: 1, lastChangedAt: null, lastChangedBy: null },
  ];
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function renderControl() {
  await renderScreen('/en/adminlistcontrol', '/en/adminlistcontrol', <ListControlPage />);
}

describe('the list control page', { timeout: 60_000 }, () => {
  it('lists each list with its size, last change and the pages over it', async () => {
    await renderControl();
    const table = await screen.findByRole('table', { name: 'Admin List Control' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [sanctions, countries] = rows;
    expect(within(sanctions).getByRole('link', { name: 'Sanction List' })).toHaveAttribute('href', '/en/sanctionlist');
    expect(within(sanctions).getByText((7204).toLocaleString())).toBeInTheDocument();
    expect(within(sanctions).getByText('No change yet')).toBeInTheDocument();
    expect(within(countries).getByRole('link', { name: 'Country Rules' })).toHaveAttribute('href', '/en/countryrules/115');
    expect(within(countries).getByText(/by admin$/)).toBeInTheDocument();
    expect(within(countries).getByRole('link', { name: 'Import Country Rules' })).toHaveAttribute('href', '/en/adminlistimport/115');
    expect(within(countries).getByRole('link', { name: 'User Log Country Rules' })).toHaveAttribute('href', '/en/userlog/115');
    expect(screen.queryByText('Retired List')).toBeNull();
  });

  it('exports a list as a CSV file with a byte-order mark', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:countryrules';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup({ delay: null });
    await renderControl();
    await user.click(await screen.findByRole('button', { name: 'Export Country Rules' }));
    await waitFor(() => expect(clicked).toEqual(['countryrules.csv']));
    expect(api.calls('GET', '/countryrules/export')).toHaveLength(1);
    // Blob.text() would drop the mark: read the bytes.
    expect(Buffer.from(await saved[0].arrayBuffer()).toString('hex')).toBe(Buffer.from('\uFEFFRows of countryrules\r\n', 'utf8').toString('hex'));
  });

  it('says when the overview cannot be read, and when there is no list to maintain', async () => {
    api.answerNext('GET', '/rulelists', 409, { status: -1, message: 'The rule lists could not be read. Please try again.' });
    await renderControl();
    expect(await screen.findByText('The rule lists could not be read. Please try again.')).toBeInTheDocument();
    cleanup();
    api.overview = [];
    await renderControl();
    expect(await screen.findByText('You may not maintain any rule list.')).toBeInTheDocument();
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ImportMessages, RULE_LIST_IMPORT_MAX_BYTES } from '../../domain/ruleListImport';
import { formatMessage } from '../../domain/statusCodes';
import { ImportPage } from './ImportPage';
import { setUpRuleListScreenSpec } from './testing/ruleListHarness';

/** adminlistimport/{functionId}: the browser's own checks of the file, the import call and its report. */

const { api, renderScreen } = setUpRuleListScreenSpec([81, 82, 101, 115]);

async function renderImport(functionId: string | number) {
  await renderScreen(`/en/adminlistimport/${functionId}`, '/en/adminlistimport/:functionId', <ImportPage />);
}

const csv = (text: string, name = 'countries.csv') => new File([text], name, { type: 'text/csv' });

async function chooseAndImport(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(screen.getByTestId('import-file'), file);
  expect(await screen.findByText(file.name)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Import' }));
}

const importCalls = () => api.calls('POST', '/countryrules/import');

describe('the import page', { timeout: 60_000 }, () => {
  it('names the list and its columns, and keeps Import disabled until a file is chosen', async () => {
    await renderImport(115);
    expect(await screen.findByRole('heading', { level: 1, name: 'Import into Country Rules' })).toBeInTheDocument();
    for (const column of ['Country Code *', 'Direction *', 'Rule *']) expect(screen.getByText(column), column).toBeInTheDocument();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to Country Rules' })).toHaveAttribute('href', '/en/countryrules/115');
  });

  it('sends the file base64-encoded in an envelope and shows the server answer', async () => {
    const user = userEvent.setup({ delay: null });
    await renderImport(115);
    await screen.findByRole('heading', { level: 1 });
    const text = 'Country Code,Direction,Rule\nCU,Both,Embargo\nSY,Export,Restricted\n';
    await chooseAndImport(user, csv(text));
    expect(await screen.findByText('Imported 2 rows.', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    const [call] = importCalls();
    expect(call.body).toMatchObject({ app_id: 2, request: { fileName: 'countries.csv', mode: 'append' } });
    expect(Buffer.from(String(call.body?.request.content), 'base64').toString('utf8')).toBe(text);
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  });

  it('shows the row-by-row report of a refused file', async () => {
    const user = userEvent.setup({ delay: null });
    await renderImport(115);
    await screen.findByRole('heading', { level: 1 });
    api.answerNext('POST', '/countryrules/import', 400, {
      status: -50001,
      message: formatMessage(ImportMessages.rejected, { count: 2 }),
      data: {
        problems: [
          { line: 3, column: 'Country Code', message: '* Invalid Format' },
          { line: 4, column: '', message: formatMessage(ImportMessages.cellCount, { found: 2, expected: 3 }) },
        ],
        total: 2,
      },
    });
    await chooseAndImport(user, csv('Country Code,Direction,Rule\nCU,Both,Embargo\nCUB,Both,Embargo\nSY,Export\n'));
    const report = await screen.findByRole('alert');
    expect(within(report).getByText('Problems in the file')).toBeInTheDocument();
    expect(within(report).getByText('Nothing was imported: the file has 2 problem(s). Correct them and import the file again.')).toBeInTheDocument();
    const rows = within(within(report).getByRole('table', { name: 'Problems in the file' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['3', 'Country Code', '* Invalid Format'],
      ['4', '(row)', 'The row has 2 cells; the header has 3.'],
    ]);
  });

  it('refuses a file over the size limit in the browser, without sending it', async () => {
    const user = userEvent.setup({ delay: null });
    await renderImport(115);
    await screen.findByRole('heading', { level: 1 });
    await chooseAndImport(user, new File([new Uint8Array(RULE_LIST_IMPORT_MAX_BYTES + 1).fill(0x41)], 'huge.csv', { type: 'text/csv' }));
    expect(await screen.findByText(formatMessage(ImportMessages.tooLarge, { max: 5 }))).toBeInTheDocument();
    expect(importCalls()).toHaveLength(0);
  });

  it('refuses a file that is not UTF-8 text, or not a .csv, in the browser, without sending it', async () => {
    const user = userEvent.setup({ delay: null });
    await renderImport(115);
    await screen.findByRole('heading', { level: 1 });
    // "Country Code,Direction,Rule\nCÔTE,..." saved as Latin-1: 0xD4 alone is no UTF-8.
    const latin1 = new Uint8Array([...Buffer.from('Country Code,Direction,Rule\nC'), 0xd4, ...Buffer.from('TE,Both,Embargo\n')]);
    await chooseAndImport(user, new File([latin1], 'latin1.csv', { type: 'text/csv' }));
    expect(await screen.findByText(ImportMessages.notUtf8)).toBeInTheDocument();
    await chooseAndImport(user, csv('Country Code,Direction,Rule\n', 'rules.txt'));
    expect(await screen.findByText(ImportMessages.notCsv)).toBeInTheDocument();
    await chooseAndImport(user, csv('', 'empty.csv'));
    expect(await screen.findByText(ImportMessages.empty)).toBeInTheDocument();
    expect(importCalls()).toHaveLength(0);
  });

  it('asks before replacing the whole list, and sends nothing if the admin steps back', async () => {
    const user = userEvent.setup({ delay: null });
    await renderImport(115);
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('radio', { name: 'Replace the whole list with the file' }));
    expect(screen.getByText('Every row the list holds now will be removed and replaced by the rows of the file.')).toBeInTheDocument();
    await chooseAndImport(user, csv('Country Code,Direction,Rule\nCU,Both,Embargo\n'));
    const confirm = await screen.findByRole('dialog', { name: 'Replace Country Rules?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(importCalls()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Replace Country Rules?' })).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(importCalls()).toHaveLength(1));
    expect(importCalls()[0].body?.request).toMatchObject({ mode: 'replace' });
  });

  it('is not a page for an unknown function id', async () => {
    await renderImport(999);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(api.received).toEqual([]);
  });
});

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { rememberCookieChoice, signIn } from './support/portal';
import { axeViolations, settled } from './support/axe';

/**
 * Admin rule lists in real Chromium against the real server: add, edit, filter, export, import
 * (one bad row refused, nothing imported) and delete, on the sanction list and the country rules.
 */

test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

const signInAsAdmin = (page: Page) => signIn(page, 'DEMOAIR', 'admin', 'Admin#12345');

/** No accessibility violations in the page's main part (react-admin's row checkbox labels its wrapper, not its input). */
async function expectAccessible(page: Page, selector = 'main') {
  await settled(page);
  const violations = await axeViolations(page, { include: [[selector]], exclude: [['.RaDataTable-checkbox']] });
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

async function search(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Search all fields' });
  await box.fill(text);
  // The list follows the search once it settles; the URL carries the filter.
  await expect(page).toHaveURL(new RegExp(encodeURIComponent(text).replace(/%20/g, '(%20|\\+)')));
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  return readFileSync((await file.path())!, 'utf8');
}

function csvFile(testInfo: { outputDir: string }, name: string, text: string): string {
  mkdirSync(testInfo.outputDir, { recursive: true });
  const file = path.join(testInfo.outputDir, name);
  writeFileSync(file, text);
  return file;
}

async function importFile(page: Page, file: string) {
  await page.getByTestId('import-file').setInputFiles(file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
}

test('sanction list: add, edit, filter, export, import with a bad row refused, and delete', async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await page.getByRole('menuitem', { name: 'Administration' }).click();
  await page.getByRole('menuitem', { name: 'Sanction List' }).click();
  await expect(page).toHaveURL(/\/ez4\/en\/sanctionlist/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sanction List' })).toBeVisible();
  // The company's own entries (the official lists are sources: Sanction Sources).
  await expect(page.getByText(/^1-\d+ of \d+$/)).toBeVisible();

  // Add: the form checks the fields with the spec's messages before anything is sent.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Sanction List' });
  await dialog.getByLabel('Reference').fill('e2e-0001');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('*');
  await dialog.getByLabel('Country Code').fill('XX');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('* Invalid Format')).toBeVisible();
  await expect(dialog.getByText('* Unknown code: XX')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('E2E PHANTOM FREIGHT*');
  await dialog.getByLabel('Country Code').fill('ir');
  await dialog.getByLabel('Program').fill('E2E');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Row added.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Filter: the search narrows the grid to the new row, stored normalised.
  await search(page, 'PHANTOM');
  await expect(page.getByText('1-1 of 1')).toBeVisible();
  const row = page.getByRole('row', { name: /E2E-0001/ });
  await expect(row).toContainText('E2E PHANTOM FREIGHT*');
  await expect(row).toContainText('IR');

  // A duplicate key is refused on the key fields.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByLabel('Reference').fill('E2E-0001');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('ANOTHER NAME');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('* Already in the list').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  // Edit: a row click opens it; the saved change shows in the grid.
  await row.getByRole('cell', { name: 'E2E PHANTOM FREIGHT*' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit row of Sanction List' });
  await expect(edit.getByLabel('Program')).toHaveValue('E2E');
  await edit.getByLabel('Program').fill('E2E; SDGT');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Row saved.')).toBeVisible();
  await expect(row).toContainText('E2E; SDGT');

  // Export: exactly what the filter selects.
  const exported = await download(page, 'Export');
  const lines = exported
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('List,Reference,Name,Matching Method,Party Type,Program,Country Code,Alternative Names,Remarks');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('E2E-0001,E2E PHANTOM FREIGHT*,Keyword,Entity,E2E; SDGT,IR');

  // Import: a file with one bad row imports nothing and says where; the corrected file imports.
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import into Sanction List' })).toBeVisible();
  const header = 'List,Reference,Name,Matching Method,Party Type,Country Code';
  await importFile(
    page,
    csvFile(
      testInfo,
      'sanctions-bad.csv',
      `${header}\nINTERNAL,E2E-0002,E2E GHOST SHIPPING,Exact,Entity,KP\nINTERNAL,E2E-0003,E2E SHADOW LOGISTICS,Fuzzy,Entity,SY\n`,
    ),
  );
  const report = page.getByRole('alert').filter({ hasText: 'Problems in the file' });
  await expect(report).toContainText('Nothing was imported: the file has 1 problem(s).');
  await expect(report.getByRole('row', { name: /3 Matching Method \* Choose one of: Default, Keyword, Exact/ })).toBeVisible();
  await importFile(
    page,
    csvFile(
      testInfo,
      'sanctions-good.csv',
      `${header}\nINTERNAL,E2E-0002,E2E GHOST SHIPPING,Exact,Entity,KP\nINTERNAL,E2E-0003,E2E SHADOW LOGISTICS,Keyword,Entity,SY\n`,
    ),
  );
  await expect(page.getByText('2 row(s) imported.').first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to Sanction List' }).click();

  // Delete: the three E2E rows, after a confirmation.
  await search(page, 'E2E');
  await expect(page.getByText('1-3 of 3')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete from Sanction List' });
  // The confirmation names the rows, and they can be restored (issue 18, item 9).
  await expect(confirm).toContainText(/Delete these 3 rows: INTERNAL \/ E2E-000\d \(row \d+\), .*\? Each can be restored from its User Log entry\./);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('3 rows deleted.')).toBeVisible();
  await expect(page.getByText('No rows match these filters.')).toBeVisible();

  // Every change is in the list's user log.
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await page.getByRole('link', { name: 'User Log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Log: Sanction List' })).toBeVisible();
  for (const action of ['Create', 'Update', 'Import', 'Delete']) await expect(page.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();

  // A deleted row comes back from its entry, and the restore is logged.
  const deletion = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Delete', exact: true }) })
    .first();
  await deletion.getByRole('button', { name: /^Restore Row \d+$/ }).click();
  const restore = page.getByRole('dialog', { name: /^Restore deleted row \d+$/ });
  await expect(restore).toContainText('back in the list?');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(/^Row \d+ restored\.$/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Restore', exact: true }).first()).toBeVisible();
});

test('country rules: add, filter, edit (with a concurrent change), export, import with a bad row refused, and delete', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signInAsAdmin(page);
  await page.goto('/ez4/en/countryrules/115');
  await expect(page.getByRole('heading', { level: 1, name: 'Country Rules' })).toBeVisible();
  await expect(page.getByText('1-5 of 5')).toBeVisible();
  await expectAccessible(page);

  // Add, keyboard only: Enter in a field submits the form.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Country Rules' });
  await expect(dialog.getByLabel('Country Code')).toBeFocused();
  await expectAccessible(page, '[role=dialog]');
  await dialog.getByLabel('Country Code').fill('cu');
  await choose(page, dialog, 'Rule', 'Embargo');
  await dialog.getByLabel('SHC Codes').fill('dgr/eli');
  await dialog.getByLabel('Country Code').press('Enter');
  await expect(page.getByText('Row added.')).toBeVisible();
  await expect(page.getByRole('row', { name: /\bCU\b.*Embargo.*DGR\/ELI/ })).toBeVisible();

  // Filter by a field: Rule.
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Rule' }).click();
  await choose(page, page.locator('form').first(), 'Rule', 'Embargo');
  await expect(page.getByText('1-2 of 2')).toBeVisible();
  await expect(page.getByRole('row', { name: /\bKP\b/ })).toBeVisible();

  // Edit while another admin saves the same row: the stale save is refused with who changed it.
  await page
    .getByRole('row', { name: /\bCU\b/ })
    .getByRole('cell', { name: 'CU' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit row of Country Rules' });
  await expect(edit.getByLabel('SHC Codes')).toHaveValue('DGR/ELI');
  const otherContext = await browser.newContext({ baseURL });
  await otherContext.addCookies([{ name: 'cookie_consent', value: 'a', url: baseURL! }]);
  await otherContext.addInitScript(() => localStorage.setItem('isBtnClick', 'true'));
  const other = await otherContext.newPage();
  await signInAsAdmin(other);
  await other.goto('/ez4/en/countryrules/115');
  await other
    .getByRole('row', { name: /\bCU\b/ })
    .getByRole('cell', { name: 'CU' })
    .click();
  await other.getByRole('dialog').getByLabel('Remarks').fill('Changed in another window');
  await other.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(other.getByText('Row saved.')).toBeVisible();
  await otherContext.close();
  await edit.getByLabel('SHC Codes').fill('DGR');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText(/changed by admin at .*, after you opened it/)).toBeVisible();
  await edit.getByRole('button', { name: 'Reload' }).click();
  await expect(edit.getByLabel('Remarks')).toHaveValue('Changed in another window');
  await expect(edit.getByLabel('SHC Codes')).toHaveValue('DGR/ELI');
  await edit.getByLabel('SHC Codes').fill('DGR');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Row saved.')).toBeVisible();
  await expect(page.getByRole('row', { name: /\bCU\b/ })).not.toContainText('ELI');

  // Export what the filter selects: the two embargo rows, sorted by country code.
  const exported = await download(page, 'Export');
  expect(
    exported
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/),
  ).toEqual([
    'Country Code,Carrier ID,Direction,Rule,SHC Codes,Remarks',
    'CU,,Both,Embargo,DGR,Changed in another window',
    'KP,,Both,Embargo,,UN Security Council sanctions.',
  ]);

  // The template is the header row of the import columns.
  expect(await download(page, 'Import Template')).toBe('\uFEFFCountry Code,Carrier ID,Direction,Rule,SHC Codes,Remarks\r\n');

  // Import: one bad row (a 3-letter country code) refuses the whole file.
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByText('1-6 of 6')).toBeVisible();
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  const header = 'Country Code,Direction,Rule,Remarks';
  await importFile(
    page,
    csvFile(testInfo, 'countries-bad.csv', `${header}\nSY,Export,Licence Required,ok\nIRN,Both,Embargo,bad code\nBY,Import,Restricted,ok\n`),
  );
  const report = page.getByRole('alert').filter({ hasText: 'Problems in the file' });
  await expect(report.getByRole('row', { name: /3 Country Code \* Invalid Format: "IRN"/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to Country Rules' }).click();
  await expect(page.getByText('1-6 of 6')).toBeVisible();
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await importFile(page, csvFile(testInfo, 'countries-good.csv', `${header}\nSY,Export,Licence Required,ok\nBY,Import,Restricted,ok\n`));
  await expect(page.getByText('2 row(s) imported.').first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to Country Rules' }).click();
  await expect(page.getByText('1-8 of 8')).toBeVisible();

  // Delete the three rows this test added.
  for (const code of ['CU', 'SY', 'BY'])
    await page
      .getByRole('row', { name: new RegExp(`\\b${code}\\b`) })
      .getByRole('checkbox')
      .check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete from Country Rules' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('3 rows deleted.')).toBeVisible();
  await expect(page.getByText('1-5 of 5')).toBeVisible();

  // The reference country codes.
  await page.getByRole('button', { name: 'Country List' }).click();
  const countries = page.getByRole('dialog', { name: 'Country List' });
  await countries.getByLabel('Find a country by code or name').fill('cuba');
  await expect(countries.getByRole('row', { name: 'CU Cuba' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(countries).toBeHidden();
});

test('an operator without the list functions gets the 403 page', async ({ page }) => {
  await page.goto('/ez4/en/login');
  await page.getByLabel('Company ID').fill('DEMOAIR');
  await page.getByLabel('User ID').fill('operator');
  await page.getByLabel('Password').fill('Operator#12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
  await page.goto('/ez4/en/countryrules/115');
  await expect(page).toHaveURL(/\/error\/(ef\/)?403$/);
});

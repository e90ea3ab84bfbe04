import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { ruleListPlugins } from '../../../plugins';
import { buildTestApp, bearer, signIn, type TestApp } from '../testApp';
import { RULE_LIST_IMPORT_MAX_BYTES } from '../../../src/domain/ruleListImport';
import { classicCaller, csvFile, envelope, listQuery, type ClassicCaller } from './support';

let t: TestApp;
let admin: ClassicCaller;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await classicCaller(t);
});
afterAll(() => t.close());

const total = async (list: string) => (await admin.get(`/classicapi/${list}`)).json().total as number;
const importFile = (list: string, text: string, mode = 'append', fileName = 'rules.csv') =>
  admin.send('POST', `/classicapi/${list}/import`, { fileName, content: csvFile(text), mode });

const header = 'Country Code,Carrier ID,Direction,Rule,SHC Codes,Remarks';

describe('CSV import', () => {
  it('appends a valid file, normalising values, and audits every row', async () => {
    const before = await total('countryrules');
    const response = await importFile('countryrules', `${header}\r\nsy,,Both,Embargo,,"Syria, all ways"\r\nCU,DEMOAIR,export,restricted,DGR/eli,\r\n`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1, message: '2 row(s) imported.', data: { imported: 2, removed: 0, mode: 'append', fileName: 'rules.csv' } });
    expect(await total('countryrules')).toBe(before + 2);
    const cuba = (await admin.get(`/classicapi/countryrules${listQuery({ filter: { countryCode: 'CU' } })}`)).json().data[0];
    expect(cuba).toMatchObject({ direction: 'Export', ruleType: 'Restricted', shcCodes: 'DGR/ELI', remarks: null });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'countryrules').where('action', '=', 'Import').execute();
    expect(audit).toHaveLength(2);
    expect(audit.every((entry) => entry.before_value === null && entry.after_value !== null)).toBe(true);
  });

  it('imports nothing from a file with one bad row, reporting line, column and message', async () => {
    const before = await total('countryrules');
    const file = [
      header,
      'BY,,Both,Embargo,,ok',
      'MMR,,Both,Embargo,,bad country',
      'LY,,Both,Embargo,,"multi',
      'line remark"',
      'KP,,Sideways,Embargo,,bad direction',
    ].join('\n');
    const response = await importFile('countryrules', file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: -50001,
      message: 'Nothing was imported: the file has 2 problem(s). Correct them and import the file again.',
      data: {
        total: 2,
        problems: [
          { line: 3, column: 'Country Code', message: '* Invalid Format: "MMR" (2 letters, e.g. HK)' },
          { line: 6, column: 'Direction', message: '* Choose one of: Both, Export, Import' },
        ],
      },
    });
    expect(await total('countryrules')).toBe(before);
  });

  it('reports duplicates within the file and against the list (append)', async () => {
    const inFile = await importFile('countryrules', `${header}\nNE,,Both,Embargo,,\nne,,both,embargo,,again\n`);
    expect(inFile.json().data.problems).toEqual([
      { line: 3, column: 'Country Code', message: '* Already in the file at line 2 (NE / (empty) / Both / Embargo)' },
    ]);
    const inList = await importFile('countryrules', `${header}\nKP,,Both,Embargo,,\n`);
    expect(inList.json().data.problems).toEqual([{ line: 2, column: 'Country Code', message: '* Already in the list (KP / (empty) / Both / Embargo)' }]);
  });

  it('refuses wrong columns, formulas, bad CSV, other encodings and other files with a clear message', async () => {
    const before = await total('countryrules');
    const cases: [string, string, RegExp, number?][] = [
      ['Country,Rule\nKP,Embargo\n', 'rules.csv', /Unknown column "Country"\. The columns are: Country Code, Carrier ID/],
      ['Country Code,Country Code,Direction,Rule\n', 'rules.csv', /Column "Country Code" appears twice/],
      ['Country Code,Direction\nKP,Both\n', 'rules.csv', /Required column "Rule" is missing/],
      [`${header}\nKP,,Both,Embargo,,=HYPERLINK("http://evil.example")\n`, 'rules.csv', /spreadsheet formulas are not imported/, 2],
      [`${header}\n@SUM(1),,Both,Embargo,,\n`, 'rules.csv', /spreadsheet formulas/, 2],
      [`${header}\nKP,,Both\n`, 'rules.csv', /The row has 3 cells; the header has 6/, 2],
      [`${header}\nKP,,"Both,Embargo,,\n`, 'rules.csv', /not valid CSV/],
      ['', 'rules.csv', /The file is empty/],
      [`${header}\n`, 'rules.csv', /header row but no rows/],
      [`${header}\nKP,,Both,Embargo,,\n`, 'rules.xlsx', /Please choose a CSV file/],
    ];
    for (const [text, fileName, message, line] of cases) {
      const response = await importFile('countryrules', text, 'append', fileName);
      expect(response.statusCode, text).toBe(400);
      const problems = response.json().data.problems;
      expect(problems[0].message, text).toMatch(message);
      if (line) expect(problems[0].line).toBe(line);
    }
    const latin1 = Buffer.from(`${header}\nFR,,Both,Embargo,,Caf\xe9\n`, 'latin1').toString('base64');
    const encoding = await admin.send('POST', '/classicapi/countryrules/import', { fileName: 'rules.csv', content: latin1, mode: 'append' });
    expect(encoding.json().data.problems[0].message).toMatch(/not UTF-8 text/);
    const binary = await admin.send('POST', '/classicapi/countryrules/import', {
      fileName: 'rules.csv',
      content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]).toString('base64'),
      mode: 'append',
    });
    expect(binary.json().data.problems[0].message).toMatch(/Please choose a CSV file/);
    const notBase64 = await admin.send('POST', '/classicapi/countryrules/import', { fileName: 'rules.csv', content: '%%%', mode: 'append' });
    expect(notBase64.statusCode).toBe(400);
    const badMode = await admin.send('POST', '/classicapi/countryrules/import', { fileName: 'rules.csv', content: '', mode: 'merge' });
    expect(badMode.statusCode).toBe(400);
    expect(await total('countryrules')).toBe(before);
  });

  it('refuses a file over the size limit from its length, before reading it', async () => {
    const tooLarge = Buffer.alloc(RULE_LIST_IMPORT_MAX_BYTES + 1, 'a').toString('base64');
    const response = await admin.send('POST', '/classicapi/countryrules/import', { fileName: 'big.csv', content: tooLarge, mode: 'append' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.problems[0].message).toBe('The file is larger than 5 MB. Split it into smaller files and import them one by one.');
    // 100 MB announced: refused at once with the same message.
    const token = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
    const huge = await t.app.inject({
      method: 'POST',
      url: '/classicapi/countryrules/import',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(envelope({ fileName: 'huge.csv', content: 'A'.repeat(100 * 1024 * 1024), mode: 'append' })),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: -50001, message: /larger than 5 MB/ });
  });

  it('replaces the whole list in replace mode, auditing what left and what came', async () => {
    const before = await total('altcurrencylist');
    const response = await importFile('altcurrencylist', '\uFEFFcountryCode,carrierId,stationCode,currencyCodes\nJP,,,USD;EUR\n', 'replace');
    expect(response.json()).toMatchObject({
      status: 1,
      message: `1 row(s) imported; the ${before} row(s) the list held before were removed.`,
      data: { imported: 1, removed: before },
    });
    expect(await total('altcurrencylist')).toBe(1);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'altcurrencylist').execute();
    expect(audit.filter((entry) => entry.after_value === null)).toHaveLength(before);
    expect(audit.filter((entry) => entry.before_value === null)).toHaveLength(1);
  });
});

describe('CSV export and the import template', () => {
  it('exports what the filters select, with labels, a BOM and formulas neutralised', async () => {
    await admin.send('POST', '/classicapi/countryrules', {
      countryCode: 'NI',
      direction: 'Both',
      ruleType: 'Restricted',
      remarks: '=1+2 looks like a formula',
    });
    const response = await admin.get(`/classicapi/countryrules/export${listQuery({ filter: { q: 'formula' }, sort: ['countryCode', 'ASC'] })}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="countryrules-\d{8}\.csv"$/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(response.body.slice(1)) as string[][];
    expect(rows).toEqual([header.split(','), ['NI', '', 'Both', 'Restricted', '', "'=1+2 looks like a formula"]]);
    // An exported file imports again as it was: the neutralising quote is read back.
    const reimported = await importFile('countryrules', response.body.replace('NI,', 'NU,'));
    expect(reimported.json().status).toBe(1);
    const copy = (await admin.get(`/classicapi/countryrules${listQuery({ filter: { countryCode: 'NU' } })}`)).json().data[0];
    expect(copy.remarks).toBe('=1+2 looks like a formula');
    const all = parse((await admin.get('/classicapi/countryrules/export')).body.slice(1)) as string[][];
    expect(all.length - 1).toBe(await total('countryrules'));
    expect((await admin.get(`/classicapi/countryrules/export${listQuery({ filter: { bad: 1 } })}`)).statusCode).toBe(400);
  });

  it('imports a file exported from a list with a column it sets itself: the Status column is passed over', async () => {
    const exported = (await admin.get('/classicapi/sanctionwhitelist/export')).body.slice(1);
    const [head, ...rows] = parse(exported) as string[][];
    expect(head).toContain('Status');
    expect(rows.length).toBeGreaterThan(0);
    const before = await total('sanctionwhitelist');
    const replace = await importFile('sanctionwhitelist', exported, 'replace');
    expect(replace.json(), replace.body).toMatchObject({ status: 1, data: { imported: rows.length } });
    expect(await total('sanctionwhitelist')).toBe(before);
    // Status is not imported: a row comes in Active whatever its cell says; other unknown columns are still refused.
    const statusIndex = head.indexOf('Status');
    const cancelledCell: string[] = head.map((_cell, index) => (index === statusIndex ? 'Cancelled' : ''));
    cancelledCell[head.indexOf('Party Name')] = 'ROUND TRIP TRADING';
    cancelledCell[head.indexOf('Matching Method')] = 'Exact';
    cancelledCell[head.indexOf('Party Role')] = 'Any';
    cancelledCell[head.indexOf('Reason')] = 'Cleared after the annual review';
    const appended = await importFile('sanctionwhitelist', `${head.join(',')}\n${cancelledCell.join(',')}\n`);
    expect(appended.json(), appended.body).toMatchObject({ status: 1, data: { imported: 1 } });
    const added = (await admin.get(`/classicapi/sanctionwhitelist${listQuery({ filter: { q: 'ROUND TRIP' } })}`)).json().data[0];
    expect(added.status).toBe('Active');
    const unknown = await importFile('sanctionwhitelist', `${head.join(',')},Colour\n${cancelledCell.join(',')},red\n`);
    expect(unknown.json().data.problems[0].message).toContain('Unknown column "Colour"');
  });

  it('downloads the header row of the import columns as the template', async () => {
    const response = await admin.get('/classicapi/sanctionwhitelist/template');
    expect(response.headers['content-disposition']).toBe('attachment; filename="sanctionwhitelist-import-template.csv"');
    expect(response.body).toBe('\uFEFFParty Name,Matching Method,Party Role,Country Code,Carrier ID,Cleared Sanction Reference,Reason,Valid Until\r\n');
  });
});

describe('a replacing import of the list as it is', () => {
  // Every list that imports: its export, imported again in replace mode, changes no row (no audit line, no re-screening).
  const importing = ruleListPlugins.filter((plugin) => plugin.importColumns.length > 0);
  it.each(importing.map((plugin) => [plugin.name]))('%s: changes nothing, audits nothing and screens nothing again', async (list) => {
    const exported = (await admin.get(`/classicapi/${list}/export`)).body.replace(/^\uFEFF/, '');
    const audits = async () =>
      Number((await t.db.selectFrom('audit_log').select(sql<string>`count(*)`.as('n')).where('entity', '=', list).executeTakeFirstOrThrow()).n);
    const runs = async () => Number((await t.db.selectFrom('rescreen_runs').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const [auditsBefore, runsBefore, totalBefore] = [await audits(), await runs(), await total(list)];
    const response = await importFile(list, exported, 'replace');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.removed).toBe(0);
    expect(await total(list)).toBe(totalBefore);
    expect(await audits()).toBe(auditsBefore);
    expect(await runs()).toBe(runsBefore);
  });
});

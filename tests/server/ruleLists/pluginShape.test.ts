import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '../../../plugins/types';
import { shcCodes, stationCode } from '../../../plugins/fields';
import { ruleListPlugins } from '../../../plugins';
import { RESERVED_NAMES } from '../../../plugins/checkPlugins';
import { SiteType } from '../../../src/domain/access';
import { syncPermissionRegistry } from '../../../src/server/db/permissionRegistry';
import { ruleListCrudRoutes } from '../../../src/server/ruleLists';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';
import { classicCaller, csvFile, listQuery, type ClassicCaller } from './support';

/** A list nobody has written yet: one definition, and the server generates the rest. */
const uldRestrictions = definePlugin({
  name: 'uldrestrictionlist',
  route: 'uldrestrictionlist',
  functionId: 950,
  functionIdInPath: true,
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
    shcCodes(),
    { source: 'maxWeightKg', label: 'Max Weight (kg)', type: 'integer', min: 1, max: 20000, required: true },
    { source: 'level', label: 'Level', type: 'choice', choices: ['Advice', 'Mandatory'], required: true, defaultValue: 'Advice' },
  ],
  defaultSort: { field: 'maxWeightKg', order: 'DESC' },
  uniqueKey: ['uldType', 'stationCode'],
  actions: ['add', 'edit', 'delete', 'import', 'export', 'userLog'],
  importColumns: ['uldType', 'stationCode', 'shcCodes', 'maxWeightKg', 'level'],
  exportColumns: ['uldType', 'stationCode', 'maxWeightKg'],
  help: 'Weight limits of ULD types per station.',
});

let t: TestApp;
let admin: ClassicCaller;
beforeAll(async () => {
  t = await buildTestApp({}, { classicRoutes: [ruleListCrudRoutes([uldRestrictions])] });
  // What the server does at start-up with the registry, here with the plugin registered in the test:
  // its function and menu entry become data, and the function is granted to the Admin role type.
  expect(await syncPermissionRegistry(t.db, [...ruleListPlugins, uldRestrictions])).toMatchObject({ functionsAdded: [950], grantsAdded: 1 });
  admin = await classicCaller(t);
});
afterAll(() => t.close());

describe('a plugin registered in a test', () => {
  it('is granted to admins and shown in their classic menu by the start-up sync, not to operators', async () => {
    const holders = await t.db.selectFrom('role_functions').select('role_id').where('function_id', '=', 950).execute();
    expect(holders.map((row) => row.role_id)).toEqual(['ADMIN']);
    const menuOf = async (userId: string, password: string) => {
      const { access_token } = await signIn(t.app, 'DEMOAIR', userId, password);
      const answer = (await t.app.inject({ method: 'GET', url: '/userapi/permission?isClassic=true', headers: bearer(access_token) })).json();
      return {
        functions: answer.functions as number[],
        entries: (answer.menu as { text: string; items: { text: string; url: string; site_type: number; function_id: number }[] }[]).flatMap(
          (entry) => entry.items,
        ),
      };
    };
    const adminView = await menuOf('admin', 'Admin#12345');
    expect(adminView.functions).toContain(950);
    expect(adminView.entries.at(-1)).toMatchObject({
      text: 'ULD Restriction List',
      url: 'uldrestrictionlist/950',
      site_type: SiteType.CLASSIC,
      function_id: 950,
    });
    const operatorView = await menuOf('operator', 'Operator#12345');
    expect(operatorView.functions).not.toContain(950);
    expect(operatorView.entries.map((entry) => entry.function_id)).not.toContain(950);
  });

  it('gets list, create, read, update, delete, import, export and user log from its definition alone', async () => {
    const url = '/classicapi/uldrestrictionlist';
    expect((await admin.get(url)).json()).toEqual({ status: 1, data: [], total: 0 });

    const created = await admin.send('POST', url, { uldType: 'ake', stationCode: 'hkg', maxWeightKg: '1588', level: 'mandatory' });
    expect(created.json().data).toMatchObject({ uldType: 'AKE', stationCode: 'HKG', shcCodes: null, maxWeightKg: 1588, level: 'Mandatory', version: 1 });
    const id = created.json().data.id;
    const invalid = await admin.send('POST', url, { uldType: 'AK1', stationCode: 'HKG', maxWeightKg: 0 });
    expect(invalid.json().errors).toEqual({
      uldType: '* Invalid Format (3 capital letters, e.g. AKE)',
      maxWeightKg: '* A whole number from 1 to 20000',
      level: '* Required',
    });

    const imported = await admin.send('POST', `${url}/import`, {
      fileName: 'uld.csv',
      content: csvFile('ULD Type,Station Code,SHC Codes,Max Weight (kg),Level\nPMC,FRA,,6804,Advice\nPAG,FRA,DGR,4626,Advice\n'),
      mode: 'append',
    });
    expect(imported.json().data.imported).toBe(2);
    const page = (await admin.get(url)).json();
    // Its own default sort: heaviest first.
    expect(page.data.map((row: { uldType: string }) => row.uldType)).toEqual(['PMC', 'PAG', 'AKE']);
    expect(
      (await admin.get(`${url}${listQuery({ filter: { stationCode: 'FRA' }, sort: ['uldType', 'ASC'] })}`))
        .json()
        .data.map((row: { uldType: string }) => row.uldType),
    ).toEqual(['PAG', 'PMC']);

    const updated = await admin.send('PUT', `${url}/${id}`, { ...created.json().data, maxWeightKg: 1500 });
    expect(updated.json().data).toMatchObject({ maxWeightKg: 1500, version: 2 });
    const duplicate = await admin.send('PUT', `${url}/${id}`, { ...updated.json().data, uldType: 'PMC', stationCode: 'FRA' });
    expect(duplicate.statusCode).toBe(409);

    const exported = (await admin.get(`${url}/export`)).body;
    expect(exported).toBe('\uFEFFULD Type,Station Code,Max Weight (kg)\r\nPMC,FRA,6804\r\nPAG,FRA,4626\r\nAKE,HKG,1500\r\n');
    expect((await admin.send('DELETE', `${url}/${id}`, { version: 2 })).json().status).toBe(1);

    const log = (await admin.get(`${url}/userlog`)).json();
    expect(log.data.map((entry: { action: string }) => entry.action)).toEqual(['Delete', 'Update', 'Import', 'Import', 'Create']);
    // What it does not offer, the server does not answer either: no import template, no cancel.
    const template = await admin.get(`${url}/template`);
    expect(template.statusCode).toBeGreaterThanOrEqual(400); // read as a row id, which "template" is not
    expect(String(template.headers['content-type'])).not.toMatch(/csv/);
    const cancel = await admin.send('POST', `${url}/cancel`, { ids: [id] });
    expect(cancel.statusCode, cancel.body).toBe(404);

    // Its function guards it like the seventeen; a later start does not grant it again.
    await t.db.deleteFrom('role_functions').where('function_id', '=', 950).execute();
    await t.ctx.changes.sync();
    expect((await admin.get(url)).statusCode).toBe(403);
    expect(await syncPermissionRegistry(t.db, [...ruleListPlugins, uldRestrictions])).toMatchObject({ functionsAdded: [], grantsAdded: 0 });
    expect((await admin.get(url)).statusCode).toBe(403);
  });
});

describe('plugin names', () => {
  it('reserve every classic resource that is not a rule list, so no plugin can shadow one', () => {
    const plugins = new Set([...ruleListPlugins.map((plugin) => plugin.name), uldRestrictions.name]);
    const resources = new Set(
      [...t.app.printRoutes({ commonPrefix: false }).matchAll(/\bclassicapi\/([A-Za-z0-9_.-]+)/g)].map((match) => match[1].toLowerCase()),
    );
    // The resources of user management, the shipment log and the rule-list overview are there to be found.
    for (const known of ['users', 'roles', 'useraudit', 'ipranges', 'shipmentlog', 'rulelists']) expect(resources, known).toContain(known);
    const unreserved = [...resources].filter((name) => !plugins.has(name) && !RESERVED_NAMES.has(name));
    expect(unreserved).toEqual([]);
  });
});

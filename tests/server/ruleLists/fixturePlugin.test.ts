import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleListPlugins } from '../../../plugins';
import { syncPermissionRegistry } from '../../../src/server/db/permissionRegistry';
import { ruleListCrudRoutes } from '../../../src/server/ruleLists';
import restrictedCommodity from '../../fixtures/plugins/restrictedCommodity';
import { demoFwb, postMessage } from '../compliance/messages';
import { buildTestApp, signIn, type TestApp } from '../testApp';
import { classicCaller, csvFile, type ClassicCaller } from './support';

/**
 * The list of docs/adding-a-rule-list.md, one file registered in a test registry: its API comes from
 * its fields, and its declared effect stops shipments without an engine file naming it.
 */

const url = '/classicapi/restrictedcommodity';
let t: TestApp;
let admin: ClassicCaller;
let airline: string;

beforeAll(async () => {
  t = await buildTestApp({}, { classicRoutes: [ruleListCrudRoutes([restrictedCommodity])] });
  await syncPermissionRegistry(t.db, [...ruleListPlugins, restrictedCommodity]);
  admin = await classicCaller(t);
  airline = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

/** An FWB of DEMOAIR to FRA (Germany) declaring the HS code. */
async function ingest(serial: number, hsCode: string) {
  const body = demoFwb(serial, (waybill) => {
    waybill.rateLines[0].goods.push({ kind: 'NH', hsCode });
  });
  const answer = await postMessage(t.app, airline, body);
  expect(answer.statusCode, answer.body).toBe(201);
  const { ShipmentId } = answer.json().data;
  return t.db
    .selectFrom('shipments')
    .select(['acceptance_block', 'acceptance_block_reason', 'compliance_checks'])
    .where('shipment_id', '=', ShipmentId)
    .executeTakeFirstOrThrow();
}

const ours = (checks: unknown) => (checks as { list: string }[]).filter((check) => check.list === 'restrictedcommodity');

describe('a rule list added as one file (the fixture of docs/adding-a-rule-list.md)', () => {
  it('gets create, read, update, delete, import and export from its fields, yes/no values included', async () => {
    const created = await admin.send('POST', url, { commodityCode: '9301', destinationCountry: 'kp', remark: 'Weapons', active: 'yes' });
    expect(created.json().data).toMatchObject({ commodityCode: '9301', destinationCountry: 'KP', remark: 'Weapons', active: true, version: 1 });
    const { id } = created.json().data;
    const invalid = await admin.send('POST', url, { commodityCode: '93A', destinationCountry: 'KP', active: 'perhaps' });
    expect(invalid.json().errors).toEqual({
      commodityCode: '* Invalid Format (2 to 10 digits of an HS code, e.g. 2844)',
      active: '* Invalid Format (Yes or No)',
    });
    const updated = await admin.send('PUT', `${url}/${id}`, { ...created.json().data, active: false });
    expect(updated.json().data).toMatchObject({ active: false, version: 2 });
    expect((await admin.get(`${url}/${id}`)).json().data).toMatchObject({ active: false });

    const imported = await admin.send('POST', `${url}/import`, {
      fileName: 'restricted.csv',
      content: csvFile('Commodity Code,Destination Country,Remark,Active\n8542,RU,Circuits,No\n2844,IR,Radioactive,Yes\n'),
      mode: 'append',
    });
    expect(imported.json().data.imported, imported.body).toBe(2);
    const exported = (await admin.get(`${url}/export`)).body;
    expect(exported).toBe('\uFEFFCommodity Code,Destination Country,Remark,Active\r\n2844,IR,Radioactive,Yes\r\n8542,RU,Circuits,No\r\n9301,KP,Weapons,No\r\n');
    const activeOnly = (await admin.get(`${url}?filter=${encodeURIComponent(JSON.stringify({ active: 'Yes' }))}`)).json();
    expect(activeOnly.data.map((row: { commodityCode: string }) => row.commodityCode)).toEqual(['2844']);

    expect((await admin.send('DELETE', `${url}/${id}`, { version: 2 })).json().status).toBe(1);
    const log = (await admin.get(`${url}/userlog`)).json();
    expect(log.data.map((entry: { action: string }) => entry.action)).toEqual(['Delete', 'Import', 'Import', 'Update', 'Create']);
  });

  it('blocks a shipment ingested after an active row is added, naming the list and the row; an inactive row or another destination does not', async () => {
    const row = (await admin.send('POST', url, { commodityCode: '2612', destinationCountry: 'DE', remark: 'Uranium ores to Germany.', active: true })).json()
      .data;
    const blocked = await ingest(9_200_001, '261210');
    expect(blocked.acceptance_block).toBe('HARD');
    const explanation = `Blocked by Restricted commodity by destination, row ${row.id}: HS code 261210 (listed 2612), destination country DE. Uranium ores to Germany.`;
    expect(blocked.acceptance_block_reason).toContain(explanation);
    expect(ours(blocked.compliance_checks)).toEqual([
      expect.objectContaining({ rowId: String(row.id), effect: 'hardBlock', result: 'FAIL', message: explanation }),
    ]);

    await admin.send('PUT', `${url}/${row.id}`, { ...row, active: false });
    expect(ours((await ingest(9_200_002, '261210')).compliance_checks)).toEqual([]);

    await admin.send('POST', url, { commodityCode: '2612', destinationCountry: 'FR', remark: null, active: true });
    const elsewhere = await ingest(9_200_003, '261210');
    expect(ours(elsewhere.compliance_checks)).toEqual([]);
    expect(elsewhere.acceptance_block_reason ?? '').not.toContain('Restricted commodity');
  });
});

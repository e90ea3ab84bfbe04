import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testApp';
import { classicCaller, listQuery, type ClassicCaller } from './support';

/**
 * Rule-list editing that forgives (issue 18, item 9): an edit or a delete is restored from its user
 * log entry, through the field checks and the audit of an edit; a restore that would lose a later
 * change or collide with another row's key is refused with the reason. Field errors keep the format
 * hint, and the Region List names every unknown country code.
 */

let t: TestApp;
let admin: ClassicCaller;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await classicCaller(t);
});
afterAll(() => t.close());

const region = { regionCode: 'RST1', regionName: 'Restore test', countryCodes: 'HK;SG' };

async function logOf(list: string, rowId: number | string) {
  const answer = await admin.get(`/classicapi/${list}/userlog${listQuery({ filter: { rowId: String(rowId) }, sort: ['at', 'ASC'] })}`);
  return answer.json().data as { id: number; action: string; userId: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
}
const restore = (list: string, auditId: number) => admin.send('POST', `/classicapi/${list}/userlog/${auditId}/restore`, {});
const rowOf = async (list: string, id: number) => (await admin.get(`/classicapi/${list}/${id}`)).json();

describe('restoring from the user log', () => {
  it('undoes an edit through its entry, audited as Restore, and refuses once the row has moved on', async () => {
    const created = (await admin.send('POST', '/classicapi/regionlist', { ...region, regionCode: 'RST1' })).json().data;
    const edited = (await admin.send('PUT', `/classicapi/regionlist/${created.id}`, { ...created, regionName: 'Renamed', countryCodes: 'HK' })).json().data;
    const [, update] = await logOf('regionlist', created.id);
    expect(update).toMatchObject({ action: 'Update', before: { regionName: 'Restore test' }, after: { regionName: 'Renamed' } });

    const restored = await restore('regionlist', update.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ id: created.id, regionName: 'Restore test', countryCodes: 'HK;SG', version: edited.version + 1 });
    expect((await rowOf('regionlist', created.id)).data).toMatchObject({ regionName: 'Restore test', countryCodes: 'HK;SG' });
    const log = await logOf('regionlist', created.id);
    expect(log.map((entry) => entry.action)).toEqual(['Create', 'Update', 'Restore']);
    expect(log[2]).toMatchObject({ userId: 'admin', before: { regionName: 'Renamed' }, after: { regionName: 'Restore test' } });

    // The same entry again: the row is no longer as that entry left it, so a later change would be lost.
    const again = await restore('regionlist', update.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^Row \d+ \(RST1\) was changed again by admin at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, after this entry: restore from its latest entry/,
    );
    // The restore itself can be undone from its own entry.
    expect((await restore('regionlist', log[2].id)).json().data).toMatchObject({ regionName: 'Renamed' });
  });

  it('puts a deleted row back under its own id, and refuses when another row holds its key now', async () => {
    const created = (await admin.send('POST', '/classicapi/regionlist', { ...region, regionCode: 'RST2' })).json().data;
    expect((await admin.send('DELETE', `/classicapi/regionlist/${created.id}`, { version: created.version })).statusCode).toBe(200);
    const deletion = (await logOf('regionlist', created.id)).find((entry) => entry.action === 'Delete')!;

    // Meanwhile another row took the key: the restore names it and changes nothing.
    const taker = (await admin.send('POST', '/classicapi/regionlist', { ...region, regionCode: 'rst2', regionName: 'Taker' })).json().data;
    const refused = await restore('regionlist', deletion.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      status: -1,
      message: `Row ${created.id} cannot be restored: row ${taker.id} now has the same Region Code (RST2). Change or delete row ${taker.id} first.`,
    });
    expect((await rowOf('regionlist', created.id)).status).toBe(-1);

    await admin.send('DELETE', `/classicapi/regionlist/${taker.id}`, { version: taker.version });
    const restored = await restore('regionlist', deletion.id);
    expect(restored.json()).toMatchObject({ status: 1, data: { id: created.id, regionCode: 'RST2', regionName: 'Restore test' } });
    expect((await rowOf('regionlist', created.id)).data).toMatchObject({ regionCode: 'RST2', countryCodes: 'HK;SG' });
    expect((await logOf('regionlist', created.id)).map((entry) => entry.action)).toEqual(['Create', 'Delete', 'Restore']);
    // Twice is refused: the row is there.
    expect((await restore('regionlist', deletion.id)).json().message).toBe(`Row ${created.id} (RST2) is in the list again already: it was restored before.`);
  });

  it('refuses what cannot be restored with the reason: an addition, a deleted row since, another company’s entry, bad ids', async () => {
    const created = (await admin.send('POST', '/classicapi/regionlist', { ...region, regionCode: 'RST3' })).json().data;
    const edited = (await admin.send('PUT', `/classicapi/regionlist/${created.id}`, { ...created, regionName: 'Changed' })).json().data;
    const [creation, update] = await logOf('regionlist', created.id);
    expect((await restore('regionlist', creation.id)).json()).toEqual({
      status: -1,
      message: `This entry added row ${created.id}: there is no earlier version of it to restore.`,
    });
    await admin.send('DELETE', `/classicapi/regionlist/${created.id}`, { version: edited.version });
    expect((await restore('regionlist', update.id)).json().message).toBe(`Row ${created.id} (RST3) was deleted after this change: restore its deletion first.`);

    const other = await classicCaller(t, 'SKYAIR', 'admin', 'Admin#12345');
    const foreign = await other.send('POST', `/classicapi/regionlist/userlog/${update.id}/restore`, {});
    expect(foreign.statusCode).toBe(404);
    // An entry of another list is not this list's.
    expect((await restore('countryrules', update.id)).statusCode).toBe(404);
    for (const bad of ['0', 'abc', '99999999999999999999']) {
      const response = await admin.send('POST', `/classicapi/regionlist/userlog/${bad}/restore`, {});
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().status).toBe(-50001);
    }
  });
});

describe('field errors', () => {
  it('keep the format hint, and the Region List names every unknown country code', async () => {
    const bad = await admin.send('POST', '/classicapi/regionlist', { ...region, regionCode: 'r', countryCodes: 'HK;XX;SG;QQ;ZZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      regionCode: '* Invalid Format (2 to 10 capital letters or digits, e.g. EU)',
      countryCodes: '* Unknown codes: XX, QQ, ZZ',
    });
    const malformed = await admin.send('POST', '/classicapi/regionlist', { ...region, regionCode: 'RST9', countryCodes: 'HK;SGP' });
    expect(malformed.json().errors).toEqual({ countryCodes: '* Invalid Format (Separated by ";", at most 250; each 2 letters, e.g. HK)' });
    const one = await admin.send('POST', '/classicapi/regionlist', { ...region, regionCode: 'RST9', countryCodes: 'HK;XX' });
    expect(one.json().errors).toEqual({ countryCodes: '* Unknown code: XX' });
  });
});

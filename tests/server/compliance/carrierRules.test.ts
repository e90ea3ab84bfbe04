import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { EditedScreener } from '../../../src/domain/screening';
import { carrierRules } from '../../../src/server/compliance/carrierRules';
import { createTestDatabase } from '../testApp';
import { addListRow, INTERNAL_SANCTION_ENTRY } from './ruleRows';
import type { Db } from '../../../src/server/db/database';

/**
 * A carrier's rules are loaded once for the lists as they are: calls that come while they load (the
 * first screening builds the screener over the whole sanction list) share that load, and a change of a
 * list loads them again.
 */

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase({ shipments: 6 }));
});
afterAll(() => drop());

it('shares one load between the calls that come while it runs, and loads again after a list changes', async () => {
  const [first, second, third] = await Promise.all([carrierRules(db, 'DEMOAIR'), carrierRules(db, 'DEMOAIR'), carrierRules(db, 'DEMOAIR')]);
  expect(second).toBe(first);
  expect(third).toBe(first);
  expect(first.sanctionEntries).toBeGreaterThan(100);
  expect(await carrierRules(db, 'DEMOAIR')).toBe(first);

  await addListRow(db, 'sanctionlist', { ...INTERNAL_SANCTION_ENTRY, reference: 'INT-7001', matchingValue: 'ORVALDI TRANSIT' }, 'internal|int-7001');
  const changed = await carrierRules(db, 'DEMOAIR');
  expect(changed).not.toBe(first);
  expect(changed.sanctionEntries).toBe(first.sanctionEntries + 1);
  expect(changed.screener.screen([{ role: 'Shipper', kind: 'name', text: 'ORVALDI TRANSIT' }]).hits.map((hit) => hit.entryId)).toContain('INT-7001');
});

it('loads again after a row changes in place, however its change was stamped (issue 33: a replacing import stamps its edits with its start)', async () => {
  const before = await carrierRules(db, 'DEMOAIR');
  const row = await db
    .selectFrom('rule_list_rows')
    .select(['row_id', 'row_values'])
    .where('company_id', '=', 'DEMOAIR')
    .where('list_name', '=', 'regionlist')
    .orderBy('row_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const values = { ...(row.row_values as Record<string, unknown>), regionName: 'Renamed in place' };
  // Stamped earlier than the list's last change: only its version says it changed.
  await db
    .updateTable('rule_list_rows')
    .set((eb) => ({ row_values: JSON.stringify(values), version: eb('version', '+', 1), updated_at: new Date('2000-01-01T00:00:00Z') }))
    .where('row_id', '=', row.row_id)
    .execute();
  const after = await carrierRules(db, 'DEMOAIR');
  expect(after).not.toBe(before);
  expect(after.lists.regionlist?.find((candidate) => candidate.id === String(row.row_id))?.values.regionName).toBe('Renamed in place');
});

it("screens an edit of the company's own list at once beside the index kept, then with the whole list's own index (issue 34)", async () => {
  const before = await carrierRules(db, 'DEMOAIR');
  // The edit of the test before has its whole index built.
  await vi.waitFor(
    () => {
      const internal = before.screener.screeners[0];
      expect(!(internal instanceof EditedScreener) || internal.isWhole).toBe(true);
    },
    { timeout: 20_000 },
  );
  await addListRow(db, 'sanctionlist', { ...INTERNAL_SANCTION_ENTRY, reference: 'INT-7002', matchingValue: 'BRELLONDA AIR SUPPLY' }, 'internal|int-7002');
  const edited = await carrierRules(db, 'DEMOAIR');
  const internal = edited.screener.screeners[0];
  expect(internal).toBeInstanceOf(EditedScreener);
  const screened = () => edited.screener.screen([{ role: 'Shipper', kind: 'name', text: 'BRELLONDA AIR SUPPLY' }]).hits.map((hit) => hit.entryId);
  expect(screened()).toContain('INT-7002');
  // The whole list's own index comes (built in slices meanwhile) and screens the same.
  await vi.waitFor(() => expect((internal as EditedScreener).isWhole).toBe(true), { timeout: 20_000 });
  expect(screened()).toContain('INT-7002');
  expect(edited.sanctionEntries).toBe(before.sanctionEntries + 1);
});

it('lets the rules it replaces go while the new ones load, keeping only their screener to reuse (issue 33: both versions of a 50,000-row list were live at once)', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const replaced = new WeakRef((await carrierRules(db, 'DEMOAIR')).lists);
  await addListRow(db, 'sanctionlist', { ...INTERNAL_SANCTION_ENTRY, reference: 'INT-7003', matchingValue: 'TALVERO LINES' }, 'internal|int-7003');
  let settled = false;
  const loading = carrierRules(db, 'DEMOAIR').finally(() => {
    settled = true;
  });
  // The load reads and prepares the rows in slices: between two of them, the replaced rules are collected.
  let collectedWhileLoading = false;
  while (!settled && !collectedWhileLoading) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    collectedWhileLoading = replaced.deref() === undefined && !settled;
  }
  expect(collectedWhileLoading).toBe(true);
  expect((await loading).screener.screen([{ role: 'Shipper', kind: 'name', text: 'TALVERO LINES' }]).hits.map((hit) => hit.entryId)).toContain('INT-7003');
});

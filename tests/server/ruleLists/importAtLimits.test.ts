import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleListPlugins } from '../../../plugins';
import { ImportMessages, RULE_LIST_IMPORT_MAX_ROWS } from '../../../src/domain/ruleListImport';
import { parseImportCsv } from '../../../src/server/ruleLists/csvImport';
import { buildTestApp, type TestApp } from '../testApp';
import { classicCaller, csvFile, type ClassicCaller } from './support';

/**
 * An import file at the limits (issue 33): 50,000 rows took 2.7 s to parse and check in one go, and
 * every other request of the process waited for it. The file is read a piece at a time, the rows
 * checked in slices; other work runs between them (counted in turns of the event loop, not timed).
 */

const regionList = ruleListPlugins.find((plugin) => plugin.name === 'regionlist');
if (!regionList) throw new Error('the Region List plugin is missing');

const regions = (count: number) =>
  ['regionCode,regionName,countryCodes', ...Array.from({ length: count }, (_, at) => `Z${String(at).padStart(6, '0')},Bulk ${at},DE;FR`)].join('\n');

/** How many turns of the event loop other work got while `work` ran. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const counting = (async () => {
    while (running) {
      await nextTurn();
      turns++;
    }
  })();
  const result = await work();
  running = false;
  await counting;
  return { result, turns };
}

describe('an import file at the limits', () => {
  it('is parsed and checked a piece at a time: other work runs in between', async () => {
    const { result, turns } = await turnsDuring(() => parseImportCsv(regionList, regions(RULE_LIST_IMPORT_MAX_ROWS)));
    expect(result.problems).toEqual([]);
    expect(result.rows).toHaveLength(RULE_LIST_IMPORT_MAX_ROWS);
    expect(result.rows.at(-1)).toMatchObject({ line: RULE_LIST_IMPORT_MAX_ROWS + 1, values: { regionCode: 'Z049999', countryCodes: 'DE;FR' } });
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  it('refuses a file of one row more than the limit, whole', async () => {
    const result = await parseImportCsv(regionList, regions(RULE_LIST_IMPORT_MAX_ROWS + 1));
    expect(result.rows).toEqual([]);
    expect(result.problems).toEqual([{ line: 0, column: '', message: ImportMessages.tooManyRows.replace('{max}', String(RULE_LIST_IMPORT_MAX_ROWS)) }]);
  });

  it('still names the line of a malformed record after the first piece', async () => {
    const text = `${regions(5_000)}\nZBROKEN,"Bulk,DE\n`;
    const result = await parseImportCsv(regionList, text);
    expect(result.rows).toEqual([]);
    expect(result.problems).toEqual([expect.objectContaining({ line: 5_002, message: expect.stringMatching(/^The file is not valid CSV/) })]);
  });
});

describe('a replacing import', () => {
  let t: TestApp;
  let admin: ClassicCaller;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await classicCaller(t);
  });
  afterAll(() => t.close());

  it("leaves the rows it replaces free for users' edits until its last statements", async () => {
    const before = await t.db
      .selectFrom('rule_list_rows')
      .select('row_id')
      .where('company_id', '=', 'DEMOAIR')
      .where('list_name', '=', 'regionlist')
      .orderBy('row_id')
      .execute();
    expect(before.length).toBeGreaterThan(0);
    // A user's edit holds one of the rows to be replaced, as an UPDATE would.
    const release = await t.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      await sql`SELECT 1 FROM rule_list_rows WHERE row_id = ${before[0].row_id} FOR NO KEY UPDATE`.execute(connection);
      const importing = admin.send('POST', '/classicapi/regionlist/import', { fileName: 'regions.csv', content: csvFile(regions(2_000)), mode: 'replace' });
      // The import goes on until it meets the held row: by then its own rows are all in.
      let waiting: string | undefined;
      for (let tries = 0; tries < 600 && !waiting; tries++) {
        const { rows } = await sql<{ query: string }>`
          SELECT query FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`.execute(t.db);
        waiting = rows[0]?.query;
        if (!waiting) await sleep(50);
      }
      await sql`ROLLBACK`.execute(connection);
      return { waiting, answer: await importing };
    });
    expect(release.waiting).toMatch(/DELETE FROM rule_list_rows/i);
    expect(release.waiting).not.toMatch(/^select/i);
    expect(release.answer.statusCode).toBe(200);
    expect(release.answer.json()).toMatchObject({ status: 1, data: { imported: 2_000, removed: before.length } });
    const after = await t.db
      .selectFrom('rule_list_rows')
      .select(['unique_key'])
      .where('company_id', '=', 'DEMOAIR')
      .where('list_name', '=', 'regionlist')
      .execute();
    expect(after).toHaveLength(2_000);
    expect(after.every((row) => !row.unique_key.includes('\u0001'))).toBe(true);
    // Each row replaced is in the audit with its values before, as an edit's are.
    const removedRow = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before_value', 'after_value', 'user_id'])
      .where('entity', '=', 'regionlist')
      .where('entity_key', '=', String(before[0].row_id))
      .executeTakeFirstOrThrow();
    expect(removedRow).toMatchObject({ action: 'Import', after_value: null, user_id: 'admin' });
    expect(Object.keys(removedRow.before_value as object).sort()).toEqual(['countryCodes', 'regionCode', 'regionName', 'version']);
  });
});

describe('a replacing import, row by row', () => {
  let t: TestApp;
  let admin: ClassicCaller;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await classicCaller(t);
  });
  afterAll(() => t.close());

  const regionRows = () =>
    t.db.selectFrom('rule_list_rows').selectAll().where('company_id', '=', 'DEMOAIR').where('list_name', '=', 'regionlist').orderBy('row_id').execute();
  const replaceWith = (text: string) =>
    admin.send('POST', '/classicapi/regionlist/import', { fileName: 'regions.csv', content: csvFile(text), mode: 'replace' });
  const auditLines = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log WHERE entity = 'regionlist'`.execute(t.db)).rows[0].n);
  const runs = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM rescreen_runs WHERE list_name = 'regionlist'`.execute(t.db)).rows[0].n);

  it('keeps the rows the file repeats, changes in place those it gives other values, and removes those it lacks', async () => {
    expect((await replaceWith(regions(300))).json()).toMatchObject({ status: 1, data: { imported: 300 } });
    const first = await regionRows();
    const [lines, rescreens] = [await auditLines(), await runs()];
    // The same file again changes nothing: no row, no audit line, no re-screening.
    expect((await replaceWith(regions(300))).json()).toMatchObject({ status: 1, data: { imported: 300, removed: 0 } });
    expect(await regionRows()).toEqual(first);
    expect([await auditLines(), await runs()]).toEqual([lines, rescreens]);
    // One row's countries change, the last 100 go.
    const edited = regions(200).replace('Z000007,Bulk 7,DE;FR', 'Z000007,Bulk 7,DE;FR;IT');
    expect((await replaceWith(edited)).json()).toMatchObject({ status: 1, data: { imported: 200, removed: 100 } });
    const after = await regionRows();
    expect(after).toHaveLength(200);
    const seventh = after.find((row) => row.unique_key === first[7].unique_key);
    expect(seventh).toMatchObject({ row_id: first[7].row_id, version: first[7].version + 1, row_values: { countryCodes: 'DE;FR;IT' } });
    expect(after.filter((row) => row.version === 1)).toHaveLength(199);
    expect(await auditLines()).toBe(lines + 101);
    expect(await runs()).toBeGreaterThan(rescreens);
  });

  it('imports nothing when a row it replaces was changed by someone else meanwhile', async () => {
    const held = (await regionRows()).at(-1);
    if (!held) throw new Error('the list is empty');
    const answer = await t.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      await sql`SELECT 1 FROM rule_list_rows WHERE row_id = ${held.row_id} FOR NO KEY UPDATE`.execute(connection);
      const importing = replaceWith(regions(10));
      for (let tries = 0; tries < 600; tries++) {
        const { rows } = await sql<{ n: string }>`
          SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`.execute(t.db);
        if (Number(rows[0].n) > 0) break;
        await sleep(50);
      }
      // A user's edit of that row commits first.
      await sql`UPDATE rule_list_rows SET version = version + 1 WHERE row_id = ${held.row_id}`.execute(connection);
      await sql`COMMIT`.execute(connection);
      return importing;
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().data.problems).toEqual([{ line: 0, column: '', message: ImportMessages.changedMeanwhile }]);
    expect(await regionRows()).toHaveLength(200);
  });

  it('changes the rows it gives other values where they are stored: their new versions beside the old, no index entry', async () => {
    expect((await replaceWith(regions(2_000))).json()).toMatchObject({ status: 1, data: { imported: 2_000 } });
    const pagesOf = async () =>
      new Map(
        (
          await sql<{ row_id: string; page: string }>`
            SELECT row_id, (ctid::text::point)[0] AS page FROM rule_list_rows WHERE company_id = 'DEMOAIR' AND list_name = 'regionlist'`.execute(t.db)
        ).rows.map((row) => [row.row_id, row.page]),
      );
    const before = await pagesOf();
    // Every row's name changes (to one as long): 2,000 updates in place of the import's last statements.
    expect((await replaceWith(regions(2_000).replaceAll(',Bulk ', ',Mass '))).json()).toMatchObject({ status: 1, data: { imported: 2_000, removed: 0 } });
    const after = await pagesOf();
    expect(after.size).toBe(2_000);
    const stayed = [...after].filter(([rowId, page]) => before.get(rowId) === page).length;
    // A page written full moves its rows' new versions elsewhere (their indexes get new entries too): the table keeps room (0025).
    expect(stayed).toBeGreaterThanOrEqual(1_900);
  });
});

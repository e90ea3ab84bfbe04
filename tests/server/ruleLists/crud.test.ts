import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ruleListPlugins } from '../../../plugins';
import { StatusCode } from '../../../src/domain/statusCodes';
import type { OutgoingMail } from '../../../src/server/mail/mailer';
import { buildTestApp, type TestApp } from '../testApp';
import { classicCaller, listQuery, type ClassicCaller } from './support';

let t: TestApp;
let admin: ClassicCaller;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await classicCaller(t);
});
afterAll(() => t.close());

const country = { countryCode: 'ir', carrierId: 'demoair', direction: 'Import', ruleType: 'Embargo', shcCodes: 'dgr/eli', remarks: 'Test rule' };

async function auditOf(rowId: number | string) {
  return t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'countryrules').where('entity_key', '=', String(rowId)).orderBy('audit_id').execute();
}

describe('rule-list rows over simple-rest', () => {
  it('lists a page with Content-Range and total, sorted and filtered by fields', async () => {
    const response = await admin.get(`/classicapi/countryrules${listQuery({ sort: ['countryCode', 'DESC'], range: [0, 1] })}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(1);
    expect(body.total).toBe(5);
    expect(body.data.map((row: { countryCode: string }) => row.countryCode)).toEqual(['US', 'RU']);
    expect(response.headers['content-range']).toBe('countryrules 0-1/5');
    expect(body.data[0]).toMatchObject({ id: expect.any(Number), version: 1, carrierId: null, direction: 'Import', updatedBy: 'seed' });

    const filtered = (await admin.get(`/classicapi/countryrules${listQuery({ filter: { ruleType: 'customs pre-alert' } })}`)).json();
    expect(filtered.data.map((row: { countryCode: string }) => row.countryCode)).toEqual(['GB', 'US']);
    const searched = (await admin.get(`/classicapi/countryrules${listQuery({ filter: { q: 'dual-use' } })}`)).json();
    expect(searched.data.map((row: { countryCode: string }) => row.countryCode)).toEqual(['RU']);
    const contains = (await admin.get(`/classicapi/countryrules${listQuery({ filter: { shcCodes: 'elm' } })}`)).json();
    expect(contains.total).toBe(1);
    // A LIKE wildcard in the filter text is taken literally.
    expect((await admin.get(`/classicapi/countryrules${listQuery({ filter: { q: '%' } })}`)).json().total).toBe(0);
    const byIds = (await admin.get(`/classicapi/countryrules${listQuery({ filter: { id: [body.data[0].id, body.data[1].id] } })}`)).json();
    expect(byIds.total).toBe(2);
  });

  it('refuses a malformed sort, range or filter with a specific message', async () => {
    const cases: [string, RegExp][] = [
      [listQuery({ sort: ['password', 'ASC'] }), /sort parameter/],
      [listQuery({ sort: ['countryCode', 'UP'] }), /sort parameter/],
      [listQuery({ range: [5, 1] }), /range parameter/],
      [listQuery({ range: [0, 5000] }), /at most/],
      [listQuery({ filter: { nosuch: 'x' } }), /Unknown filter "nosuch"/],
      [listQuery({ filter: { countryCode: { $gt: '' } } }), /countryCode filter/],
      ['?sort=notjson', /must be JSON/],
      ['?filter=[1]', /JSON object/],
    ];
    for (const [query, message] of cases) {
      const response = await admin.get(`/classicapi/countryrules${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ status: -50001, message: expect.stringMatching(message) });
    }
  });

  it('creates a row normalised by the field rules, and audits it', async () => {
    const response = await admin.send('POST', '/classicapi/countryrules', country);
    expect(response.statusCode).toBe(200);
    const row = response.json().data;
    expect(row).toMatchObject({ countryCode: 'IR', carrierId: 'DEMOAIR', shcCodes: 'DGR/ELI', version: 1, createdBy: 'admin' });
    const got = (await admin.get(`/classicapi/countryrules/${row.id}`)).json();
    expect(got).toEqual({ status: 1, data: row });
    const audit = await auditOf(row.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'Create',
      user_id: 'admin',
      company_id: 'DEMOAIR',
      before_value: null,
      after_value: expect.objectContaining({ countryCode: 'IR', version: 1 }),
    });
  });

  it('refuses invalid fields with the spec messages per field, writing nothing', async () => {
    const before = (await admin.get('/classicapi/countryrules')).json().total;
    const response = await admin.send('POST', '/classicapi/countryrules', {
      countryCode: 'IRN',
      carrierId: 'a',
      direction: 'Sideways',
      ruleType: '',
      shcCodes: 'AVI/BIG/CAO/DGR/EAP/ELI/FRO/HEA/PER/VAL',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.status).toBe(-50001);
    expect(body.errors).toEqual({
      // The format hint stays with the error (issue 18, item 9).
      countryCode: '* Invalid Format (2 letters, e.g. HK)',
      carrierId: '* Invalid Format (2 to 15 capital letters or digits, e.g. CX or DEMOAIR)',
      direction: '* Choose one of: Both, Export, Import',
      ruleType: '* Required',
      shcCodes: '* At most 9 items',
    });
    expect(body.message).toMatch(/Country Code \* Invalid Format/);
    const unknown = await admin.send('POST', '/classicapi/countryrules', { ...country, countryCode: 'XX' });
    expect(unknown.json().errors).toEqual({ countryCode: '* Unknown code: XX' });
    const wrongType = await admin.send('POST', '/classicapi/countryrules', { ...country, remarks: { nested: true } });
    expect(wrongType.statusCode).toBe(400);
    expect((await admin.get('/classicapi/countryrules')).json().total).toBe(before);
  });

  it('enforces the unique key without regard to case', async () => {
    const duplicate = await admin.send('POST', '/classicapi/countryrules', {
      ...country,
      countryCode: 'IR',
      carrierId: 'DemoAir',
      shcCodes: null,
      remarks: 'again',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      status: -1,
      message: 'The list already has a row with this Country Code / Carrier ID / Direction / Rule: IR / DEMOAIR / Import / Embargo.',
      errors: { countryCode: '* Already in the list', carrierId: '* Already in the list' },
    });
  });

  it('updates with the version read (optimistic concurrency), refusing a stale one', async () => {
    const created = (await admin.send('POST', '/classicapi/countryrules', { ...country, countryCode: 'SY' })).json().data;
    const first = await admin.send('PUT', `/classicapi/countryrules/${created.id}`, { ...created, remarks: 'first edit' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ remarks: 'first edit', version: 2 });
    // A second editor still holding version 1 is refused and told who changed it.
    const stale = await admin.send('PUT', `/classicapi/countryrules/${created.id}`, { ...created, remarks: 'stale edit' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: -1, message: expect.stringMatching(/changed by admin at .* UTC, after you opened it/), data: { version: 2 } });
    expect((await admin.get(`/classicapi/countryrules/${created.id}`)).json().data.remarks).toBe('first edit');
    const noVersion = await admin.send('PUT', `/classicapi/countryrules/${created.id}`, { ...created, version: undefined });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().message).toMatch(/version/);
    const audit = await auditOf(created.id);
    expect(audit.map((entry) => entry.action)).toEqual(['Create', 'Update']);
    expect(audit[1].before_value).toMatchObject({ remarks: 'Test rule', version: 1 });
    expect(audit[1].after_value).toMatchObject({ remarks: 'first edit', version: 2 });
  });

  it("refuses an update onto another row's key", async () => {
    const a = (await admin.send('POST', '/classicapi/countryrules', { ...country, countryCode: 'CU' })).json().data;
    const b = (await admin.send('POST', '/classicapi/countryrules', { ...country, countryCode: 'VE' })).json().data;
    const clash = await admin.send('PUT', `/classicapi/countryrules/${b.id}`, { ...b, countryCode: 'cu' });
    expect(clash.statusCode).toBe(409);
    expect((await admin.get(`/classicapi/countryrules/${b.id}`)).json().data.countryCode).toBe('VE');
    expect((await auditOf(a.id)).length).toBe(1);
  });

  it('deletes one row (with its version when given) and many rows all or nothing', async () => {
    const rows = [];
    for (const code of ['AF', 'BY', 'MM']) rows.push((await admin.send('POST', '/classicapi/countryrules', { ...country, countryCode: code })).json().data);
    const stale = await admin.send('DELETE', `/classicapi/countryrules/${rows[0].id}`, { version: 7 });
    expect(stale.statusCode).toBe(409);
    const deleted = await admin.send('DELETE', `/classicapi/countryrules/${rows[0].id}`, { version: 1 });
    expect(deleted.json()).toMatchObject({ status: 1, data: { id: rows[0].id, countryCode: 'AF' } });
    expect((await admin.get(`/classicapi/countryrules/${rows[0].id}`)).statusCode).toBe(404);
    expect((await admin.send('DELETE', `/classicapi/countryrules/${rows[0].id}`)).json()).toEqual({ status: -1, message: 'Record Not Found!' });

    const partly = await admin.send('DELETE', '/classicapi/countryrules', { ids: [rows[1].id, rows[0].id] });
    expect(partly.statusCode).toBe(404);
    expect((await admin.get(`/classicapi/countryrules/${rows[1].id}`)).statusCode).toBe(200);
    const both = await admin.send('DELETE', '/classicapi/countryrules', { ids: [rows[1].id, rows[2].id] });
    expect(both.json()).toEqual({ status: 1, data: [rows[1].id, rows[2].id] });
    const audit = await auditOf(rows[2].id);
    expect(audit.map((entry) => entry.action)).toEqual(['Create', 'Delete']);
    expect(audit[1]).toMatchObject({ before_value: expect.objectContaining({ countryCode: 'MM' }), after_value: null });
    expect((await admin.send('DELETE', '/classicapi/countryrules', { ids: [] })).statusCode).toBe(400);
    expect((await admin.send('DELETE', '/classicapi/countryrules/abc')).statusCode).toBe(400);
  });

  it("shows the list's user log, newest first, filtered by action and user", async () => {
    const log = (await admin.get(`/classicapi/countryrules/userlog${listQuery({ range: [0, 4] })}`)).json();
    expect(log.total).toBeGreaterThan(8);
    expect(log.data[0]).toMatchObject({ action: 'Delete', userId: 'admin', before: expect.any(Object), after: null });
    expect(new Date(log.data[0].at).getTime()).toBeGreaterThanOrEqual(new Date(log.data[4].at).getTime());
    const updates = (await admin.get(`/classicapi/countryrules/userlog${listQuery({ filter: { action: 'Update' } })}`)).json();
    expect(updates.total).toBe(1);
    const nobody = (await admin.get(`/classicapi/countryrules/userlog${listQuery({ filter: { userId: 'operator' } })}`)).json();
    expect(nobody.total).toBe(0);
    expect((await admin.get(`/classicapi/countryrules/userlog${listQuery({ filter: { action: 'Drop' } })}`)).statusCode).toBe(400);
    expect((await admin.get(`/classicapi/countryrules/userlog${listQuery({ filter: { from: '2026-13-01' } })}`)).statusCode).toBe(400);
    // An impossible day is refused too (Date.parse would have read 2026-02-30 as 2 March).
    const impossible = await admin.get(`/classicapi/countryrules/userlog${listQuery({ filter: { to: '2026-02-30' } })}`);
    expect([impossible.statusCode, impossible.json().message]).toEqual([400, 'The to filter must be a date, YYYY-MM-DD.']);
    // Other lists keep their own log.
    expect((await admin.get('/classicapi/regionlist/userlog')).json().total).toBe(0);
  });

  it('answers a stored row as it is stored even where the field rules have narrowed since (the row schema documents them, the answer keeps the value)', async () => {
    const [stored] = (await admin.get(`/classicapi/countryrules${listQuery({ range: [0, 0] })}`)).json().data;
    // A remark longer than remarks' maxLength today, and a date where a list of codes belongs: as if written under older rules.
    const legacy = { ...stored, remarks: 'x'.repeat(501), shcCodes: '2024-01-01' };
    const values = Object.fromEntries(
      Object.entries(legacy).filter(([key]) => !['id', 'version', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'].includes(key)),
    );
    const setValues = (row: Record<string, unknown>) =>
      t.db
        .updateTable('rule_list_rows')
        .set({ row_values: JSON.stringify(row) })
        .where('row_id', '=', String(stored.id))
        .execute();
    await setValues(values);
    try {
      const response = await admin.get(`/classicapi/countryrules/${stored.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual(legacy);
      const page = (await admin.get(`/classicapi/countryrules${listQuery({ range: [0, 0] })}`)).json();
      expect(page.data[0]).toEqual(legacy);
    } finally {
      await setValues(Object.fromEntries(Object.entries(stored).filter(([key]) => key in values)));
    }
  });
});

describe('the Cancel and Resend actions', () => {
  it('cancels active whitelist entries, all or nothing, and audits them', async () => {
    const list = (await admin.get(`/classicapi/sanctionwhitelist${listQuery({ filter: { status: 'Active' } })}`)).json().data;
    const cancelled = (await admin.get(`/classicapi/sanctionwhitelist${listQuery({ filter: { status: 'Cancelled' } })}`)).json().data;
    const refused = await admin.send('POST', '/classicapi/sanctionwhitelist/cancel', { ids: [list[0].id, cancelled[0].id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Only Active rows can be cancelled/);
    const done = await admin.send('POST', '/classicapi/sanctionwhitelist/cancel', { ids: [list[0].id] });
    expect(done.json().data[0]).toMatchObject({ id: list[0].id, status: 'Cancelled', version: 2 });
    // Several at once, answered in row order, each with its version moved on.
    const added = await admin.send('POST', '/classicapi/sanctionwhitelist', {
      matchingValue: 'CANCEL TWO TRADING',
      matchingMethod: 'Exact',
      partyRole: 'Any',
      reason: 'Cleared after the annual review',
    });
    expect(added.statusCode, added.body).toBe(200);
    const several = [added.json().data.id, list[2].id];
    const many = await admin.send('POST', '/classicapi/sanctionwhitelist/cancel', { ids: several });
    expect(many.json().data.map((row: { id: number; status: string; version: number }) => [row.id, row.status, row.version])).toEqual(
      [...several].sort((a, b) => a - b).map((id) => [id, 'Cancelled', 2]),
    );
    // The status is the action's: a form cannot set it.
    const edited = await admin.send('PUT', `/classicapi/sanctionwhitelist/${list[1].id}`, { ...list[1], status: 'Cancelled' });
    expect(edited.json().data.status).toBe('Active');
    expect((await admin.send('POST', '/classicapi/countryrules/cancel', { ids: [1] })).statusCode).toBe(404);
  });

  it('resends forwarding rules to their addresses through the mail outbox', async () => {
    const rows = (await admin.get('/classicapi/forwardemaillist')).json().data;
    const hkg = rows.find((row: { stationCode: string }) => row.stationCode === 'HKG');
    const response = await admin.send('POST', '/classicapi/forwardemaillist/resend', { ids: [hkg.id] });
    expect(response.json()).toEqual({ status: 1, data: { rows: 1, mails: 2 } });
    const mails = await t.db.selectFrom('mail_outbox').selectAll().where('recipient', 'like', 'hkg.%').execute();
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['hkg.docs@demoair.example', 'hkg.export@demoair.example']);
    expect(mails[0].subject).toBe('Forward E-mail List: HKG / DEMOAIR / AWB');
    expect(mails[0].body_text).toMatch(/Station Code: HKG/);
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'forwardemaillist').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['Resend']);
  });

  /** Replaces the app's mailer for one test; `onSend` sees each mail before it goes to the outbox. */
  async function withMailSpy<T>(onSend: (mail: OutgoingMail) => Promise<void>, run: () => Promise<T>): Promise<T> {
    const real = t.ctx.mailer;
    t.ctx.mailer = {
      async send(mail) {
        await onSend(mail);
        return real.send(mail);
      },
    };
    try {
      return await run();
    } finally {
      t.ctx.mailer = real;
    }
  }

  it('says so when a resend mail cannot be handed over, instead of reporting it sent', async () => {
    const rows = (await admin.get('/classicapi/forwardemaillist')).json().data as { id: number; emailAddresses: string }[];
    const target = rows.find((row) => row.emailAddresses)!;
    const real = t.ctx.mailer;
    t.ctx.mailer = { send: async (mail) => ({ ...(await real.send(mail)), outcome: 'failed' }) };
    try {
      const response = await admin.send('POST', '/classicapi/forwardemaillist/resend', { ids: [target.id] });
      expect(response.statusCode).toBe(502);
      expect(response.json().status).toBe(StatusCode.FAILURE);
      expect(response.json().message).toMatch(/^(\d+) of \1 e-mail\(s\) could not be sent; they are kept in the mail outbox/);
    } finally {
      t.ctx.mailer = real;
    }
  });

  const resendAudits = async (rowId: number) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select('audit_id')
        .where('entity', '=', 'forwardemaillist')
        .where('action', '=', 'Resend')
        .where('entity_key', '=', String(rowId))
        .execute()
    ).length;

  it('sends the mails only once the resend is audited and committed', async () => {
    const rows = (await admin.get('/classicapi/forwardemaillist')).json().data as { id: number; emailAddresses: string }[];
    const [first, second] = rows.filter((row) => row.emailAddresses);
    const before = { first: await resendAudits(first.id), second: await resendAudits(second.id) };
    const seenAtSend: number[][] = [];
    const response = await withMailSpy(
      // Read on another connection of the pool: only a committed audit entry is visible there.
      async () => void seenAtSend.push([(await resendAudits(first.id)) - before.first, (await resendAudits(second.id)) - before.second]),
      () => admin.send('POST', '/classicapi/forwardemaillist/resend', { ids: [first.id, second.id] }),
    );
    expect(response.json().status).toBe(1);
    expect(seenAtSend.length).toBe(response.json().data.mails);
    expect(seenAtSend.length).toBeGreaterThan(1);
    expect(seenAtSend.every(([a, b]) => a === 1 && b === 1)).toBe(true);
  });

  it('sends no mail when the audit cannot be written, and changes nothing', async () => {
    const rows = (await admin.get('/classicapi/forwardemaillist')).json().data as { id: number; emailAddresses: string }[];
    const target = rows.find((row) => row.emailAddresses)!;
    const auditsBefore = await resendAudits(target.id);
    const outboxBefore = (await t.db.selectFrom('mail_outbox').select('mail_id').execute()).length;
    // The audit log refuses Resend entries (a full disk, a lost connection...).
    await sql`CREATE FUNCTION refuse_resend_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.action = 'Resend' THEN RAISE EXCEPTION 'audit unavailable'; END IF; RETURN NEW; END $$`.execute(
      t.db,
    );
    await sql`CREATE TRIGGER refuse_resend_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_resend_audit()`.execute(t.db);
    const sent: string[] = [];
    try {
      const response = await withMailSpy(
        async (mail) => void sent.push(mail.to),
        () => admin.send('POST', '/classicapi/forwardemaillist/resend', { ids: [target.id] }),
      );
      expect(response.statusCode).toBe(500);
      expect(response.json().status).toBe(StatusCode.SYSTEM_EXCEPTION);
    } finally {
      await sql`DROP TRIGGER refuse_resend_audit ON audit_log`.execute(t.db);
      await sql`DROP FUNCTION refuse_resend_audit()`.execute(t.db);
    }
    expect(sent).toEqual([]);
    expect((await t.db.selectFrom('mail_outbox').select('mail_id').execute()).length).toBe(outboxBefore);
    expect(await resendAudits(target.id)).toBe(auditsBefore);
    // A refused resend (a row not found) neither mails nor audits either.
    const missing = await withMailSpy(
      async (mail) => void sent.push(mail.to),
      () => admin.send('POST', '/classicapi/forwardemaillist/resend', { ids: [target.id, 999_999_999] }),
    );
    expect(missing.statusCode).toBe(404);
    expect(sent).toEqual([]);
    expect(await resendAudits(target.id)).toBe(auditsBefore);
  });
});

describe('the admin list control overview', () => {
  it('lists every list the user may use with its row count and last change', async () => {
    const body = (await admin.get('/classicapi/rulelists')).json();
    // Every list of the registry (derived: a new list needs no change here).
    expect(body.total).toBe(ruleListPlugins.length);
    expect(body.data.map((entry: { name: string }) => entry.name).sort()).toEqual(ruleListPlugins.map((plugin) => plugin.name).sort());
    const countries = body.data.find((entry: { name: string }) => entry.name === 'countryrules');
    expect(countries).toMatchObject({ functionId: 115, label: 'Country Rules', lastChangedBy: 'admin', rows: expect.any(Number) });
    expect(body.data.find((entry: { name: string }) => entry.name === 'regionlist')).toMatchObject({ rows: 4, lastChangedAt: null });
  });
});

describe('the OpenAPI description', () => {
  it('is the rule-list part of the API document, every generated route with its fields as the plugins declare them', async () => {
    const doc = (await admin.get('/classicapi/rulelists/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/classicapi/rulelists/',
      '/classicapi/countryrules/',
      '/classicapi/countryrules/{id}',
      '/classicapi/countryrules/import',
      '/classicapi/countryrules/export',
      '/classicapi/countryrules/userlog/{auditId}/restore',
      '/classicapi/sanctionwhitelist/cancel',
      '/classicapi/forwardemaillist/resend',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths).not.toHaveProperty(['/classicapi/countryrules/cancel']);
    // Cut from the API document, not written a second time: the same operations, and only the lists'.
    const whole = (await admin.get('/api/docs/openapi.json')).json();
    expect(doc.paths['/classicapi/countryrules/{id}']).toEqual(whole.paths['/classicapi/countryrules/{id}']);
    const lists = ['rulelists', ...ruleListPlugins.map((plugin) => plugin.name)];
    expect(Object.keys(doc.paths).filter((path) => !lists.includes(path.split('/')[2]))).toEqual([]);
    expect(Object.keys(doc.paths)).toEqual(Object.keys(whole.paths).filter((path) => lists.includes(path.split('/')[2])));

    // The row the routes answer carries each field's shape: a choice its choices, a required field never null.
    const answer = (path: string, method: string) => doc.paths[path][method].responses['200'].content['application/json'].schema;
    const row = answer('/classicapi/countryrules/{id}', 'get').properties.data;
    expect(row.properties.direction).toMatchObject({ type: 'string', enum: ['Both', 'Export', 'Import'] });
    const fields = ruleListPlugins.find((plugin) => plugin.name === 'countryrules')!.fields.map((field) => field.source);
    const neverNull = fields.filter((source) => !row.properties[source].type.includes('null'));
    expect(neverNull).toEqual(['countryCode', 'direction', 'ruleType']);
    expect(row.required).toEqual(expect.arrayContaining([...fields, 'id', 'version', 'updatedAt']));
    expect(answer('/classicapi/countryrules/', 'get').properties.data.items).toEqual(row);
    const region = answer('/classicapi/regionlist/{id}', 'get').properties.data.properties.regionCode;
    expect(region).toMatchObject({ type: 'string', pattern: '^(?:[A-Z0-9]{2,10})$', description: expect.stringContaining('Region') });
    // A form's body takes any value per field (the field rules say what is wrong), and says what each field asks for.
    const body = doc.paths['/classicapi/countryrules/'].post.requestBody.content['application/json'].schema.properties.request;
    expect(body.properties.direction).toMatchObject({ anyOf: expect.any(Array), description: expect.stringContaining('Direction') });
  });
});

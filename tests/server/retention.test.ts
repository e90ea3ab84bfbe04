import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { applyRetention } from '../../src/server/ops/retention';
import { buildTestApp, type TestApp } from './testApp';

/** Issue 35, 8: the daily job removes the logs' and the outbox's lines older than their days; the audit log is kept by default. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const now = new Date('2026-11-29T03:17:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

async function counts(): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, string>>`
    SELECT (SELECT count(*) FROM mail_outbox WHERE recipient LIKE 'retention-%') AS mail,
           (SELECT count(*) FROM action_log WHERE act_type = 'RetentionTest') AS "userLog",
           (SELECT count(*) FROM client_logs WHERE message LIKE 'retention-%') AS "clientLog",
           (SELECT count(*) FROM audit_log WHERE entity = 'retention-test') AS "auditLog"`.execute(t.db);
  return Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, Number(value)]));
}

describe('retention', () => {
  it('removes what is older than each log keeps, in batches, and keeps the audit log unless told', async () => {
    const user = await t.db.selectFrom('users').select(['company_id', 'user_id']).orderBy('company_id').limit(1).executeTakeFirstOrThrow();
    for (const [age, label] of [
      [500, 'old'],
      [45, 'middle'],
      [1, 'new'],
    ] as const) {
      const at = daysAgo(age);
      await t.db
        .insertInto('mail_outbox')
        .values({ recipient: `retention-${label}@example.com`, subject: label, body_text: label, created_at: at, sent_at: at, error: null })
        .execute();
      await t.db
        .insertInto('action_log')
        .values({ ...user, at, act_type: 'RetentionTest', shipment_id: null, shipment_document_id: null, awb_prefix: null, awb_suffix: null, ip_address: null })
        .execute();
      await t.db
        .insertInto('audit_log')
        .values({ ...user, at, ip_address: null, entity: 'retention-test', entity_key: label, action: 'UPDATE', before_value: null, after_value: null })
        .execute();
    }
    // More old client-log lines than one statement removes, and one new.
    await sql`
      INSERT INTO client_logs (company_id, user_id, at, log_type, message)
      SELECT ${user.company_id}, ${user.user_id}, ${daysAgo(40)}::timestamptz, 1, 'retention-' || n FROM generate_series(1, 5001) AS n`.execute(t.db);
    await t.db
      .insertInto('client_logs')
      .values({ ...user, at: daysAgo(2), log_type: 1, message: 'retention-new', ip_address: null, user_agent: null })
      .execute();
    expect(await counts()).toEqual({ mail: 3, userLog: 3, clientLog: 5002, auditLog: 3 });

    const defaults = loadConfig({}).retentionDays;
    expect(defaults).toEqual({ mailOutbox: 30, userLog: 400, clientLog: 30, auditLog: 0, oneRecordNotifications: 30 });
    expect(await applyRetention(t.db, defaults, now)).toEqual({ mailOutbox: 2, userLog: 1, clientLog: 5001, auditLog: 0, oneRecordNotifications: 0 });
    expect(await counts()).toEqual({ mail: 1, userLog: 2, clientLog: 1, auditLog: 3 });

    expect(await applyRetention(t.db, { ...defaults, auditLog: 30 }, now)).toMatchObject({ auditLog: 2 });
    expect(
      await applyRetention(t.db, { mailOutbox: 0, userLog: 0, clientLog: 0, auditLog: 0, oneRecordNotifications: 0 }, new Date(now.getTime() + 1000 * DAY)),
    ).toEqual({
      mailOutbox: 0,
      userLog: 0,
      clientLog: 0,
      auditLog: 0,
      oneRecordNotifications: 0,
    });
    expect(await counts()).toEqual({ mail: 1, userLog: 2, clientLog: 1, auditLog: 1 });
  });

  it('removes the ONE Record notifications received and sent older than their days, never one still being tried', async () => {
    const company = 'DEMOAIR';
    const request = '00000000-0000-4000-8000-00000000aaaa';
    await t.db
      .insertInto('onerecord_subscriptions')
      .values({
        request_id: request,
        company_id: company,
        requested_by: 'x',
        subscriber: 'x',
        topic_type: 'LOGISTICS_OBJECT_TYPE',
        topic: 't',
        event_types: [],
        status: 'REQUEST_ACCEPTED',
      })
      .execute();
    for (const [age, settled] of [
      [40, 'delivered'],
      [40, 'failed'],
      [40, 'pending'],
      [2, 'delivered'],
    ] as const) {
      await t.db
        .insertInto('onerecord_deliveries')
        .values({
          request_id: request,
          target: 'internal:DEMOAIR',
          body: '{}',
          created_at: daysAgo(age),
          delivered_at: settled === 'delivered' ? daysAgo(age) : null,
          failed_at: settled === 'failed' ? daysAgo(age) : null,
        })
        .execute();
      if (settled === 'delivered')
        await t.db
          .insertInto('onerecord_notifications')
          .values({
            notification_id: crypto.randomUUID(),
            recipient_company_id: company,
            event_type: 'LOGISTICS_OBJECT_UPDATED',
            body: '{}',
            received_at: daysAgo(age),
          })
          .execute();
    }
    const defaults = loadConfig({}).retentionDays;
    // The old received one, the old delivered and the old given-up ones; the old one still being tried stays.
    expect((await applyRetention(t.db, { ...defaults, mailOutbox: 0, userLog: 0, clientLog: 0 }, now)).oneRecordNotifications).toBe(3);
    const left = await t.db.selectFrom('onerecord_deliveries').select(['delivered_at', 'failed_at']).where('request_id', '=', request).execute();
    expect(left).toHaveLength(2);
    expect(left.filter((row) => row.delivered_at === null && row.failed_at === null)).toHaveLength(1);
  });

  it('refuses a negative number of days at start with the setting named', () => {
    expect(() => loadConfig({ USER_LOG_KEEP_DAYS: '-1' })).toThrow('Configuration: USER_LOG_KEEP_DAYS must be an integer >= 0, got "-1"');
  });
});

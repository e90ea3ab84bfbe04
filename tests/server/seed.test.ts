import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from './testApp';
import { migrateToLatest, type Db } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations';
import { seedDemoWorld } from '../../src/server/db/seed';
import { generateShipment } from '../../src/server/db/seed/shipments';
import { generateShipmentMessages } from '../../src/server/db/seed/shipmentMessages';
import { hasValidCheckDigit } from '../../src/domain/awb';
import { verifyPassword } from '../../src/server/auth/passwords';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  // Every registered migration, in name order (features add theirs in parallel).
  expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).sort());
  expect(await migrateToLatest(db)).toEqual([]);
});
afterAll(() => drop());

/** The moment the world below is seeded: late in a UTC day, when little of "later today" is left. */
const seededAt = new Date('2026-11-22T23:40:17.250Z');
const HOUR = 3_600_000;
const OPEN = ['New', 'Eyeball', 'Error', 'Processing'];
const DECIDED = ['Accept', 'Reject', 'Submit', 'Nothing'];

describe('the demo world', () => {
  // Seeding 2,000 shipments through the parser and the engine is the work under test: about 20 s on an
  // idle 2-core machine, so it gets more than the suite's 30 s for a machine busy with other work.
  it('seeds at least 2,000 realistic shipments with every status, and again adds nothing', { timeout: 120_000 }, async () => {
    const first = await seedDemoWorld(db, { shipments: 2000, now: seededAt });
    expect(first.shipmentsAdded).toBe(2000);
    // Seeded again days later (a persistent data directory): the world stays as it was, dated from its first seeding (below).
    const second = await seedDemoWorld(db, { shipments: 2000, now: new Date(seededAt.getTime() + 72 * HOUR) });
    expect(second.shipmentsAdded).toBe(0);
    const rows = await db.selectFrom('shipments').select(['awb_prefix', 'awb_suffix', 'status', 'agent_company_id', 'origin', 'destination']).execute();
    expect(rows).toHaveLength(2000);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['New', 'Error', 'Accept', 'Reject', 'Submit', 'Eyeball', 'Nothing', 'Processing']));
    expect(rows.every((row) => hasValidCheckDigit(row.awb_suffix) && /^\d{3}$/.test(row.awb_prefix))).toBe(true);
    expect(rows.every((row) => row.origin !== row.destination)).toBe(true);
    // Spread across the companies: each demo company sees some and not all.
    expect(rows.filter((row) => ['160', '297'].includes(row.awb_prefix)).length).toBeGreaterThan(500);
    expect(rows.filter((row) => row.agent_company_id === 'DEMOFWD').length).toBeGreaterThan(300);
    expect(rows.filter((row) => ['HKG', 'SIN'].includes(row.origin) || ['HKG', 'SIN'].includes(row.destination)).length).toBeGreaterThan(200);
    const lent = await db.selectFrom('shipment_lendings').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(lent.n)).toBe(20);
    // Through the parser and the rules engine: every shipment keeps its FWB and its evaluation.
    const evaluated = await db
      .selectFrom('shipments')
      .select(sql<string>`count(*)`.as('n'))
      .where('waybill', 'is not', null)
      .where('evaluation', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(evaluated.n)).toBe(2000);
    // Evaluated on the message's own clock, not on the wall clock of the seeding.
    const offClock = await db
      .selectFrom('shipments')
      .select(sql<string>`count(*)`.as('n'))
      .where(sql<boolean>`(evaluation->>'evaluatedAt')::timestamptz <> message_date`)
      .executeTakeFirstOrThrow();
    expect(Number(offClock.n)).toBe(0);
    const messages = await db
      .selectFrom('cargo_messages')
      .select(['kind', sql<string>`count(*)`.as('n')])
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    expect(messages.map((row) => row.kind)).toEqual(['FHL', 'FWB']);
    // Sent-on shipments went out with a terminal message, most of them acknowledged.
    const outbound = await db
      .selectFrom('outbound_messages')
      .select(['state', sql<string>`count(*)`.as('n')])
      .groupBy('state')
      .execute();
    expect(new Set(outbound.map((row) => row.state))).toEqual(new Set(['ACKNOWLEDGED', 'SENT', 'FAILED']));
    const submitted = rows.filter((row) => row.status === 'Submit').length;
    expect(outbound.reduce((sum, row) => sum + Number(row.n), 0)).toBe(submitted);
  });

  it('is dated as a terminal sees it when seeded: open shipments fly ahead, decisions come before their flights, nothing after the seeding', async () => {
    const day = (at: Date) => at.toISOString().slice(0, 10);
    const shipments = await db
      .selectFrom('shipments')
      .select(['shipment_id', 'status', 'std', 'message_date', 'update_dt', sql<string>`to_char(flight_date, 'YYYY-MM-DD')`.as('flight_date')])
      .execute();
    const at = (value: Date | null) => (value as Date).getTime();
    const open = shipments.filter((row) => OPEN.includes(row.status));
    const decided = shipments.filter((row) => DECIDED.includes(row.status));
    expect(open.length + decided.length).toBe(2000);
    // Open ones: none flew more than a few hours ago; most fly ahead, some of them today, none further than five days.
    expect(open.filter((row) => at(row.std) < seededAt.getTime() - 6 * HOUR)).toEqual([]);
    expect(open.filter((row) => at(row.std) > seededAt.getTime() + 5 * 24 * HOUR)).toEqual([]);
    expect(open.filter((row) => at(row.std) >= seededAt.getTime()).length).toBeGreaterThan(open.length * 0.85);
    expect(open.filter((row) => row.status === 'New' && row.flight_date === day(seededAt)).length).toBeGreaterThan(0);
    // Decided ones: most flew in the last 30 days, some fly in the next days.
    expect(decided.filter((row) => at(row.std) < seededAt.getTime() - 24 * HOUR).length).toBeGreaterThan(decided.length / 2);
    expect(decided.filter((row) => at(row.std) > seededAt.getTime()).length).toBeGreaterThan(0);
    expect(decided.filter((row) => at(row.std) < seededAt.getTime() - 31 * 24 * HOUR)).toEqual([]);
    // Every shipment: its flight date is its STD's day, its FWB came before its flight, and nothing is after the seeding.
    for (const row of shipments) {
      expect(row.flight_date, row.shipment_id).toBe(day(row.std as Date));
      expect(at(row.message_date), row.shipment_id).toBeLessThan(at(row.std));
      expect(at(row.message_date), row.shipment_id).toBeLessThanOrEqual(seededAt.getTime());
      expect(at(row.update_dt), row.shipment_id).toBeLessThanOrEqual(seededAt.getTime());
    }
    const rowsAfterSeeding = (table: 'cargo_messages' | 'shipment_events' | 'shipment_documents', column: 'received_at' | 'at' | 'updated_on') =>
      db.selectFrom(table).select(sql<string>`count(*)`.as('n')).where(sql.ref(column), '>', seededAt).executeTakeFirstOrThrow();
    expect(Number((await rowsAfterSeeding('cargo_messages', 'received_at')).n)).toBe(0);
    expect(Number((await rowsAfterSeeding('shipment_events', 'at')).n)).toBe(0);
    expect(Number((await rowsAfterSeeding('shipment_documents', 'updated_on')).n)).toBe(0);
    // A decision comes after the messages and their evaluation, and before the flight.
    const decisions = await db
      .selectFrom('shipment_events as e')
      .innerJoin('shipments as s', 's.shipment_id', 'e.shipment_id')
      .select(['e.shipment_id', 'e.kind', 'e.at', 's.std', 's.status'])
      .where((eb) => eb.or([eb('e.kind', 'in', ['ACCEPT', 'REJECT', 'SEND']), eb.and([eb('e.kind', '=', 'STATUS'), eb('e.user_id', '=', 'operator')])]))
      .execute();
    expect(new Set(decisions.map((row) => row.kind))).toEqual(new Set(['ACCEPT', 'REJECT', 'SEND', 'STATUS']));
    expect(decisions.every((row) => DECIDED.includes(row.status))).toBe(true);
    expect(decisions.filter((row) => row.at >= (row.std as Date))).toEqual([]);
    const { rows: early } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM shipment_events d
      JOIN shipment_events m ON m.shipment_id = d.shipment_id AND m.user_id IS DISTINCT FROM 'operator'
      WHERE d.user_id = 'operator' AND d.at <= m.at`.execute(db);
    expect(Number(early[0].n)).toBe(0);
    // Outbound messages: created at or before the seeding and after the decision, sent after created, acknowledged after sent.
    const outbound = await db
      .selectFrom('outbound_messages as o')
      .innerJoin('shipments as s', 's.shipment_id', 'o.shipment_id')
      .select(['o.message_id', 'o.state', 'o.created_at', 'o.sent_at', 'o.acknowledged_at', 'o.updated_at', 's.update_dt'])
      .execute();
    expect(outbound.length).toBeGreaterThan(0);
    for (const row of outbound) {
      expect(row.created_at.getTime(), row.message_id).toBeLessThanOrEqual(seededAt.getTime());
      expect(row.created_at.getTime(), row.message_id).toBeGreaterThanOrEqual(row.update_dt.getTime());
      expect(at(row.sent_at), row.message_id).toBeGreaterThan(row.created_at.getTime());
      expect(at(row.sent_at), row.message_id).toBeLessThanOrEqual(seededAt.getTime());
      if (row.state === 'ACKNOWLEDGED') expect(at(row.acknowledged_at), row.message_id).toBeGreaterThan(at(row.sent_at));
      expect(row.updated_at.getTime(), row.message_id).toBeLessThanOrEqual(seededAt.getTime());
    }
  });

  it('dates the generated shipments the same way at any time of day, and the same for the same moment', () => {
    for (const now of [new Date('2026-03-01T00:02:00Z'), new Date('2026-06-30T12:00:00Z'), new Date('2026-12-31T23:58:59.999Z')]) {
      const shipments = Array.from({ length: 1200 }, (_, index) => generateShipmentMessages(index, now));
      const open = shipments.filter((shipment) => shipment.plan === 'open');
      const flies = (shipment: (typeof shipments)[number]) => shipment.std.getTime() - now.getTime();
      expect(open.filter((shipment) => flies(shipment) < -6 * HOUR)).toEqual([]);
      expect(open.filter((shipment) => flies(shipment) >= 0).length).toBeGreaterThan(open.length * 0.85);
      // Some open ones fly on the seeding's (UTC) day, however late in it.
      expect(open.filter((shipment) => shipment.std.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)).length).toBeGreaterThan(open.length * 0.05);
      for (const shipment of shipments) {
        expect(shipment.receivedAt.getTime(), `${shipment.index}`).toBeLessThanOrEqual(now.getTime() - 30 * 60_000);
        expect(shipment.receivedAt.getTime(), `${shipment.index}`).toBeLessThan(shipment.std.getTime());
        if (shipment.plan === 'open') continue;
        expect(shipment.decidedAt.getTime(), `${shipment.index}`).toBeGreaterThanOrEqual(shipment.receivedAt.getTime() + 30 * 60_000);
        expect(shipment.decidedAt.getTime(), `${shipment.index}`).toBeLessThanOrEqual(
          Math.min(now.getTime() - 20 * 60_000, shipment.std.getTime() - 45 * 60_000),
        );
      }
      expect(generateShipmentMessages(17, new Date(now))).toEqual(shipments[17]);
      // Left open instead of accepted: the same shipment, dated as an open one.
      const planned = shipments.find((shipment) => shipment.plan === 'Accept' && flies(shipment) < -24 * HOUR)!;
      const reopened = generateShipmentMessages(planned.index, now, 'open');
      expect(reopened.plan).toBe('open');
      expect(flies(reopened)).toBeGreaterThan(-6 * HOUR);
      expect(reopened.fwb.split('\n').slice(0, 2)).toEqual(planned.fwb.split('\n').slice(0, 2));
    }
  });

  it('has the README accounts with argon2id hashes', async () => {
    const users = await db.selectFrom('users').selectAll().orderBy('company_id').orderBy('user_id').execute();
    const find = (company: string, user: string) => users.find((row) => row.company_id === company && row.user_id === user)!;
    expect(find('DEMOAIR', 'admin').password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(find('DEMOAIR', 'admin').password_hash, 'Admin#12345')).toBe(true);
    expect(await verifyPassword(find('DEMOAIR', 'mfauser').password_hash, 'Mfa#123456')).toBe(true);
    expect(find('DEMOAIR', 'mfauser').mfa_required).toBe(true);
    for (const company of ['DEMOFWD', 'DEMOGHA']) expect(await verifyPassword(find(company, 'operator').password_hash, 'Operator#12345')).toBe(true);
  });

  it('generates the same shipment for the same index', () => {
    const today = new Date('2026-11-22T00:00:00Z');
    expect(generateShipment(1234, today)).toEqual(generateShipment(1234, today));
    expect(generateShipment(1234, today).awb_suffix).not.toBe(generateShipment(1238, today).awb_suffix);
  });
});

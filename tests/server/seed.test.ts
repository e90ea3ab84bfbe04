import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from './testApp';
import { migrateToLatest, type Db } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations';
import { seedDemoWorld } from '../../src/server/db/seed';
import { generateShipment } from '../../src/server/db/seed/shipments';
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

describe('the demo world', () => {
  it('seeds at least 2,000 realistic shipments with every status, and again adds nothing', async () => {
    const first = await seedDemoWorld(db, { shipments: 2000 });
    expect(first.shipmentsAdded).toBe(2000);
    const second = await seedDemoWorld(db, { shipments: 2000 });
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
    const evaluated = await db.selectFrom('shipments').select(sql<string>`count(*)`.as('n')).where('waybill', 'is not', null).where('evaluation', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(evaluated.n)).toBe(2000);
    // Evaluated on the message's own clock, not on the wall clock of the seeding.
    const offClock = await db
      .selectFrom('shipments')
      .select(sql<string>`count(*)`.as('n'))
      .where(sql<boolean>`(evaluation->>'evaluatedAt')::timestamptz <> message_date`)
      .executeTakeFirstOrThrow();
    expect(Number(offClock.n)).toBe(0);
    const messages = await db.selectFrom('cargo_messages').select(['kind', sql<string>`count(*)`.as('n')]).groupBy('kind').orderBy('kind').execute();
    expect(messages.map((row) => row.kind)).toEqual(['FHL', 'FWB']);
    // Sent-on shipments went out with a terminal message, most of them acknowledged.
    const outbound = await db.selectFrom('outbound_messages').select(['state', sql<string>`count(*)`.as('n')]).groupBy('state').execute();
    expect(new Set(outbound.map((row) => row.state))).toEqual(new Set(['ACKNOWLEDGED', 'SENT', 'FAILED']));
    const submitted = rows.filter((row) => row.status === 'Submit').length;
    expect(outbound.reduce((sum, row) => sum + Number(row.n), 0)).toBe(submitted);
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

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupRefused, backupDatabase, checkBackup, restoreDatabase } from '../../src/server/ops/backup';
import { buildShipmentTestApp, setShipment, shipmentWhere, type ShipmentTestApp } from './shipments/support';
import { createTestDatabase } from './testApp';

/**
 * Issue 35, 1: a backup taken while the portal works is one consistent state, and a restore brings
 * back exactly that state (what changed after the backup is gone), or refuses a damaged file, another
 * PostgreSQL major version or another schema version and changes nothing.
 */

let t: ShipmentTestApp;
let dir: string;
beforeAll(async () => {
  t = await buildShipmentTestApp({}, 60);
  dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let pick = 0;
/** The next DEMOAIR shipment nobody holds. */
async function nextShipment(): Promise<string> {
  return (await shipmentWhere(t, sql`s.awb_prefix = '160' AND NOT EXISTS (SELECT 1 FROM shipment_handling h WHERE h.shipment_id = s.shipment_id)`, pick++))
    .shipment_id;
}

/** Opens the shipment (as a new FWB would) and accepts it through the API. */
async function accept(reason: string, id?: string): Promise<string> {
  const shipmentId = id ?? (await nextShipment());
  const updateDt = await setShipment(t, shipmentId, {
    status: 'New',
    acceptance_block: null,
    acceptance_block_reason: null,
    acceptance_block_companies: [],
    eyeball_check: null,
  });
  const answer = await t.post('airlineAdmin', '/awbapi/awbapprove', {
    ShipmentId: shipmentId,
    ApproveType: 'NORMAL',
    ApproveReason: reason,
    UpdateDT: updateDt,
    PendingUpdate: false,
  });
  expect(answer.json().data).toMatchObject({ Status: 'Accept' });
  return shipmentId;
}

const statusOf = async (id: string) => (await t.db.selectFrom('shipments').select('status').where('shipment_id', '=', id).executeTakeFirstOrThrow()).status;
const eventsOf = async (id: string) =>
  (await t.db.selectFrom('shipment_events').select('description').where('shipment_id', '=', id).where('kind', '=', 'ACCEPT').execute()).map(
    (row) => row.description,
  );

/** The file's content without its header line's time and its end line: the tables' rows as they were. */
function rowsOf(file: string): string {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const header = JSON.parse(lines[0]);
  delete header.takenAt;
  return [JSON.stringify(header), ...lines.slice(1, -2)].join('\n');
}

/** A backup file with other content, its checksum made right: a whole file from elsewhere. */
function rewritten(file: string, change: (lines: string[]) => void): string {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const end = JSON.parse(lines.at(-2)!);
  const body = lines.slice(0, -2);
  change(body);
  end.sha256 = createHash('sha256')
    .update(body.map((line) => `${line}\n`).join(''))
    .digest('hex');
  const target = path.join(dir, `rewritten-${Math.random()}.backup`);
  writeFileSync(target, gzipSync(`${[...body, JSON.stringify(end)].join('\n')}\n`));
  return target;
}

describe('backup and restore', () => {
  it('backs up one consistent state under load and restores exactly it', { timeout: 120_000 }, async () => {
    const before = await accept('Accepted before the backup');
    const later = await nextShipment();
    const laterAsBackedUp = await statusOf(later);
    const file = path.join(dir, 'portal.backup');

    // Load: transactions that each write a row in two tables; a backup that saw one half of one would be torn.
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        await t.db.transaction().execute(async (trx) => {
          const user = await trx.selectFrom('users').select(['company_id', 'user_id']).orderBy('company_id').limit(1).executeTakeFirstOrThrow();
          const marker = `load-${written}`;
          await trx
            .insertInto('action_log')
            .values({ ...user, act_type: 'Load', awb_suffix: marker, shipment_id: null, shipment_document_id: null, awb_prefix: null, ip_address: null })
            .execute();
          await trx
            .insertInto('client_logs')
            .values({ ...user, log_type: 1, message: marker, ip_address: null, user_agent: null })
            .execute();
        });
        written++;
      }
    })();
    const summary = await backupDatabase(t.url, file);
    writing = false;
    await load;
    expect(summary.tables).toBeGreaterThan(20);
    expect(written).toBeGreaterThan(0);

    const after = await accept('Accepted after the backup', later);
    expect(await statusOf(after)).toBe('Accept');

    const restored = await restoreDatabase(t.url, file);
    expect(restored.rows).toBe(summary.rows);
    expect(await statusOf(before)).toBe('Accept');
    expect(await eventsOf(before)).toContain('Shipment accepted: Accepted before the backup');
    expect(await statusOf(after)).toBe(laterAsBackedUp);
    expect(await eventsOf(after)).not.toContain('Shipment accepted: Accepted after the backup');
    // Every load transaction is there whole or not at all.
    const { rows } = await sql<{ torn: string }>`
      SELECT count(*) AS torn FROM action_log a FULL JOIN client_logs c ON c.message = a.awb_suffix
      WHERE (a.act_type = 'Load' OR c.message LIKE 'load-%') AND (a.awb_suffix IS NULL OR c.message IS NULL)`.execute(t.db);
    expect(rows[0].torn).toBe('0');

    // Exactly the backed-up state: a backup of the restored database holds the same rows.
    const again = path.join(dir, 'again.backup');
    await backupDatabase(t.url, again);
    expect(rowsOf(again)).toBe(rowsOf(file));
    // The sequences went back too, and go on from there.
    expect(await accept('Accepted after the restore')).toBeTruthy();
  });

  it('fails in one rejection, leaving no file and the database as it was, when it cannot write, read or load', { timeout: 60_000 }, async () => {
    // Nowhere to write: the error is the backup's, not an unheard stream error that ends the process.
    const nowhere = path.join(dir, 'no-such-directory', 'portal.backup');
    await expect(backupDatabase(t.url, nowhere)).rejects.toThrow(/ENOENT/);
    expect(existsSync(`${nowhere}.partial`)).toBe(false);
    // A directory is no backup file.
    await expect(restoreDatabase(t.url, dir)).rejects.toThrow(/damaged or not a portal backup \(EISDIR/);
    // A whole file whose rows do not fit their table: the COPY fails, the restore with it, nothing changes.
    const file = path.join(dir, 'misfit.backup');
    await backupDatabase(t.url, file);
    const marker = await accept('Accepted after the misfit backup');
    const misfit = rewritten(file, (lines) => {
      const table = lines.indexOf(JSON.stringify({ table: 'shipments' }));
      lines[table + 1] = 'not\ta\tshipment';
    });
    await expect(restoreDatabase(t.url, misfit)).rejects.toThrow(/missing data for column|invalid input syntax/);
    expect(await statusOf(marker)).toBe('Accept');
  });

  it('refuses to back up a database without the portal schema', async () => {
    const empty = await createTestDatabase();
    try {
      await expect(backupDatabase(empty.url, path.join(dir, 'empty.backup'))).rejects.toThrow(
        new BackupRefused('The database holds no portal schema (no migrations applied): there is nothing to back up.'),
      );
    } finally {
      await empty.drop();
    }
  });

  it('refuses a damaged file, another PostgreSQL major version or another schema version, and changes nothing', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'refusals.backup');
    await backupDatabase(t.url, file);
    const marker = await accept('Accepted after the good backup');
    const whole = readFileSync(file);

    const cut = path.join(dir, 'cut.backup');
    writeFileSync(cut, gzipSync(gunzipSync(whole).subarray(0, Math.floor(gunzipSync(whole).length * 0.6))));
    const flipped = path.join(dir, 'flipped.backup');
    const bytes = Buffer.from(gunzipSync(whole));
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    writeFileSync(flipped, gzipSync(bytes));
    const broken = path.join(dir, 'broken.backup');
    writeFileSync(broken, whole.subarray(0, whole.length - 100));
    const other = path.join(dir, 'other.backup');
    writeFileSync(other, 'not a backup at all');

    const refusals: [string, RegExp][] = [
      [cut, /damaged or not a portal backup \(it ends before its end line: cut short\): nothing was changed/],
      [flipped, /damaged or not a portal backup/],
      [broken, /damaged or not a portal backup/],
      [other, /damaged or not a portal backup/],
      [
        rewritten(file, (lines) => (lines[0] = JSON.stringify({ ...JSON.parse(lines[0]), postgresMajor: 9 }))),
        /taken from PostgreSQL 9; this portal's database is PostgreSQL \d+/,
      ],
      [
        rewritten(
          file,
          (lines) => (lines[0] = JSON.stringify({ ...JSON.parse(lines[0]), migrations: [...JSON.parse(lines[0]).migrations, '9999_from_the_future'] })),
        ),
        /another version of the portal \(its schema's last migration: 9999_from_the_future; this portal's: /,
      ],
    ];
    for (const [refused, message] of refusals) {
      const error = await restoreDatabase(t.url, refused).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error, refused).toBeInstanceOf(BackupRefused);
      expect((error as Error).message).toMatch(message);
    }
    await expect(checkBackup(file)).resolves.toMatchObject({ format: 'cargo-portal-backup' });
    expect(await statusOf(marker)).toBe('Accept');
  });
});

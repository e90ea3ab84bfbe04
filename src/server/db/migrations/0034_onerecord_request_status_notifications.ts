import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 1: a requester that asked for it (`notifyRequestStatusChange`) is notified when its change, delegation or
 * subscription request moves on (API 2.3.0 "Notifications": CHANGE_REQUEST_ACCEPTED ...). A trigger puts the move in
 * the outbox in the transaction that makes it, whatever makes it (the holder, an operator, a revocation, a cascade);
 * the notifier turns it into a delivery to the requester's organisation, sent and retried as a subscription's are.
 * Additive: a delivery now belongs to a subscription or to an action request; the code before it reads and writes
 * the subscription's as it did.
 */
export const additive = true;

const TRIGGERS = [
  { table: 'onerecord_action_requests', kind: 'CHANGE_REQUEST', wanted: sql`(NEW.change->>'notify')::boolean` },
  { table: 'onerecord_delegations', kind: 'ACCESS_DELEGATION_REQUEST', wanted: sql`NEW.notify_status` },
  { table: 'onerecord_subscriptions', kind: 'SUBSCRIPTION_REQUEST', wanted: sql`NEW.notify_status` },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE onerecord_outbox ADD COLUMN action_request_id uuid`.execute(db);
  await sql`ALTER TABLE onerecord_deliveries ALTER COLUMN request_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE onerecord_deliveries ADD COLUMN action_request_id uuid`.execute(db);
  await sql`
    CREATE FUNCTION onerecord_outbox_request_status() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO onerecord_outbox (event_type, action_request_id) VALUES (TG_ARGV[0] || '_' || replace(NEW.status, 'REQUEST_', ''), NEW.request_id);
      PERFORM pg_notify('portal_changes', '{"k":"oneRecordOutbox"}');
      RETURN NULL;
    END $$`.execute(db);
  for (const { table, kind, wanted } of TRIGGERS)
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_status_notified`)} AFTER UPDATE OF status ON ${sql.table(table)}
         FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status AND ${wanted})
         EXECUTE FUNCTION onerecord_outbox_request_status(${sql.lit(kind)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of TRIGGERS) await sql`DROP TRIGGER ${sql.raw(`${table}_status_notified`)} ON ${sql.table(table)}`.execute(db);
  await sql`DROP FUNCTION onerecord_outbox_request_status()`.execute(db);
  await sql`DELETE FROM onerecord_deliveries WHERE request_id IS NULL`.execute(db);
  await sql`ALTER TABLE onerecord_deliveries DROP COLUMN action_request_id`.execute(db);
  await sql`ALTER TABLE onerecord_deliveries ALTER COLUMN request_id SET NOT NULL`.execute(db);
  await sql`DELETE FROM onerecord_outbox WHERE action_request_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE onerecord_outbox DROP COLUMN action_request_id`.execute(db);
}

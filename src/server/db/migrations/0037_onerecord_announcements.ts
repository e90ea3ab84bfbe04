import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 1 and 4: the portal announces its objects to the organisations of the registered ONE Record clients (API
 * 2.3.0, "Notifications": LOGISTICS_OBJECT_AVAILABLE, the standard's way to tell a partner a new object's IRI, which it
 * needs to subscribe to it; LOGISTICS_OBJECT_ACCESS_GRANTED when it may see one it could not). A new shipment (an FWB
 * or FHL that made it) is announced as its master Waybill to the clients of every company that sees it; a lending, to
 * the clients of the company it is lent to. Triggers write the announcement in the outbox in the transaction that
 * makes it, while some client is registered (without one, nothing more is written); the notifier finds who is told.
 * Additive: a column and triggers.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE onerecord_outbox ADD COLUMN company_id text`.execute(db);
  await sql`
    CREATE FUNCTION onerecord_outbox_announce(kind text, shipment bigint, company text) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM onerecord_clients WHERE revoked_at IS NULL) THEN
        INSERT INTO onerecord_outbox (event_type, shipment_id, company_id) VALUES (kind, shipment, company);
        PERFORM pg_notify('portal_changes', '{"k":"oneRecordOutbox"}');
      END IF;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION onerecord_outbox_shipment_made() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM onerecord_outbox_announce('LOGISTICS_OBJECT_AVAILABLE', NEW.shipment_id, NULL);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER onerecord_outbox_shipments_made AFTER INSERT ON cargo_messages
       FOR EACH ROW WHEN (NEW.outcome = 'created' AND NEW.shipment_id IS NOT NULL) EXECUTE FUNCTION onerecord_outbox_shipment_made()`.execute(db);
  await sql`
    CREATE FUNCTION onerecord_outbox_lent() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM onerecord_outbox_announce('LOGISTICS_OBJECT_ACCESS_GRANTED', NEW.shipment_id, NEW.company_id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER onerecord_outbox_lendings AFTER INSERT ON shipment_lendings
       FOR EACH ROW EXECUTE FUNCTION onerecord_outbox_lent()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER onerecord_outbox_lendings ON shipment_lendings`.execute(db);
  await sql`DROP TRIGGER onerecord_outbox_shipments_made ON cargo_messages`.execute(db);
  await sql`DROP FUNCTION onerecord_outbox_lent()`.execute(db);
  await sql`DROP FUNCTION onerecord_outbox_shipment_made()`.execute(db);
  await sql`DROP FUNCTION onerecord_outbox_announce(text, bigint, text)`.execute(db);
  await sql`DELETE FROM onerecord_outbox WHERE event_type IN ('LOGISTICS_OBJECT_AVAILABLE', 'LOGISTICS_OBJECT_ACCESS_GRANTED')`.execute(db);
  await sql`ALTER TABLE onerecord_outbox DROP COLUMN company_id`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 1: what the ONE Record server notifies its subscribers of, kept before it is sent. Triggers write an
 * outbox row in the transaction that makes the change, whatever makes it (a decision or a hold on a shipment, a
 * received FWB or FHL, a partner's event, object or change), so that no notification is lost to a crash; and
 * only while some subscription is active, so that the portal without subscribers writes nothing more. Each row
 * wakes the notifiers ({"k":"oneRecordOutbox"} on portal_changes). The notifier turns rows into deliveries, one
 * per subscriber and notification, sent in order and retried until delivered (or given up after a day); a lease
 * per target keeps one sender at a time. Additive: new tables, functions and triggers.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onerecord_outbox (
      outbox_id bigserial PRIMARY KEY,
      event_type text NOT NULL,
      shipment_id bigint,
      object_id text,
      event_id text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE TABLE onerecord_deliveries (
      delivery_id bigserial PRIMARY KEY,
      request_id uuid NOT NULL REFERENCES onerecord_subscriptions (request_id) ON DELETE CASCADE,
      target text NOT NULL,
      body jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      attempts integer NOT NULL DEFAULT 0,
      last_attempt_at timestamptz,
      last_error text,
      delivered_at timestamptz,
      failed_at timestamptz
    );
    CREATE INDEX onerecord_deliveries_due ON onerecord_deliveries (target, delivery_id) WHERE delivered_at IS NULL AND failed_at IS NULL;
    CREATE TABLE onerecord_delivery_leases (
      target text PRIMARY KEY,
      leased_until timestamptz NOT NULL
    );

    CREATE FUNCTION onerecord_outbox_add(kind text, shipment bigint, object text, event text) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM onerecord_subscriptions WHERE status = 'REQUEST_ACCEPTED') THEN
        INSERT INTO onerecord_outbox (event_type, shipment_id, object_id, event_id) VALUES (kind, shipment, object, event);
        PERFORM pg_notify('portal_changes', '{"k":"oneRecordOutbox"}');
      END IF;
    END $$;

    CREATE FUNCTION onerecord_outbox_decision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM onerecord_outbox_add('LOGISTICS_EVENT_RECEIVED', NEW.shipment_id, NULL, NEW.event_id::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER onerecord_outbox_decisions AFTER INSERT ON shipment_events
      FOR EACH ROW WHEN (NEW.kind IN ('ACCEPT', 'REJECT', 'HOLD', 'RELEASE')) EXECUTE FUNCTION onerecord_outbox_decision();

    CREATE FUNCTION onerecord_outbox_message() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM onerecord_outbox_add(CASE NEW.outcome WHEN 'created' THEN 'LOGISTICS_OBJECT_CREATED' ELSE 'LOGISTICS_OBJECT_UPDATED' END, NEW.shipment_id, NULL, NULL);
      RETURN NULL;
    END $$;
    CREATE TRIGGER onerecord_outbox_messages AFTER INSERT ON cargo_messages
      FOR EACH ROW WHEN (NEW.outcome IN ('created', 'updated') AND NEW.shipment_id IS NOT NULL) EXECUTE FUNCTION onerecord_outbox_message();

    CREATE FUNCTION onerecord_outbox_posted_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM onerecord_outbox_add('LOGISTICS_EVENT_RECEIVED', NEW.shipment_id, NEW.object_id, NEW.event_id::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER onerecord_outbox_posted_events AFTER INSERT ON onerecord_events
      FOR EACH ROW EXECUTE FUNCTION onerecord_outbox_posted_event();

    CREATE FUNCTION onerecord_outbox_object() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM onerecord_outbox_add(CASE TG_OP WHEN 'INSERT' THEN 'LOGISTICS_OBJECT_CREATED' ELSE 'LOGISTICS_OBJECT_UPDATED' END, NULL, NEW.object_id, NULL);
      RETURN NULL;
    END $$;
    CREATE TRIGGER onerecord_outbox_objects_created AFTER INSERT ON onerecord_objects
      FOR EACH ROW EXECUTE FUNCTION onerecord_outbox_object();
    CREATE TRIGGER onerecord_outbox_objects_changed AFTER UPDATE OF revision ON onerecord_objects
      FOR EACH ROW WHEN (NEW.revision <> OLD.revision) EXECUTE FUNCTION onerecord_outbox_object();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER onerecord_outbox_objects_changed ON onerecord_objects;
    DROP TRIGGER onerecord_outbox_objects_created ON onerecord_objects;
    DROP TRIGGER onerecord_outbox_posted_events ON onerecord_events;
    DROP TRIGGER onerecord_outbox_messages ON cargo_messages;
    DROP TRIGGER onerecord_outbox_decisions ON shipment_events;
    DROP FUNCTION onerecord_outbox_object();
    DROP FUNCTION onerecord_outbox_posted_event();
    DROP FUNCTION onerecord_outbox_message();
    DROP FUNCTION onerecord_outbox_decision();
    DROP FUNCTION onerecord_outbox_add(text, bigint, text, text);
    DROP TABLE onerecord_delivery_leases;
    DROP TABLE onerecord_deliveries;
    DROP TABLE onerecord_outbox;
  `.execute(db);
}

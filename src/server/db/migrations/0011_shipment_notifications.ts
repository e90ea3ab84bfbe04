import { sql, type Kysely } from 'kysely';

/**
 * Shipment change notifications, on the channel of 0010: every committed change of a shipment's row,
 * its documents or its history is announced as {"k":"shipment","id":shipment,"m":…,"s":…}, so each app
 * process forgets its copy of that shipment (src/server/shipments/shipmentCache.ts). For a row of
 * `shipments`, "m" says the row came, went, or changed a column that decides which views and date
 * ranges hold it (AWB, agent, origin, destination, flight date, message date, STD), and "s" that its
 * status changed: the summary's kept counts are forgotten only then (documents and history carry
 * neither). A change of the handling lock carries the lock's state after it,
 * {"k":"handling","id","c","u","n","t","a"} ("a": milliseconds since its last renewal; no "c" when it was
 * released), so the processes apply it instead of reading it again. A change of any rule-list row is
 * announced once per statement as {"k":"ruleLists"}: a list's import touches thousands of rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION portal_notify_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      membership boolean := false;
      status_changed boolean := false;
    BEGIN
      IF TG_TABLE_NAME = 'shipments' THEN
        IF TG_OP = 'UPDATE' THEN
          membership := (OLD.awb_prefix, OLD.awb_suffix, OLD.agent_company_id, OLD.origin, OLD.destination, OLD.flight_date, OLD.message_date, OLD.std)
            IS DISTINCT FROM (NEW.awb_prefix, NEW.awb_suffix, NEW.agent_company_id, NEW.origin, NEW.destination, NEW.flight_date, NEW.message_date, NEW.std);
          status_changed := OLD.status IS DISTINCT FROM NEW.status;
        ELSE
          membership := true;
        END IF;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM pg_notify('portal_changes', json_build_object('k', 'shipment', 'id', NEW.shipment_id::text, 'm', membership, 's', status_changed)::text);
      END IF;
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.shipment_id <> NEW.shipment_id) THEN
        PERFORM pg_notify('portal_changes', json_build_object('k', 'shipment', 'id', OLD.shipment_id::text, 'm', membership, 's', status_changed)::text);
      END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION portal_notify_handling() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.shipment_id <> NEW.shipment_id) THEN
        PERFORM pg_notify('portal_changes', json_build_object('k', 'handling', 'id', OLD.shipment_id::text)::text);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM pg_notify('portal_changes', json_build_object('k', 'handling', 'id', NEW.shipment_id::text,
          'c', NEW.company_id, 'u', NEW.user_id, 'n', NEW.user_name, 't', NEW.taken_at,
          'a', floor(extract(epoch FROM clock_timestamp() - NEW.renewed_at) * 1000))::text);
      END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION portal_notify_rule_lists() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('portal_changes', '{"k":"ruleLists"}');
      RETURN NULL;
    END $$;

    CREATE TRIGGER shipments_changes AFTER INSERT OR UPDATE OR DELETE ON shipments FOR EACH ROW EXECUTE FUNCTION portal_notify_shipment();
    CREATE TRIGGER shipment_documents_changes AFTER INSERT OR UPDATE OR DELETE ON shipment_documents FOR EACH ROW EXECUTE FUNCTION portal_notify_shipment();
    CREATE TRIGGER shipment_events_changes AFTER INSERT OR UPDATE OR DELETE ON shipment_events FOR EACH ROW EXECUTE FUNCTION portal_notify_shipment();
    CREATE TRIGGER shipment_handling_changes AFTER INSERT OR UPDATE OR DELETE ON shipment_handling FOR EACH ROW EXECUTE FUNCTION portal_notify_handling();
    CREATE TRIGGER rule_list_rows_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rule_list_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_rule_lists();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER shipments_changes ON shipments;
    DROP TRIGGER shipment_documents_changes ON shipment_documents;
    DROP TRIGGER shipment_events_changes ON shipment_events;
    DROP TRIGGER shipment_handling_changes ON shipment_handling;
    DROP TRIGGER rule_list_rows_changes ON rule_list_rows;
    DROP FUNCTION portal_notify_shipment();
    DROP FUNCTION portal_notify_handling();
    DROP FUNCTION portal_notify_rule_lists();
  `.execute(db);
}

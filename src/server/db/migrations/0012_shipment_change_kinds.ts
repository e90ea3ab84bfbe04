import { sql, type Kysely } from 'kysely';

/**
 * A shipment row's notification (0011) also says what kind of change it was, so that the summary's
 * kept totals (shipmentCache.ts) are forgotten only when they may have changed: "m" when the row
 * came, went, or changed a column that decides which views and date ranges hold it (AWB, agent,
 * origin, destination, flight date, message date, STD); "s" when its status changed. Documents and
 * history carry neither: they change no total.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION portal_notify_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
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
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION portal_notify_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM pg_notify('portal_changes', json_build_object('k', 'shipment', 'id', NEW.shipment_id::text)::text);
      END IF;
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.shipment_id <> NEW.shipment_id) THEN
        PERFORM pg_notify('portal_changes', json_build_object('k', 'shipment', 'id', OLD.shipment_id::text)::text);
      END IF;
      RETURN NULL;
    END $$;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * The summary's and the overview's kept counts (src/server/shipments/shipmentCache.ts) now also count
 * what needs attention (issue 18: open, escalated and denied sanction hits, hard blocks), which moves
 * without a status change. So a shipment row's "s" (0011) says that its status, its acceptance block
 * or its sanction hits changed: the counts that depend on them are forgotten then.
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
          status_changed := (OLD.status, OLD.acceptance_block, OLD.acceptance_block_companies, OLD.sanction_hits)
            IS DISTINCT FROM (NEW.status, NEW.acceptance_block, NEW.acceptance_block_companies, NEW.sanction_hits);
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

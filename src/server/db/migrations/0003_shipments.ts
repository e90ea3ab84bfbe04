import { sql, type Kysely } from 'kysely';

/**
 * Shipments for operators: the acceptance data on the shipment, UpdateDT kept at millisecond
 * precision and strictly increasing on every change (a trigger, so that every writer obeys it),
 * documents stored in the database, the shipment history, the handling lock, the action log (the
 * spec's user log), lookup codes (MIP list and additional remarks), outbound messages, and the
 * attachment names of mail in the outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE shipments
      ADD COLUMN acceptance_block text CHECK (acceptance_block IN ('HARD', 'SOFT')),
      ADD COLUMN acceptance_block_reason text,
      ADD COLUMN acceptance_block_companies text[] NOT NULL DEFAULT '{}',
      ADD COLUMN eyeball_check jsonb,
      ADD COLUMN sanction_hits jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN compliance_checks jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN operator_remarks text NOT NULL DEFAULT '';

    UPDATE shipments SET update_dt = date_trunc('milliseconds', update_dt);

    -- UpdateDT (CONTRACTS.md): milliseconds, and strictly increasing on every change of the row.
    CREATE FUNCTION shipments_stamp_update_dt() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        NEW.update_dt := date_trunc('milliseconds', NEW.update_dt);
      ELSE
        NEW.update_dt := greatest(date_trunc('milliseconds', clock_timestamp()), OLD.update_dt + interval '1 millisecond');
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER shipments_update_dt BEFORE INSERT OR UPDATE ON shipments FOR EACH ROW EXECUTE FUNCTION shipments_stamp_update_dt();

    CREATE INDEX shipments_flight_date ON shipments (flight_date);
    -- An airline's view by flight date and status (summary filters, overview), answerable from the index alone.
    CREATE INDEX shipments_prefix_flight ON shipments (awb_prefix, flight_date, status) INCLUDE (awb_suffix, shipment_id);
    -- A ground handler's view (origin or destination one of its stations), by flight date and status, likewise.
    CREATE INDEX shipments_origin_flight ON shipments (origin, flight_date, status) INCLUDE (destination, awb_prefix, awb_suffix, shipment_id);
    CREATE INDEX shipments_destination_flight ON shipments (destination, flight_date, status) INCLUDE (origin, awb_prefix, awb_suffix, shipment_id);
    CREATE INDEX shipment_lendings_company ON shipment_lendings (company_id);
    CREATE INDEX shipments_message_date ON shipments (message_date);
    CREATE INDEX shipments_std ON shipments (std);

    CREATE TABLE shipment_documents (
      document_id bigserial PRIMARY KEY,
      shipment_id bigint NOT NULL REFERENCES shipments ON DELETE CASCADE,
      doc_type text NOT NULL CHECK (doc_type IN ('AWB', 'House Manifest', 'House AWB airline', 'Pouch')),
      pouch_kind text CHECK (pouch_kind IN ('airline', 'forwarder')),
      file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
      content_type text NOT NULL DEFAULT 'application/pdf',
      -- NULL: issued from the shipment's own data (FWB, FHL) when first opened, then kept here.
      content bytea,
      size_bytes integer,
      remarks text NOT NULL DEFAULT '',
      updated_on timestamptz NOT NULL DEFAULT now(),
      company_id text NOT NULL,
      user_id text NOT NULL,
      awaiting_acceptance boolean NOT NULL DEFAULT false,
      accepted_by text,
      accepted_at timestamptz,
      CHECK ((doc_type = 'Pouch') = (pouch_kind IS NOT NULL))
    );
    CREATE INDEX shipment_documents_shipment ON shipment_documents (shipment_id, doc_type);

    CREATE TABLE shipment_events (
      event_id bigserial PRIMARY KEY,
      shipment_id bigint NOT NULL REFERENCES shipments ON DELETE CASCADE,
      at timestamptz NOT NULL DEFAULT now(),
      kind text NOT NULL,
      description text NOT NULL,
      company_id text,
      user_id text,
      details jsonb
    );
    CREATE INDEX shipment_events_shipment ON shipment_events (shipment_id, at);

    CREATE TABLE shipment_handling (
      shipment_id bigint PRIMARY KEY REFERENCES shipments ON DELETE CASCADE,
      company_id text NOT NULL,
      user_id text NOT NULL,
      user_name text NOT NULL,
      taken_at timestamptz NOT NULL DEFAULT now(),
      renewed_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE action_log (
      log_id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      company_id text NOT NULL,
      user_id text NOT NULL,
      act_type text NOT NULL,
      doc_type text NOT NULL DEFAULT '',
      doc_name text NOT NULL DEFAULT '',
      remarks text NOT NULL DEFAULT '',
      shipment_id bigint REFERENCES shipments ON DELETE SET NULL,
      shipment_document_id bigint REFERENCES shipment_documents ON DELETE SET NULL,
      awb_prefix char(3),
      awb_suffix char(8),
      log_level smallint NOT NULL DEFAULT 2 CHECK (log_level BETWEEN 1 AND 5),
      source text NOT NULL DEFAULT 'server' CHECK (source IN ('server', 'browser')),
      ip_address text
    );
    CREATE INDEX action_log_company_at ON action_log (company_id, at DESC, log_id DESC);
    CREATE INDEX action_log_company_awb ON action_log (company_id, awb_prefix, awb_suffix);

    CREATE TABLE lookup_codes (
      lookup_type smallint NOT NULL,
      code text NOT NULL,
      description text NOT NULL,
      sort_order integer NOT NULL DEFAULT 0,
      active boolean NOT NULL DEFAULT true,
      PRIMARY KEY (lookup_type, code)
    );

    CREATE TABLE outbound_messages (
      message_id bigserial PRIMARY KEY,
      shipment_id bigint NOT NULL REFERENCES shipments ON DELETE CASCADE,
      target text NOT NULL CHECK (target IN ('ACAS', 'ACI', 'TERMINAL', 'CSS')),
      payload text NOT NULL,
      state text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'SENT', 'FAILED')),
      company_id text NOT NULL,
      user_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX outbound_messages_state ON outbound_messages (state, created_at);

    ALTER TABLE mail_outbox ADD COLUMN attachment_names text[] NOT NULL DEFAULT '{}';
  `.execute(db);

  // Reference data the decisions need, with or without the demo seed: the standard reject reasons
  // (lookup 1, for companies that keep no MIP action list of their own) and the additional remarks (lookup 11).
  const codes: [number, string, string][] = [
    [1, 'DOC', 'Documents missing or incomplete'],
    [1, 'DGR', 'Dangerous goods not declared correctly'],
    [1, 'SEC', 'Security status missing or invalid'],
    [1, 'WGT', 'Pieces or weight do not match the booking'],
    [1, 'PKG', 'Packaging not suitable for air transport'],
    [1, 'CUS', 'Customs data incomplete'],
    [1, 'HSC', 'HS code missing or invalid'],
    [1, 'SAN', 'Sanction screening match'],
    [1, 'EMB', 'Embargo applies to origin or destination'],
    [1, 'OTH', 'Other (see remarks)'],
    [11, 'RESUBMIT', 'Please resubmit a corrected FWB'],
    [11, 'DOCS', 'Please provide the missing documents'],
    [11, 'CONTACT', 'Please contact the acceptance office'],
    [11, 'HOLD', 'Cargo held at the warehouse'],
    [11, 'RETURN', 'Cargo to be returned to the shipper'],
  ];
  for (const [index, [type, code, description]] of codes.entries()) {
    await sql`INSERT INTO lookup_codes (lookup_type, code, description, sort_order) VALUES (${type}, ${code}, ${description}, ${index})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mail_outbox DROP COLUMN attachment_names;
    DROP TABLE outbound_messages, lookup_codes, action_log, shipment_handling, shipment_events, shipment_documents;
    DROP INDEX shipments_flight_date, shipments_prefix_flight, shipments_origin_flight, shipments_destination_flight, shipments_message_date, shipments_std, shipment_lendings_company;
    DROP TRIGGER shipments_update_dt ON shipments;
    DROP FUNCTION shipments_stamp_update_dt();
    ALTER TABLE shipments
      DROP COLUMN acceptance_block, DROP COLUMN acceptance_block_reason, DROP COLUMN acceptance_block_companies,
      DROP COLUMN eyeball_check, DROP COLUMN sanction_hits, DROP COLUMN compliance_checks, DROP COLUMN operator_remarks;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * The compliance engine: shipments keep the FWB and FHL they were read from (the rules engine and
 * screening read them again when a list changes), the carrier whose lists decide, the engine's
 * explanation and when automatic acceptance is due; every message received is kept as sent;
 * outbound customs and terminal messages gain delivery and acknowledgement; re-screening runs
 * keep their progress so that a restart resumes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE shipments
      ADD COLUMN carrier_id text REFERENCES companies,
      ADD COLUMN waybill jsonb,
      ADD COLUMN house_manifest jsonb,
      ADD COLUMN evaluation jsonb,
      ADD COLUMN auto_accept_at timestamptz;
    CREATE INDEX shipments_auto_accept_due ON shipments (auto_accept_at) WHERE status = 'Processing';
    CREATE INDEX shipments_carrier_open ON shipments (carrier_id, shipment_id) WHERE status IN ('New', 'Error', 'Eyeball', 'Processing');

    -- The airline owning the prefix keeps the lists that decide; rows from before the engine get theirs here.
    UPDATE shipments s SET carrier_id = c.company_id
      FROM companies c
     WHERE c.company_type_id = 1 AND s.awb_prefix = ANY(c.airline_prefixes::bpchar[]);

    CREATE TABLE cargo_messages (
      message_id bigserial PRIMARY KEY,
      received_at timestamptz NOT NULL DEFAULT now(),
      company_id text NOT NULL,
      user_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('FWB', 'FHL', 'FMA', 'FNA')),
      format text NOT NULL CHECK (format IN ('cargo-imp', 'cargo-xml')),
      awb_prefix char(3) NOT NULL,
      awb_suffix char(8) NOT NULL,
      shipment_id bigint REFERENCES shipments ON DELETE SET NULL,
      outcome text NOT NULL CHECK (outcome IN ('created', 'updated', 'unchanged', 'pending', 'acknowledged', 'rejected')),
      body text NOT NULL
    );
    CREATE INDEX cargo_messages_awb ON cargo_messages (awb_prefix, awb_suffix, received_at DESC);

    ALTER TABLE outbound_messages DROP CONSTRAINT outbound_messages_state_check;
    ALTER TABLE outbound_messages
      ADD CONSTRAINT outbound_messages_state_check CHECK (state IN ('QUEUED', 'SENT', 'ACKNOWLEDGED', 'FAILED', 'CANCELLED')),
      ADD COLUMN recipient text,
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN last_error text,
      ADD COLUMN sent_at timestamptz,
      ADD COLUMN acknowledged_at timestamptz,
      ADD COLUMN acknowledgement text,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX outbound_messages_company ON outbound_messages (company_id, created_at DESC);
    CREATE INDEX outbound_messages_shipment ON outbound_messages (shipment_id, target, created_at DESC);

    CREATE TABLE rescreen_runs (
      run_id bigserial PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies ON DELETE CASCADE,
      list_name text NOT NULL,
      reason text NOT NULL,
      requested_by text NOT NULL,
      state text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'SUPERSEDED')),
      total integer NOT NULL DEFAULT 0,
      done integer NOT NULL DEFAULT 0,
      changed integer NOT NULL DEFAULT 0,
      -- Shipments are re-evaluated in id order; this is the last one done, so a restart resumes after it.
      last_shipment_id bigint NOT NULL DEFAULT 0,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz
    );
    CREATE INDEX rescreen_runs_company ON rescreen_runs (company_id, run_id DESC);
    CREATE INDEX rescreen_runs_unfinished ON rescreen_runs (run_id) WHERE state IN ('QUEUED', 'RUNNING');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE rescreen_runs, cargo_messages;
    DROP INDEX outbound_messages_company, outbound_messages_shipment;
    ALTER TABLE outbound_messages
      DROP CONSTRAINT outbound_messages_state_check,
      DROP COLUMN recipient, DROP COLUMN attempts, DROP COLUMN last_error, DROP COLUMN sent_at,
      DROP COLUMN acknowledged_at, DROP COLUMN acknowledgement, DROP COLUMN updated_at;
    ALTER TABLE outbound_messages ADD CONSTRAINT outbound_messages_state_check CHECK (state IN ('QUEUED', 'SENT', 'FAILED'));
    DROP INDEX shipments_auto_accept_due, shipments_carrier_open;
    ALTER TABLE shipments DROP COLUMN carrier_id, DROP COLUMN waybill, DROP COLUMN house_manifest, DROP COLUMN evaluation, DROP COLUMN auto_accept_at;
  `.execute(db);
}

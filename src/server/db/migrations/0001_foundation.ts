import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE companies (
      company_id text PRIMARY KEY,
      company_name text NOT NULL,
      company_type_id smallint NOT NULL CHECK (company_type_id IN (1, 2, 3)),
      access_type smallint NOT NULL DEFAULT 1,
      is_import_forwarder boolean NOT NULL DEFAULT false,
      airline_prefixes text[] NOT NULL DEFAULT '{}',
      stations text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE roles (
      role_id text PRIMARY KEY,
      role_type smallint NOT NULL,
      role_name text NOT NULL
    );
    CREATE TABLE functions (
      function_id integer PRIMARY KEY,
      function_name text NOT NULL,
      route text NOT NULL
    );
    CREATE TABLE role_functions (
      role_id text NOT NULL REFERENCES roles ON DELETE CASCADE,
      function_id integer NOT NULL REFERENCES functions ON DELETE CASCADE,
      PRIMARY KEY (role_id, function_id)
    );
    CREATE TABLE menus (
      menu_id serial PRIMARY KEY,
      parent_id integer REFERENCES menus ON DELETE CASCADE,
      category smallint NOT NULL,
      site_type smallint NOT NULL CHECK (site_type IN (1, 2)),
      text text NOT NULL,
      url text NOT NULL,
      function_id integer REFERENCES functions ON DELETE CASCADE,
      sort_order integer NOT NULL DEFAULT 0,
      UNIQUE (site_type, text, url)
    );
    CREATE TABLE users (
      company_id text NOT NULL REFERENCES companies ON DELETE CASCADE,
      user_id text NOT NULL,
      user_name text NOT NULL,
      email text,
      password_hash text NOT NULL,
      role_id text NOT NULL REFERENCES roles,
      mfa_required boolean NOT NULL DEFAULT false,
      is_locked boolean NOT NULL DEFAULT false,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, user_id)
    );
    CREATE UNIQUE INDEX users_email_unique ON users (lower(email)) WHERE email IS NOT NULL;
    CREATE TABLE refresh_tokens (
      token_hash text PRIMARY KEY,
      family_id uuid NOT NULL,
      company_id text NOT NULL,
      user_id text NOT NULL,
      family_expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      rotated_at timestamptz,
      revoked_at timestamptz,
      FOREIGN KEY (company_id, user_id) REFERENCES users ON DELETE CASCADE
    );
    CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
    CREATE INDEX refresh_tokens_user ON refresh_tokens (company_id, user_id);
    CREATE TABLE mfa_challenges (
      mfa_token_hash text PRIMARY KEY,
      company_id text NOT NULL,
      user_id text NOT NULL,
      code_hash text,
      code_expires_at timestamptz,
      code_sent_at timestamptz,
      attempts_left smallint NOT NULL,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (company_id, user_id) REFERENCES users ON DELETE CASCADE
    );
    CREATE TABLE mfa_sessions (
      session_hash text PRIMARY KEY,
      company_id text NOT NULL,
      user_id text NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (company_id, user_id) REFERENCES users ON DELETE CASCADE
    );
    CREATE TABLE login_failures (
      id bigserial PRIMARY KEY,
      account_key text NOT NULL,
      ip_address text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_failures_account ON login_failures (account_key, failed_at);
    CREATE INDEX login_failures_address ON login_failures (ip_address, failed_at);
    CREATE TABLE envelope_tokens (
      token uuid PRIMARY KEY,
      seen_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX envelope_tokens_seen ON envelope_tokens (seen_at);
    CREATE TABLE mail_outbox (
      mail_id bigserial PRIMARY KEY,
      recipient text NOT NULL,
      subject text NOT NULL,
      body_text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      error text
    );
    CREATE TABLE audit_log (
      audit_id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      company_id text NOT NULL,
      user_id text NOT NULL,
      ip_address text,
      entity text NOT NULL,
      entity_key text NOT NULL,
      action text NOT NULL,
      before_value jsonb,
      after_value jsonb
    );
    CREATE INDEX audit_log_entity ON audit_log (entity, at DESC);
    CREATE TABLE shipments (
      shipment_id bigserial PRIMARY KEY,
      awb_prefix char(3) NOT NULL CHECK (awb_prefix ~ '^[0-9]{3}$'),
      awb_suffix char(8) NOT NULL CHECK (awb_suffix ~ '^[0-9]{8}$'),
      status text NOT NULL CHECK (status IN ('New', 'Error', 'Accept', 'Reject', 'Submit', 'Eyeball', 'Nothing', 'Processing')),
      origin char(3) NOT NULL,
      destination char(3) NOT NULL,
      pieces integer NOT NULL CHECK (pieces > 0),
      weight_kg numeric(10, 1) NOT NULL CHECK (weight_kg > 0),
      volume_m3 numeric(10, 3),
      goods_description text NOT NULL,
      special_handling_codes text[] NOT NULL DEFAULT '{}',
      shipper jsonb NOT NULL,
      consignee jsonb NOT NULL,
      notify jsonb,
      agent jsonb,
      agent_company_id text REFERENCES companies,
      routing jsonb NOT NULL,
      detail jsonb NOT NULL DEFAULT '{}',
      flight_date date NOT NULL,
      message_date timestamptz NOT NULL,
      std timestamptz,
      update_dt timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (awb_prefix, awb_suffix)
    );
    CREATE INDEX shipments_agent ON shipments (agent_company_id, awb_prefix, awb_suffix);
    CREATE INDEX shipments_origin ON shipments (origin);
    CREATE INDEX shipments_destination ON shipments (destination);
    CREATE TABLE shipment_lendings (
      shipment_id bigint NOT NULL REFERENCES shipments ON DELETE CASCADE,
      company_id text NOT NULL REFERENCES companies ON DELETE CASCADE,
      lent_by text NOT NULL REFERENCES companies,
      lent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (shipment_id, company_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE shipment_lendings, shipments, audit_log, mail_outbox, envelope_tokens, login_failures,
      mfa_sessions, mfa_challenges, refresh_tokens, users, menus, role_functions, functions, roles, companies;
  `.execute(db);
}

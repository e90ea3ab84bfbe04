import { sql, type Kysely } from 'kysely';

/**
 * Sign-in experience: privacy consents (China), password reset links, the single-use token
 * hand-over to the classic site, and the browser's client log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_consents (
      consent_id bigserial PRIMARY KEY,
      company_id text NOT NULL,
      user_id text NOT NULL,
      category_id smallint NOT NULL CHECK (category_id > 0),
      consent_version smallint NOT NULL CHECK (consent_version > 0),
      ip_address text NOT NULL,
      request_ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (company_id, user_id) REFERENCES users ON DELETE CASCADE,
      UNIQUE (company_id, user_id, category_id, consent_version)
    );
    CREATE TABLE password_resets (
      token_hash text PRIMARY KEY,
      company_id text NOT NULL,
      user_id text NOT NULL,
      requested_ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      FOREIGN KEY (company_id, user_id) REFERENCES users ON DELETE CASCADE
    );
    CREATE INDEX password_resets_user ON password_resets (company_id, user_id);
    CREATE TABLE token_handovers (
      handover_hash text PRIMARY KEY,
      company_id text NOT NULL,
      user_id text NOT NULL,
      app_id integer NOT NULL,
      request_uri text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      redeemed_at timestamptz,
      FOREIGN KEY (company_id, user_id) REFERENCES users ON DELETE CASCADE
    );
    CREATE INDEX token_handovers_expiry ON token_handovers (expires_at);
    CREATE TABLE client_logs (
      log_id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      company_id text NOT NULL,
      user_id text NOT NULL,
      log_type smallint NOT NULL CHECK (log_type BETWEEN 1 AND 5),
      message text NOT NULL,
      ip_address text,
      user_agent text
    );
    CREATE INDEX client_logs_at ON client_logs (at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE client_logs, token_handovers, password_resets, user_consents;`.execute(db);
}

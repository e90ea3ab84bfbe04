import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 1: ONE Record subscriptions partners make to the portal's server (each one a SubscriptionRequest: who
 * asked, for which organisation, the topic, the event types, its status and the statuses it had), and the
 * notifications the server receives (from partners' servers, and those it files itself for an organisation hosted
 * on it). Additive: new tables.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onerecord_subscriptions (
      request_id uuid PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies (company_id) ON DELETE CASCADE,
      user_id text,
      client_id text,
      requested_by text NOT NULL,
      subscriber text NOT NULL,
      topic_type text NOT NULL,
      topic text NOT NULL,
      event_types text[] NOT NULL,
      send_body boolean NOT NULL DEFAULT false,
      notify_status boolean NOT NULL DEFAULT false,
      description text,
      expires_at timestamptz,
      requested_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL,
      status_since timestamptz NOT NULL DEFAULT now(),
      status_history jsonb NOT NULL DEFAULT '[]',
      revoked_by text,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX onerecord_subscriptions_topic ON onerecord_subscriptions (topic) WHERE status = 'REQUEST_ACCEPTED'`.execute(db);
  await sql`
    CREATE TABLE onerecord_notifications (
      notification_id uuid PRIMARY KEY,
      recipient_company_id text REFERENCES companies (company_id) ON DELETE CASCADE,
      sender_company_id text,
      sender_user_id text,
      sender_client_id text,
      event_type text NOT NULL,
      logistics_object text,
      body jsonb NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX onerecord_notifications_recipient ON onerecord_notifications (recipient_company_id, received_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE onerecord_notifications`.execute(db);
  await sql`DROP TABLE onerecord_subscriptions`.execute(db);
}

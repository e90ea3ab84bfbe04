import { sql, type Kysely } from 'kysely';

/**
 * A new shipment is live news too (issue 19): 0013's triggers watch updates of `shipments` only, so
 * a shipment's first FWB (ingest.ts inserts the row) reached no stream and a list never learnt of
 * it. This adds kind `created`: a row inserted into `shipments`, told at commit through 0013's
 * portal_live_event like every other event (id in commit order, scope facts from the row as it is
 * at commit, NOTIFY {"k":"live"} once it commits). Its `status` is the new shipment's status, its
 * detail `{ to: status, action }`, where action is the kind of the history line the transaction
 * wrote (`FWB` for a received waybill), and its name that line's user. Of the transaction's lines
 * the newest one with a user names it: ingest's own `STATUS` line after the `FWB` one has none.
 * A browser's list that receives `created` for a shipment it does not show yet may fetch it (it
 * is in the user's scope: the stream sends it only then) or say that new shipments arrived.
 * liveStreams.ts sends `created` to a borrower too, as the summary's kinds, like `status`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION portal_live_new_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      actor text;
      action text;
    BEGIN
      SELECT coalesce(u.user_name, e.user_id), e.kind INTO actor, action
        FROM shipment_events e LEFT JOIN users u ON u.company_id = e.company_id AND u.user_id = e.user_id
       WHERE e.shipment_id = NEW.shipment_id AND e.xmin = pg_current_xact_id()::xid
       ORDER BY e.user_id IS NULL, e.event_id DESC LIMIT 1;
      -- At commit the row is read again by portal_live_event: the status it has then is the one told.
      PERFORM portal_live_event('created', NEW.shipment_id, NULL, actor,
        jsonb_build_object('to', (SELECT s.status FROM shipments s WHERE s.shipment_id = NEW.shipment_id), 'action', action));
      RETURN NULL;
    END $$;

    CREATE CONSTRAINT TRIGGER shipments_live_created AFTER INSERT ON shipments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_live_new_shipment();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER shipments_live_created ON shipments;
    DROP FUNCTION portal_live_new_shipment();
  `.execute(db);
}

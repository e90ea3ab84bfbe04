import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 4: an AWB detail page that is open learns at once that a partner's ONE Record change request to its
 * shipment came, or that one was decided, accepted, revoked or failed: a live event `oneRecordChange` (the
 * shipment's, told as its detail's events are; not a borrower's), written by a trigger in the transaction that
 * makes or moves the request, whatever does it. Additive: a trigger; the code before it ignores a kind it does not
 * know (src/domain/liveEvents.ts).
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION portal_live_onerecord_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM portal_live_event('oneRecordChange', NEW.shipment_id, NULL, NULL,
        jsonb_build_object('request', NEW.request_id, 'status', NEW.status));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER onerecord_change_made_live AFTER INSERT ON onerecord_action_requests
       FOR EACH ROW WHEN (NEW.shipment_id IS NOT NULL) EXECUTE FUNCTION portal_live_onerecord_change()`.execute(db);
  await sql`
    CREATE TRIGGER onerecord_change_moved_live AFTER UPDATE OF status ON onerecord_action_requests
       FOR EACH ROW WHEN (NEW.shipment_id IS NOT NULL AND NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION portal_live_onerecord_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER onerecord_change_moved_live ON onerecord_action_requests`.execute(db);
  await sql`DROP TRIGGER onerecord_change_made_live ON onerecord_action_requests`.execute(db);
  await sql`DROP FUNCTION portal_live_onerecord_change()`.execute(db);
}

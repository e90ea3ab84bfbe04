import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 4: partners' change requests to the objects the portal derives from its shipments, waiting for an
 * operator on the AWB detail page. Such a request names a derived object (`815-shipment`), which is no row of
 * onerecord_objects: the request keeps its shipment instead (gone with it), and a partner's object still takes its
 * requests with it when it goes (a trigger in place of the foreign key). Additive: the code before it writes and
 * reads the table as it did.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE onerecord_action_requests DROP CONSTRAINT onerecord_action_requests_object_id_fkey`.execute(db);
  await sql`ALTER TABLE onerecord_action_requests ADD COLUMN shipment_id bigint REFERENCES shipments (shipment_id) ON DELETE CASCADE`.execute(db);
  await sql`
    CREATE INDEX onerecord_action_requests_shipment ON onerecord_action_requests (shipment_id, requested_at)
     WHERE shipment_id IS NOT NULL`.execute(db);
  await sql`
    CREATE FUNCTION onerecord_object_requests_gone() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM onerecord_action_requests WHERE object_id = OLD.object_id AND shipment_id IS NULL;
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER onerecord_object_requests_gone AFTER DELETE ON onerecord_objects
       FOR EACH ROW EXECUTE FUNCTION onerecord_object_requests_gone()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER onerecord_object_requests_gone ON onerecord_objects`.execute(db);
  await sql`DROP FUNCTION onerecord_object_requests_gone()`.execute(db);
  await sql`DELETE FROM onerecord_action_requests WHERE shipment_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE onerecord_action_requests DROP COLUMN shipment_id`.execute(db);
  await sql`
    ALTER TABLE onerecord_action_requests ADD CONSTRAINT onerecord_action_requests_object_id_fkey
      FOREIGN KEY (object_id) REFERENCES onerecord_objects (object_id) ON DELETE CASCADE`.execute(db);
}

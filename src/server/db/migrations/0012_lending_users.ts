import { sql, type Kysely } from 'kysely';

/**
 * Lending from the AWB detail (issue 22, 10): each lending records the user who lent it, so the
 * owner's detail says "by whom"; and a lending's coming and going is announced as a change of its
 * shipment too (0011's {"k":"shipment"}), so every process forgets its cached detail, which tells
 * the owner to whom the shipment is lent. 0010's trigger goes on announcing the borrower's company
 * (its scope: which rows its summary shows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE shipment_lendings ADD COLUMN lent_by_user text;
    CREATE TRIGGER shipment_lendings_shipment_changes AFTER INSERT OR UPDATE OR DELETE ON shipment_lendings FOR EACH ROW EXECUTE FUNCTION portal_notify_shipment();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER shipment_lendings_shipment_changes ON shipment_lendings;
    ALTER TABLE shipment_lendings DROP COLUMN lent_by_user;
  `.execute(db);
}

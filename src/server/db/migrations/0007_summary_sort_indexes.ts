import { sql, type Kysely } from 'kysely';

/**
 * The summary's sortable columns (dbOptions.FieldName), each in the order the summary asks for it:
 * the column, then the AWB number as tie-break (src/server/shipments/summary.ts SORT_COLUMNS). A
 * page of the whole view sorted by weight then reads its first rows from an index instead of
 * sorting every shipment the company sees; the company's scope (prefixes, agent, stations) is
 * checked on the index entries as they come, which the planner prefers only while the scope is
 * common, and a small scope keeps its own index and a short sort. Origin and destination carry
 * the other station and the id, so a ground handler's "destination but not origin" part is
 * answered from the index alone. They replace the single-column indexes of the same leading
 * column, which they serve as well. MessageDate is nearly unique and already served by its
 * index; UpdateDT is not a grid column and an index on it would stop every change of a shipment
 * from being a HOT update.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX shipments_sort_status ON shipments (status, awb_prefix, awb_suffix);
    CREATE INDEX shipments_sort_origin ON shipments (origin, awb_prefix, awb_suffix) INCLUDE (destination, shipment_id);
    CREATE INDEX shipments_sort_destination ON shipments (destination, awb_prefix, awb_suffix) INCLUDE (origin, shipment_id);
    CREATE INDEX shipments_sort_flight_date ON shipments (flight_date, awb_prefix, awb_suffix);
    CREATE INDEX shipments_sort_std ON shipments ((coalesce(std, '-infinity'::timestamptz)), awb_prefix, awb_suffix);
    CREATE INDEX shipments_sort_pieces ON shipments (pieces, awb_prefix, awb_suffix);
    CREATE INDEX shipments_sort_weight ON shipments (weight_kg, awb_prefix, awb_suffix);
    DROP INDEX shipments_origin, shipments_destination, shipments_flight_date;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX shipments_origin ON shipments (origin);
    CREATE INDEX shipments_destination ON shipments (destination);
    CREATE INDEX shipments_flight_date ON shipments (flight_date);
    DROP INDEX shipments_sort_status, shipments_sort_origin, shipments_sort_destination, shipments_sort_flight_date,
      shipments_sort_std, shipments_sort_pieces, shipments_sort_weight;
  `.execute(db);
}

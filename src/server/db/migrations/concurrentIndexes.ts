/** An index a migration declares for migrateToLatest to build CONCURRENTLY first (PortalMigration.concurrentIndexes). */
export interface ConcurrentIndex {
  name: string;
  table: string;
  columns: string;
}

/** The statement of an index, CONCURRENTLY or not (a migration's up() builds it plainly: on a new database the table is empty). */
export function createIndexSql(index: ConcurrentIndex, concurrently: boolean): string {
  return `CREATE INDEX ${concurrently ? 'CONCURRENTLY ' : ''}IF NOT EXISTS ${index.name} ON ${index.table} (${index.columns})`;
}

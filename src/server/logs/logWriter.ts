import { sql, type Insertable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { ActionLogTable, ClientLogTable } from '../db/schema';

/**
 * The logs of what only reads (the user log's displays, downloads, searches and prints, and the
 * browser's client log), written in batches: at most FLUSH_MS after the answer, many requests in one
 * statement, with asynchronous commit, so that a read costs no commit (and no fsync) of its own.
 * A decision, a rule-list change or a user change logs in its own transaction instead, durable
 * before its answer (shipments/actionLog.ts writeActionLog).
 *
 * Durability of these log lines (README): in the database within FLUSH_MS of the answer, on disk
 * within about 3 × wal_writer_delay (0.6 s) after that; lost only if this process dies before the
 * batch is written, or PostgreSQL crashes before its WAL writer flushed the batch. A batch that
 * cannot be written (the database restarting) is kept and tried again, up to MAX_PENDING lines.
 */

export const FLUSH_MS = 100;

/** Every column but the key: a line gives them all (actionLogRows, the client log route). */
export type ActionLogLine = Required<Omit<Insertable<ActionLogTable>, 'log_id'>>;
export type ClientLogLine = Required<Omit<Insertable<ClientLogTable>, 'log_id'>>;
const ACTION_LOG_COLUMNS =
  'at, company_id, user_id, act_type, doc_type, doc_name, remarks, shipment_id, shipment_document_id, awb_prefix, awb_suffix, log_level, source, ip_address';
const CLIENT_LOG_COLUMNS = 'at, company_id, user_id, log_type, message, ip_address, user_agent';
const MAX_BATCH = 1000;
const MAX_PENDING = 100_000;

export interface LogWriter {
  actions(rows: readonly ActionLogLine[]): void;
  client(row: ClientLogLine): void;
  /** Writes what is pending now (a reader of the user log first sees its own lines). */
  flush(): Promise<void>;
  /** Flushes and stops. */
  close(): Promise<void>;
}

export function createLogWriter(db: Db, log: FastifyBaseLogger): LogWriter {
  let actions: ActionLogLine[] = [];
  let clients: ClientLogLine[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  const pending = () => actions.length + clients.length;

  const writeBatch = async (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    while (pending() > 0) {
      const batchActions = actions.slice(0, MAX_BATCH);
      const batchClients = clients.slice(0, MAX_BATCH);
      try {
        await db.transaction().execute(async (trx) => {
          await sql`SET LOCAL synchronous_commit = off`.execute(trx);
          // One statement text whatever the batch's size: prepared once per connection, the rows as one JSON parameter.
          if (batchActions.length > 0) {
            await sql`INSERT INTO action_log (${sql.raw(ACTION_LOG_COLUMNS)}) SELECT ${sql.raw(ACTION_LOG_COLUMNS)} FROM json_populate_recordset(NULL::action_log, ${JSON.stringify(batchActions)}::json)`.execute(
              trx,
            );
          }
          if (batchClients.length > 0) {
            await sql`INSERT INTO client_logs (${sql.raw(CLIENT_LOG_COLUMNS)}) SELECT ${sql.raw(CLIENT_LOG_COLUMNS)} FROM json_populate_recordset(NULL::client_logs, ${JSON.stringify(batchClients)}::json)`.execute(
              trx,
            );
          }
        });
      } catch (error) {
        log.warn({ err: error, pending: pending() }, 'log lines could not be written yet: kept, and tried again');
        if (!closed) schedule(1000);
        return;
      }
      actions = actions.slice(batchActions.length);
      clients = clients.slice(batchClients.length);
    }
  };

  const flush = (): Promise<void> => {
    // One batch at a time, in order.
    writing = writing.then(writeBatch, writeBatch);
    return writing;
  };

  function schedule(delayMs = FLUSH_MS): void {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), delayMs);
    timer.unref();
  }

  const added = () => {
    if (pending() > MAX_PENDING) {
      const dropped = pending() - MAX_PENDING;
      actions = actions.slice(Math.min(dropped, actions.length));
      log.error({ dropped }, 'the log backlog is full (the database has refused writes for a long time): the oldest lines are dropped');
    }
    if (pending() >= MAX_BATCH) void flush();
    else schedule();
  };

  return {
    actions(rows) {
      if (rows.length === 0) return;
      actions.push(...rows);
      added();
    },
    client(row) {
      clients.push(row);
      added();
    },
    flush,
    async close() {
      await flush();
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}

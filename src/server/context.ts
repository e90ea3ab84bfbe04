import type { Config } from './config';
import type { Db } from './db/database';
import type { Mailer } from './mail/mailer';
import type { JobQueue } from './jobs/jobQueue';
import type { ChangeFeed } from './changes/changeFeed';
import type { AccessCache } from './auth/accessCache';
import type { LogWriter } from './logs/logWriter';
import type { ShipmentCache } from './shipments/shipmentCache';
import type { Lifecycle } from './ops/probes';
import type { AppMetrics } from './ops/metrics';

/** What every route plugin is given: configuration, database, mail, the token secret, the change feed with the caches it keeps true, and the job queue. */
export interface AppContext {
  config: Readonly<Config>;
  db: Db;
  mailer: Mailer;
  jwtSecret: string;
  /** This process's change notifications (one LISTEN connection). */
  changes: ChangeFeed;
  /** The signed-in path's account, session, permission and scope cache, kept true by `changes`. */
  access: AccessCache;
  /** Shipments as the detail and the AWB search read them, the handling lock and the acceptance privileges, kept true by `changes`. */
  shipments: ShipmentCache;
  /** The batched writer of what only reads logs (displays, downloads, searches, the client log). */
  logs: LogWriter;
  /** The app's Prometheus metrics (/metrics); made by buildApp. */
  metrics?: AppMetrics;
  /** Whether the instance drains before it stops (/readyz answers 503); absent where nothing stops it (tests). */
  lifecycle?: Lifecycle;
  /** The job queue; absent where no queue was started (tests that do not need one). */
  jobs?: JobQueue;
}

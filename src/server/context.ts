import type { Config } from './config';
import type { Db } from './db/database';
import type { Mailer } from './mail/mailer';
import type { JobQueue } from './jobs/jobQueue';

/** What every route plugin is given: configuration, database, mail, the token secret and the job queue. */
export interface AppContext {
  config: Readonly<Config>;
  db: Db;
  mailer: Mailer;
  jwtSecret: string;
  /** The job queue; absent where no queue was started (tests that do not need one). */
  jobs?: JobQueue;
}

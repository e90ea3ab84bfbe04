import type { Config } from './config';
import type { Db } from './db/database';
import type { Mailer } from './mail/mailer';

/** What every route plugin is given: configuration, database, mail and the token secret. */
export interface AppContext {
  config: Readonly<Config>;
  db: Db;
  mailer: Mailer;
  jwtSecret: string;
}

import { rescreenChunk } from '../../../src/server/compliance/rescreen';
import type { Db } from '../../../src/server/db/database';

/** Runs a re-screening run's chunks in turn, as the job queue would, until it is done (or gone). */
export async function runToTheEnd(db: Db, runId: string): Promise<void> {
  for (let chunk = 0; chunk < 50; chunk++) if ((await rescreenChunk({ db, autoAcceptDelaySeconds: 60 }, runId)) !== 'more') return;
  throw new Error('the run did not finish');
}

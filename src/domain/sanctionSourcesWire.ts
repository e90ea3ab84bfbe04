import type { SourceId, SourceProblem } from './screening/sources/model';

/**
 * The Sanction Sources calls' answers (issue 34), as the server writes them (src/server/sanctionSources) and the page
 * reads them (src/app/sanctionSources).
 */

/** upload: an admin's; schedule: the refresh (SANCTIONS_SOURCES); seed: the demo world. */
export type ImportVia = 'upload' | 'schedule' | 'seed';

/** One imported version of a source. */
export interface SourceVersionWire {
  VersionId: string;
  Source: SourceId;
  /** SHA-256, hex (of an OFAC set: of its files' hashes by part). */
  FileHash: string;
  /** "sdn.csv, alt.csv". */
  FileNames: string;
  PublishedAt: string | null;
  ImportedAt: string;
  /** null: the schedule or the demo world imported it (see Via). */
  ImportedBy: string | null;
  Via: ImportVia;
  Entries: number;
  Aliases: number;
  WeakAliases: number;
  Added: number;
  Removed: number;
  Changed: number;
}

/** An import or a refresh; the page shows the refused and failed ones (the current version stayed). */
export interface SourceAttemptWire {
  AttemptId: string;
  Source: SourceId;
  At: string;
  Via: ImportVia;
  RequestedBy: string | null;
  Outcome: 'imported' | 'unchanged' | 'refused' | 'failed';
  Reason: string | null;
  Problems: SourceProblem[];
}

/**
 * Bulletins: operational notices (embargoes, station closures, system maintenance) shown on the
 * bulletin page, the landing page after the alternative sign-in (spec 2). A bulletin is for one
 * company or, without a company, for every company.
 */

export const BULLETIN_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type BulletinSeverity = (typeof BULLETIN_SEVERITIES)[number];

/** One bulletin as GET /userapi/bulletins answers it; `body` is plain text (line breaks kept, no markup). */
export interface Bulletin {
  bulletin_id: string;
  company_id: string | null;
  severity: BulletinSeverity;
  title: string;
  body: string;
  /** ISO 8601 UTC. */
  published_at: string;
}

/** The answer of GET /userapi/bulletins: the bulletins in force for the user's company, newest first. */
export interface BulletinsAnswer {
  status: number;
  data: { total: number; rows: Bulletin[] };
}

/** How many bulletins the page shows at most (the newest). */
export const BULLETIN_PAGE_SIZE = 50;

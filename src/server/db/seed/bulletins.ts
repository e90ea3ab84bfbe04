import { addDays, addHours, format, startOfDay } from 'date-fns';
import type { Insertable } from 'kysely';
import type { Db } from '../database';
import type { BulletinTable } from '../schema';

/**
 * The demo world's bulletins: embargo notices, station closures and system maintenance, some for
 * every company and some for one, dated around the day of the seed. One of them has expired and one
 * is not published yet, so the page's rules show on the demo data. Seeded once (an empty table).
 */
export function demoBulletins(today: Date): Insertable<BulletinTable>[] {
  const day = startOfDay(today);
  const at = (days: number, hours = 0) => addHours(addDays(day, days), hours);
  const date = (days: number) => format(at(days), 'EEEE d MMMM yyyy');
  const created_by = 'ops.control';
  return [
    {
      company_id: null,
      severity: 'warning',
      title: 'Planned maintenance of the portal',
      body: [
        `The portal will be unavailable on ${date(4)} from 02:00 to 04:00 UTC while the database servers are upgraded.`,
        'AWB search, documents and acceptance are affected. FWB and FHL messages received during the window are processed when the portal is back.',
        'Please plan urgent acceptances before the window.',
      ].join('\n'),
      published_at: at(-1, 9),
      expires_at: at(5),
      created_by,
    },
    {
      company_id: null,
      severity: 'critical',
      title: 'Embargo: lithium batteries (UN3480) on passenger aircraft',
      body: [
        'Lithium ion batteries shipped on their own (UN3480, PI965) are not accepted as cargo on passenger aircraft. Book them on cargo aircraft only (CAO).',
        'Shipments found on passenger flights are rejected at acceptance and must be rebooked.',
      ].join('\n'),
      published_at: at(-3, 7),
      expires_at: null,
      created_by,
    },
    {
      company_id: null,
      severity: 'info',
      title: 'Sanction list updated',
      body: 'The sanction list was refreshed from the latest OFAC SDN publication. Open shipments are screened again overnight; some may move to Eyeball for a manual check.',
      published_at: at(-6, 14),
      expires_at: null,
      created_by,
    },
    {
      company_id: 'DEMOAIR',
      severity: 'critical',
      title: 'Station closure: HKG cargo terminal, typhoon signal 8',
      body: [
        `The HKG cargo terminal is closed from ${date(0)} 18:00 local time while typhoon signal 8 is in force.`,
        'No acceptance or delivery at HKG until the signal is lowered. Shipments already accepted for flights out of HKG are held in the terminal and rebooked automatically.',
      ].join('\n'),
      published_at: addHours(today, -2),
      expires_at: at(3),
      created_by,
    },
    {
      company_id: 'DEMOAIR',
      severity: 'warning',
      title: 'Embargo: live animals (AVI) via FRA',
      body: 'Until further notice, live animals (AVI) are not accepted for routings via FRA: the animal lounge is being renovated. Route AVI shipments via AMS.',
      published_at: at(-2, 10),
      expires_at: null,
      created_by,
    },
    {
      company_id: 'DEMOFWD',
      severity: 'info',
      title: 'Earlier cut-off for exports to LHR in peak season',
      body: 'From next Monday, the latest acceptance time for exports to LHR moves two hours earlier, to 6 hours before departure, until the end of the peak season.',
      published_at: at(-1, 15),
      expires_at: null,
      created_by,
    },
    {
      company_id: 'DEMOGHA',
      severity: 'warning',
      title: 'SIN: acceptance counter 3 closed for refurbishment',
      body: 'Acceptance counter 3 at the SIN terminal is closed this week. Please use counters 1 and 2; expect longer waiting times in the evening peak.',
      published_at: at(-2, 8),
      expires_at: at(6),
      created_by,
    },
    {
      // Expired: kept for the record, no longer shown.
      company_id: null,
      severity: 'warning',
      title: 'Delayed FWB processing',
      body: 'FWB messages were processed with a delay of up to 30 minutes. The backlog has been cleared.',
      published_at: at(-20, 9),
      expires_at: at(-18),
      created_by,
    },
    {
      // Not published yet: it shows from its publication time.
      company_id: null,
      severity: 'info',
      title: 'New document type: eCSD',
      body: 'Electronic Consignment Security Declarations (eCSD) can be printed from the AWB detail page.',
      published_at: at(10, 8),
      expires_at: null,
      created_by,
    },
  ];
}

/** Seeds the demo bulletins into an empty table (idempotent: a table with any bulletin is left alone). */
export async function seedBulletins(db: Db, today: Date = new Date()): Promise<void> {
  const existing = await db.selectFrom('bulletins').select('bulletin_id').limit(1).executeTakeFirst();
  if (existing) return;
  await db.insertInto('bulletins').values(demoBulletins(today)).execute();
}

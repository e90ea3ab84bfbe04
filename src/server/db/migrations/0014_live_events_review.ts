import { sql, type Kysely } from 'kysely';

/**
 * Review of 0013's live events (issue 19), as a migration of its own since 0013 may be applied:
 * - a sanction hit counts as open while it blocks acceptance, OPEN or ESCALATED as
 *   domain/sanctionReview.ts hitBlocksAcceptance says: escalating a hit is not resolving it;
 * - the lock that numbers the events in commit order is the two-key advisory lock of a class of its
 *   own, LIVE_EVENTS_LOCK_CLASS, apart from the one-key space of hashtext() locks (ingest.ts's
 *   'awb:…' locks), where a collision would join two unrelated locks and could deadlock; the other
 *   classes are auth/loginThrottle.ts's 7301 and 7302.
 */
export const LIVE_EVENTS_LOCK_CLASS = 7401;

/** The hits of `hits` in `states`. */
const openHits = (hits: string, states: string) =>
  `(SELECT count(*) FROM jsonb_array_elements(${hits}) h WHERE coalesce(h->>'state', CASE WHEN h ? 'action' AND h->'action' <> 'null' THEN 'CLEARED' ELSE 'OPEN' END) IN (${states}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceFunctions(db, `${LIVE_EVENTS_LOCK_CLASS}, 0`, "'OPEN', 'ESCALATED'");
}

/** Back to 0013's lock and count. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceFunctions(db, "hashtext('portal_live_events')", "'OPEN'");
}

async function replaceFunctions(db: Kysely<unknown>, lockKeys: string, openStates: string): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION portal_live_event(p_kind text, p_shipment_id bigint, p_company_id text, p_by text, p_detail jsonb) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      e live_events;
    BEGIN
      -- One committing transaction numbers its events at a time: ids in commit order.
      PERFORM pg_advisory_xact_lock(${sql.raw(lockKeys)});
      IF p_shipment_id IS NULL THEN
        INSERT INTO live_events (kind, company_id, by_name, detail) VALUES (p_kind, p_company_id, left(p_by, 200), p_detail) RETURNING * INTO e;
      ELSE
        INSERT INTO live_events (kind, shipment_id, awb_prefix, awb_suffix, status, agent_company_id, origin, destination, by_name, detail)
        SELECT p_kind, s.shipment_id, s.awb_prefix, s.awb_suffix, s.status, s.agent_company_id, s.origin, s.destination, left(p_by, 200), p_detail
          FROM shipments s WHERE s.shipment_id = p_shipment_id
        RETURNING * INTO e;
        IF e.event_id IS NULL THEN RETURN; END IF;
      END IF;
      PERFORM pg_notify('portal_changes', json_build_object('k', 'live', 'e', row_to_json(e))::text);
    END $$;

    CREATE OR REPLACE FUNCTION portal_live_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      actor text;
      action text;
      open_before integer;
      open_after integer;
      told boolean := false;
    BEGIN
      -- Who: the history line this transaction wrote for the shipment (decisions write theirs after the update; the trigger runs at commit).
      SELECT coalesce(u.user_name, e.user_id), e.kind INTO actor, action
        FROM shipment_events e LEFT JOIN users u ON u.company_id = e.company_id AND u.user_id = e.user_id
       WHERE e.shipment_id = NEW.shipment_id AND e.xmin = pg_current_xact_id()::xid
       ORDER BY e.event_id DESC LIMIT 1;
      IF OLD.status IS DISTINCT FROM NEW.status OR OLD.eyeball_check IS DISTINCT FROM NEW.eyeball_check THEN
        PERFORM portal_live_event(CASE WHEN action IN ('ACCEPT', 'REJECT', 'MARK') THEN 'decision' ELSE 'status' END, NEW.shipment_id, NULL, actor,
          jsonb_build_object('from', OLD.status, 'to', NEW.status, 'action', action));
        told := true;
      END IF;
      IF OLD.waybill IS DISTINCT FROM NEW.waybill OR OLD.house_manifest IS DISTINCT FROM NEW.house_manifest THEN
        PERFORM portal_live_event('data', NEW.shipment_id, NULL, actor,
          jsonb_build_object('fwb', OLD.waybill IS DISTINCT FROM NEW.waybill, 'fhl', OLD.house_manifest IS DISTINCT FROM NEW.house_manifest));
        told := true;
      END IF;
      IF OLD.sanction_hits IS DISTINCT FROM NEW.sanction_hits THEN
        -- Open: blocking acceptance (OPEN or ESCALATED), as hitBlocksAcceptance counts them.
        open_before := ${sql.raw(openHits('OLD.sanction_hits', openStates))};
        open_after := ${sql.raw(openHits('NEW.sanction_hits', openStates))};
        IF open_before <> open_after THEN
          PERFORM portal_live_event('sanction', NEW.shipment_id, NULL, actor,
            jsonb_build_object('open', open_after, 'change', CASE WHEN open_after > open_before THEN 'raised' ELSE 'resolved' END));
          told := true;
        END IF;
      END IF;
      IF NOT told THEN
        PERFORM portal_live_event('changed', NEW.shipment_id, NULL, actor, jsonb_build_object('action', action));
      END IF;
      RETURN NULL;
    END $$;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * The live event log (issue 19): what the browsers' event streams carry, written by the database in
 * the transaction of the change, so no write path can forget it and a rolled-back change leaves none.
 * A row is a small event about a shipment (or, for re-screening, a company): its kind, the shipment's
 * AWB and status, the facts its company scope is decided on (prefix, agent, origin, destination),
 * who (a display name) and when. After the row, the event itself is announced on 0010's channel
 * `portal_changes` as {"k":"live","e":row}, which PostgreSQL delivers only once it commits.
 *
 * The triggers are deferred to the commit and take one transaction-level advisory lock before they
 * number their events, so event ids follow the commit order: a stream that has seen id N has seen
 * every committed event below N, and a reconnecting browser's Last-Event-ID replays exactly what it
 * missed. The log is pruned by age and count (pruneLiveEvents); `live_events_pruned` keeps the
 * highest id pruned, so an id older than the window is told to reload instead of missing events.
 *
 * Kinds: `decision` (status or eyeball check changed by an accept, reject or mark), `status` (any
 * other status change: a received FWB/FHL, re-screening, automatic acceptance), `data` (FWB or FHL
 * data updated), `sanction` (open sanction hits raised or resolved), `changed` (any other change of
 * the shipment's row), `lock` (handling lock taken or released, with the holder's name), `outbound`
 * (an outbound message's state), `rescreen` (a company's re-screening run's progress).
 * The name of a shipment change is the user of the history line the same transaction wrote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE live_events (
      event_id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      kind text NOT NULL,
      shipment_id bigint,
      -- A company's own event (re-screening); null for a shipment's.
      company_id text,
      awb_prefix char(3),
      awb_suffix char(8),
      status text,
      agent_company_id text,
      origin char(3),
      destination char(3),
      by_name text,
      detail jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX live_events_at ON live_events (at);

    CREATE TABLE live_events_pruned (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      through_id bigint NOT NULL DEFAULT 0
    );
    INSERT INTO live_events_pruned DEFAULT VALUES;

    CREATE FUNCTION portal_live_event(p_kind text, p_shipment_id bigint, p_company_id text, p_by text, p_detail jsonb) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      e live_events;
    BEGIN
      -- One committing transaction numbers its events at a time: ids in commit order.
      PERFORM pg_advisory_xact_lock(hashtext('portal_live_events'));
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

    CREATE FUNCTION portal_live_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
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
        SELECT count(*) INTO open_before FROM jsonb_array_elements(OLD.sanction_hits) h WHERE coalesce(h->>'state', CASE WHEN h ? 'action' AND h->'action' <> 'null' THEN 'CLEARED' ELSE 'OPEN' END) = 'OPEN';
        SELECT count(*) INTO open_after FROM jsonb_array_elements(NEW.sanction_hits) h WHERE coalesce(h->>'state', CASE WHEN h ? 'action' AND h->'action' <> 'null' THEN 'CLEARED' ELSE 'OPEN' END) = 'OPEN';
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

    CREATE FUNCTION portal_live_handling() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM portal_live_event('lock', OLD.shipment_id, NULL, OLD.user_name, jsonb_build_object('held', false));
      ELSIF TG_OP = 'INSERT' OR (OLD.company_id, OLD.user_id) IS DISTINCT FROM (NEW.company_id, NEW.user_id) THEN
        -- A renewal (the same holder) is no news.
        PERFORM portal_live_event('lock', NEW.shipment_id, NULL, NEW.user_name, jsonb_build_object('held', true));
      END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION portal_live_outbound() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR OLD.state IS DISTINCT FROM NEW.state THEN
        PERFORM portal_live_event('outbound', NEW.shipment_id, NULL, NULL,
          jsonb_build_object('messageId', NEW.message_id::text, 'target', NEW.target, 'state', NEW.state));
      END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION portal_live_rescreen() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR (OLD.state, OLD.done, OLD.total) IS DISTINCT FROM (NEW.state, NEW.done, NEW.total) THEN
        PERFORM portal_live_event('rescreen', NULL, NEW.company_id, NULL,
          jsonb_build_object('runId', NEW.run_id::text, 'list', NEW.list_name, 'state', NEW.state, 'done', NEW.done, 'total', NEW.total, 'changed', NEW.changed));
      END IF;
      RETURN NULL;
    END $$;

    CREATE CONSTRAINT TRIGGER shipments_live AFTER UPDATE ON shipments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_live_shipment();
    CREATE CONSTRAINT TRIGGER shipment_handling_live AFTER INSERT OR UPDATE OR DELETE ON shipment_handling DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_live_handling();
    CREATE CONSTRAINT TRIGGER outbound_messages_live AFTER INSERT OR UPDATE ON outbound_messages DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_live_outbound();
    CREATE CONSTRAINT TRIGGER rescreen_runs_live AFTER INSERT OR UPDATE ON rescreen_runs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_live_rescreen();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER shipments_live ON shipments;
    DROP TRIGGER shipment_handling_live ON shipment_handling;
    DROP TRIGGER outbound_messages_live ON outbound_messages;
    DROP TRIGGER rescreen_runs_live ON rescreen_runs;
    DROP FUNCTION portal_live_shipment();
    DROP FUNCTION portal_live_handling();
    DROP FUNCTION portal_live_outbound();
    DROP FUNCTION portal_live_rescreen();
    DROP FUNCTION portal_live_event(text, bigint, text, text, jsonb);
    DROP TABLE live_events, live_events_pruned;
  `.execute(db);
}

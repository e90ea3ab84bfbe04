import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEventRow } from '../live/liveEventLog';

/**
 * The one change-notification mechanism of ARCHITECTURE.md: each app process LISTENs on one
 * dedicated connection to the channel `portal_changes`, where the database announces every committed
 * change of accounts, sessions, permissions and companies (migration 0010's triggers), and hands each
 * event to the process's subscribers (the access cache, and what else follows changes).
 *
 * While the connection is down the feed is not live: caches must not answer from memory then, since
 * events may be missed. When it is back (and listening again), subscribers are told to forget
 * everything before the feed says it is live.
 */

export const CHANGE_CHANNEL = 'portal_changes';

export type ChangeEvent =
  | { k: 'sync'; id: string }
  | { k: 'account'; c: string; u: string }
  | { k: 'company'; c: string }
  | { k: 'role'; r: string }
  | { k: 'session'; s: string }
  | { k: 'menus' }
  /** `m`: the row came, went or moved between views or date ranges; `s`: its status changed (rows of the shipments table only). */
  | { k: 'shipment'; id: string; m?: boolean; s?: boolean }
  /** The handling lock after the change: its holder and the milliseconds since its renewal (`a`), or none (no `c`) when it was released. */
  | { k: 'handling'; id: string; c?: string; u?: string; n?: string; t?: string; a?: number }
  | { k: 'ruleLists' }
  /** A ONE Record client revoked or gone (migration 0028). */
  | { k: 'oneRecordClient'; id: string }
  /** Something for the ONE Record subscribers in the outbox (migration 0031). */
  | { k: 'oneRecordOutbox' }
  /** A live event for the browsers' streams (migration 0013), as its row of `live_events` reads in JSON. */
  | { k: 'live'; e: LiveEventRow };

export interface ChangeSubscriber {
  onChange(event: ChangeEvent): void;
  /** Events may have been missed: forget everything learnt so far. */
  onReset(): void;
}

export interface ChangeFeed {
  /** True while the listening connection is up: events are arriving. */
  isLive(): boolean;
  /**
   * Resolves once every change committed before the call has reached this process's subscribers:
   * a marker is sent through the channel, and notifications arrive in commit order. A route that
   * changed an account answers after it, so the same instance never serves the old account again.
   */
  sync(): Promise<void>;
  subscribe(subscriber: ChangeSubscriber): () => void;
  close(): Promise<void>;
}

function parseEvent(payload: string | undefined): ChangeEvent | undefined {
  try {
    const event = JSON.parse(payload ?? '') as ChangeEvent;
    return typeof event === 'object' && event !== null && typeof event.k === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts listening; resolves once the first LISTEN is in place (so a new app instance is live from
 * its first request). Reconnects with back-off (up to 5 s) after the connection drops.
 */
export async function startChangeFeed(connectionString: string, log: FastifyBaseLogger): Promise<ChangeFeed> {
  const subscribers = new Set<ChangeSubscriber>();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delayMs = 250;
  const markers = new Map<string, () => void>();

  const reset = () => {
    for (const subscriber of subscribers) subscriber.onReset();
    // Whoever waits for a marker gets a cleared cache instead, which serves as well.
    for (const arrived of markers.values()) arrived();
    markers.clear();
  };

  const lost = (reason: unknown) => {
    if (!live && client === undefined) return;
    live = false;
    reset();
    const gone = client;
    client = undefined;
    gone?.removeAllListeners();
    gone?.on('error', () => undefined);
    void gone?.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err: reason }, 'the change feed lost its connection: caches answer from the database until it is back');
    retryTimer = setTimeout(() => void connect().catch(() => undefined), delayMs);
    retryTimer.unref();
    delayMs = Math.min(delayMs * 2, 5000);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, keepAlive: true, application_name: 'portal-change-feed' });
    next.on('error', (error) => lost(error));
    next.on('end', () => lost(new Error('connection ended')));
    next.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      const event = parseEvent(message.payload);
      if (!event) return;
      if (event.k === 'sync') {
        markers.get(event.id)?.();
        markers.delete(event.id);
        return;
      }
      for (const subscriber of subscribers) subscriber.onChange(event);
    });
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      if (client === next) lost(error);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    // What changed while nobody listened is unknown: forget, then trust the feed again.
    reset();
    live = true;
    delayMs = 250;
  };

  try {
    await connect();
  } catch (error) {
    closed = true;
    if (retryTimer) clearTimeout(retryTimer);
    throw error;
  }
  return {
    isLive: () => live,
    async sync() {
      const listening = client;
      if (!live || !listening) return; // nothing is served from memory meanwhile
      const id = randomUUID();
      const arrived = new Promise<void>((resolve) => markers.set(id, resolve));
      try {
        await listening.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify({ k: 'sync', id })]);
      } catch {
        reset();
        return;
      }
      const late = setTimeout(() => {
        // The marker is lost or late: forget everything rather than trust what may be stale.
        if (markers.delete(id)) reset();
      }, 1000);
      await arrived;
      clearTimeout(late);
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      closed = true;
      live = false;
      if (retryTimer) clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      last?.on('error', () => undefined);
      await last?.end().catch(() => undefined);
      reset();
    },
  };
}

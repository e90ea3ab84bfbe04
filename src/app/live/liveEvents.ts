import type { LiveEvent } from '../../domain/liveEvents';

/**
 * The browser side of the live event stream (issue 19): ONE EventSource per tab, shared by every
 * screen that listens. EventSource cannot send headers, so each connection starts with a fresh
 * single-use ticket (POST /awbapi/eventticket) and carries the last event id seen as `lastEventId=`;
 * the browser's own reconnect (which would reuse the spent ticket) is never relied on: on any error
 * the source is closed and opened anew after a backoff. The server's `reset` (the gap is older than
 * its log) and a first connection after a failure without any position tell the screens to reload
 * what they show. While the stream is not live, screens poll (useLiveFallback).
 */

/** connecting: the first try (or a reconnect right after a drop); live: events flow; down: the screens poll until it is back. */
export type LiveState = 'connecting' | 'live' | 'down';

export interface LiveHandlers {
  /** An event the user may see, in id order. */
  onEvent?(event: LiveEvent): void;
  /** Events may have been missed: reload what the screen shows. */
  onReset?(): void;
}

export interface LiveEvents {
  /** Listens; the stream opens with the first listener and closes a little after the last one left. */
  subscribe(handlers: LiveHandlers): () => void;
  readonly state: LiveState;
  /** Called on every change of `state`. */
  onState(listener: () => void): () => void;
  /** Ends the stream for good (sign-out). */
  close(): void;
}

/** The ticket call failed for good (no shipment function, signed out): no retry. */
export class LiveRefused extends Error {
  override readonly name = 'LiveRefused';
}

export interface LiveOptions {
  /** A new ticket: the stream's absolute URL (with `?ticket=`). Rejects with LiveRefused when retrying cannot help. */
  openStreamUrl(): Promise<string>;
  EventSource: new (url: string) => EventSource;
  /** Backoff between failed connections: first, doubled up to max, with up to a quarter of jitter. */
  retryMs?: { first: number; max: number };
  /** How long the stream stays open after the last listener left (moving between screens re-subscribes). */
  idleCloseMs?: number;
  random?: () => number;
}

export const LIVE_RETRY_MS = { first: 1000, max: 30_000 } as const;
const IDLE_CLOSE_MS = 5000;

export function createLiveEvents(options: LiveOptions): LiveEvents {
  const retry = options.retryMs ?? LIVE_RETRY_MS;
  const random = options.random ?? Math.random;
  const listeners = new Set<LiveHandlers>();
  const stateListeners = new Set<() => void>();
  let state: LiveState = 'connecting';
  let source: EventSource | undefined;
  let lastId: string | undefined;
  let failures = 0;
  /** Set after a failure while no event id was known: the first `ready` tells the screens to reload. */
  let resync = false;
  /** Bumped on every (re)connection and stop, so that a late ticket or event of an old one is dropped. */
  let generation = 0;
  let running = false;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function setState(next: LiveState) {
    if (state === next) return;
    state = next;
    for (const listener of [...stateListeners]) listener();
  }

  function each(call: (handlers: LiveHandlers) => void) {
    for (const handlers of [...listeners]) {
      try {
        call(handlers);
      } catch (error) {
        // One screen's mistake does not keep the event from the others.
        console.error(error);
      }
    }
  }

  function stop() {
    running = false;
    generation++;
    clearTimeout(retryTimer);
    source?.close();
    source = undefined;
  }

  function failed(permanent: boolean) {
    source?.close();
    source = undefined;
    generation++;
    if (!running) return;
    const wasLive = state === 'live';
    if (lastId === undefined) resync = true;
    if (permanent) {
      setState('down');
      running = false;
      return;
    }
    failures++;
    // A stream that was live is tried again at once before the screens fall back to polling.
    setState(wasLive ? 'connecting' : 'down');
    const base = wasLive ? retry.first : Math.min(retry.max, retry.first * 2 ** (failures - 1));
    retryTimer = setTimeout(connect, base + Math.floor(random() * base * 0.25));
  }

  function becameLive(id: string) {
    if (id) lastId = id;
    failures = 0;
    setState('live');
  }

  async function connect() {
    const mine = ++generation;
    let url: string;
    try {
      url = await options.openStreamUrl();
    } catch (error) {
      if (mine === generation) failed(error instanceof LiveRefused);
      return;
    }
    if (mine !== generation || !running) return;
    const opened = new options.EventSource(lastId === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(lastId)}`);
    source = opened;
    const current = () => mine === generation && source === opened;
    opened.addEventListener('ready', (event) => {
      if (!current()) return;
      becameLive((event as MessageEvent).lastEventId);
      if (resync) {
        resync = false;
        each((handlers) => handlers.onReset?.());
      }
    });
    opened.addEventListener('reset', (event) => {
      if (!current()) return;
      resync = false;
      becameLive((event as MessageEvent).lastEventId);
      each((handlers) => handlers.onReset?.());
    });
    opened.addEventListener('message', (event) => {
      if (!current()) return;
      const message = event as MessageEvent<string>;
      let parsed: LiveEvent;
      try {
        parsed = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      // Replayed events come before `ready`: they count as live already.
      becameLive(message.lastEventId);
      each((handlers) => handlers.onEvent?.(parsed));
    });
    opened.addEventListener('error', () => {
      // EventSource would reconnect by itself with the spent ticket: a new one is asked for instead.
      if (current()) failed(false);
    });
  }

  function start() {
    if (running || closed) return;
    running = true;
    failures = 0;
    setState('connecting');
    // In a task of its own: the screens subscribe as they first mount, and asking for the ticket (a request) need not
    // lengthen the task that shows them, the longest of a page's load (issue 16). stop() cancels it as a retry.
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, 0);
  }

  return {
    subscribe(handlers) {
      listeners.add(handlers);
      clearTimeout(idleTimer);
      start();
      return () => {
        listeners.delete(handlers);
        if (listeners.size > 0) return;
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
          if (listeners.size === 0) stop();
        }, options.idleCloseMs ?? IDLE_CLOSE_MS);
      };
    },
    get state() {
      return state;
    },
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    close() {
      closed = true;
      clearTimeout(idleTimer);
      stop();
      setState('down');
    },
  };
}

/** Where no stream can be had (no EventSource, as in jsdom; a user without the shipment function): always down, so screens poll. */
export const inertLiveEvents: LiveEvents = {
  subscribe: () => () => undefined,
  state: 'down',
  onState: () => () => undefined,
  close: () => undefined,
};

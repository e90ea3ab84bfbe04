import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { HttpClient } from '../../../dataProviders/httpClient';
import { sessionStore } from '../../../dataProviders/sessionStore';
import { hasTokens } from '../../../dataProviders/tokenCookies';
import { FunctionId } from '../../domain/access';
import type { LiveEvent } from '../../domain/liveEvents';
import { createLiveEvents, inertLiveEvents, LiveRefused, type LiveEvents, type LiveState } from './liveEvents';

/** How often a screen polls while the stream is down (the old 30-second check of the detail page). */
export const LIVE_FALLBACK_POLL_MS = 30_000;

/** The tab's stream; without a provider (component specs) or without EventSource it is inert and screens poll. */
export const LiveEventsContext = createContext<LiveEvents>(inertLiveEvents);

/** POST /awbapi/eventticket: the stream's address with a new single-use ticket. */
export async function openStreamUrl(httpClient: HttpClient): Promise<string> {
  if (!hasTokens()) throw new LiveRefused('signed out');
  const answer = await httpClient.api<{ status?: number; data?: { Url?: unknown } }>('/awbapi/eventticket', { method: 'POST', validateStatus: false });
  const url = answer.json?.data?.Url;
  if (answer.status === 200 && answer.json?.status === 1 && typeof url === 'string') return httpClient.apiUrl(url);
  // A refusal of the function or of the session is not cured by asking again; anything else may be.
  if (answer.status === 401 || answer.status === 403) throw new LiveRefused(`HTTP ${answer.status}`);
  throw new Error(`event ticket: HTTP ${answer.status}`);
}

/**
 * Opens the tab's one stream for the signed-in screens (the admin app) and ends it when they go:
 * signing out leaves the admin app, and so closes the stream.
 */
export function LiveEventsProvider({ httpClient, children }: { httpClient: HttpClient; children: ReactNode }) {
  const [live, setLive] = useState<LiveEvents>(inertLiveEvents);
  useEffect(() => {
    if (typeof EventSource === 'undefined' || !sessionStore.get()?.functionList.includes(FunctionId.SHIPMENT)) return;
    const stream = createLiveEvents({ openStreamUrl: () => openStreamUrl(httpClient), EventSource });
    setLive(stream);
    return () => {
      stream.close();
      setLive(inertLiveEvents);
    };
  }, [httpClient]);
  return <LiveEventsContext.Provider value={live}>{children}</LiveEventsContext.Provider>;
}

export function useLiveState(): LiveState {
  const live = useContext(LiveEventsContext);
  return useSyncExternalStore(
    (listener) => live.onState(listener),
    () => live.state,
    () => live.state,
  );
}

/**
 * Calls `onEvent` for each event and `onReset` when events may have been missed, for as long as the
 * component is mounted; the latest callbacks are used without subscribing again.
 */
export function useLiveEvents(onEvent: (event: LiveEvent) => void, onReset?: () => void): void {
  const live = useContext(LiveEventsContext);
  const latest = useRef({ onEvent, onReset });
  latest.current = { onEvent, onReset };
  useEffect(
    () =>
      live.subscribe({
        onEvent: (event) => latest.current.onEvent(event),
        onReset: () => latest.current.onReset?.(),
      }),
    [live],
  );
}

/**
 * The page still works without the stream: while it is down, `poll` runs every
 * LIVE_FALLBACK_POLL_MS and whenever the tab becomes visible again; once it is back, polling stops.
 */
export function useLiveFallback(poll: () => void, intervalMs = LIVE_FALLBACK_POLL_MS): void {
  const down = useLiveState() === 'down';
  const latest = useRef(poll);
  latest.current = poll;
  useEffect(() => {
    if (!down) return;
    const check = () => {
      if (document.visibilityState !== 'hidden') latest.current();
    };
    const timer = setInterval(check, intervalMs);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [down, intervalMs]);
}

import { useSyncExternalStore } from 'react';
import { APP_BASE } from './paths';

/**
 * One browser history for the whole app. The small shell (login, error pages) reads it without
 * react-router, so the login page does not carry the router; the admin chunk hands the same object
 * to react-router's <Router> as its navigator. Entries keep react-router's `{ usr, key, idx }` shape.
 */

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface AppLocation {
  /** Full pathname, base included ('/ez4/en/login'). */
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface HistorySnapshot {
  action: HistoryAction;
  location: AppLocation;
}

/** What react-router passes to a navigator: a string or a partial path. */
export type HistoryTarget = string | { pathname?: string; search?: string; hash?: string };

interface HistoryEntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const listeners = new Set<() => void>();

function entryState(): HistoryEntryState {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as HistoryEntryState) : {};
}

function read(action: HistoryAction): HistorySnapshot {
  const { pathname, search, hash } = window.location;
  const state = entryState();
  return { action, location: { pathname, search, hash, state: state.usr ?? null, key: state.key ?? 'default' } };
}

let snapshot: HistorySnapshot | undefined;

function current(): HistorySnapshot {
  snapshot ??= read('POP');
  return snapshot;
}

function emit(action: HistoryAction): void {
  snapshot = read(action);
  for (const listener of [...listeners]) listener();
}

function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** A full href for a target; strings without a leading slash resolve against the current path. */
export function createHref(to: HistoryTarget): string {
  if (typeof to === 'string') return to;
  const location = current().location;
  return `${to.pathname ?? location.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

function write(method: 'pushState' | 'replaceState', to: HistoryTarget, state: unknown): void {
  const idx = (entryState().idx ?? 0) + (method === 'pushState' ? 1 : 0);
  window.history[method]({ usr: state ?? null, key: createKey(), idx }, '', createHref(to));
  emit(method === 'pushState' ? 'PUSH' : 'REPLACE');
}

let popListening = false;

export const appHistory = {
  get snapshot(): HistorySnapshot {
    return current();
  },
  createHref,
  push(to: HistoryTarget, state?: unknown): void {
    write('pushState', to, state);
  },
  replace(to: HistoryTarget, state?: unknown): void {
    write('replaceState', to, state);
  },
  go(delta: number): void {
    window.history.go(delta);
  },
  /** Re-reads the browser's location (after a change made outside this object, e.g. in tests). */
  sync(): void {
    emit('POP');
  },
  subscribe(listener: () => void): () => void {
    if (!popListening) {
      window.addEventListener('popstate', () => emit('POP'));
      popListening = true;
    }
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Navigates to an app path under the base ('/en/login?errorCode=2' -> '/ez4/en/login?errorCode=2'). */
export function navigateApp(appPath: string, options: { replace?: boolean } = {}): void {
  const href = `${APP_BASE}${appPath.startsWith('/') ? '' : '/'}${appPath}`;
  if (options.replace) appHistory.replace(href);
  else appHistory.push(href);
}

export function useHistorySnapshot(): HistorySnapshot {
  return useSyncExternalStore(appHistory.subscribe, current, current);
}

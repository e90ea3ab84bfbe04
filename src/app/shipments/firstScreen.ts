import type { HttpClient } from '../../../dataProviders/httpClient';
import { sessionStore } from '../../../dataProviders/sessionStore';
import { FunctionId } from '../../domain/access';
import { localIsoDay } from '../../domain/dateRange';
import { DEFAULT_DB_OPTIONS, type AwbSummaryRequest } from '../../domain/shipmentWire';
import { createShipmentApi } from './shipmentApi';
import { summaryRequestOf } from './searchCriteria';

/**
 * The landing page's two reads (the overview's counts and the summary's first page), asked for at
 * once as soon as the sign-in's tokens are in, while the signed-in shell is still downloading and
 * rendering. The page takes each answer once, when it asks the very same question for the same
 * account within FRESH_FOR_MS; in every other case it asks the server itself. Nothing is kept
 * beyond that one use, so no answer outlives the moment it was meant for.
 */

const FRESH_FOR_MS = 15_000;

interface Started {
  account: string;
  at: number;
  answer: Promise<unknown>;
}

const started = new Map<string, Started>();

/** The signed-in account as `company|user`. */
export function currentAccount(): string | undefined {
  const session = sessionStore.get();
  return session?.companyId && session.userId ? `${session.companyId}|${session.userId}` : undefined;
}

export const summaryKey = (request: AwbSummaryRequest) => `summary ${JSON.stringify(request)}`;
export const overviewKey = (today: string) => `overview ${today}`;

/** Starts a read for the signed-in account (none without one); a failure waits for whoever takes it. */
export function startEarly(key: string, read: () => Promise<unknown>): void {
  const account = currentAccount();
  if (!account) return;
  const answer = read();
  answer.catch(() => undefined);
  started.set(key, { account, at: Date.now(), answer });
}

/** The answer started for this key, once, if it was started for the account signed in now and is fresh. */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const entry = started.get(key);
  if (!entry) return undefined;
  started.delete(key);
  if (entry.account !== currentAccount() || Date.now() - entry.at > FRESH_FOR_MS) return undefined;
  return entry.answer as Promise<T>;
}

/** The browser's calendar day, as the overview asks for it. */
export const localDay = (now = new Date()): string => localIsoDay(now);

/**
 * The shipment page's first two reads, as it will ask for them when nothing in the list's store says
 * otherwise; only for a user the page is open to (a refusal would otherwise show its error page).
 */
export function startFirstScreen(http: HttpClient): void {
  if (!sessionStore.get()?.functionList.includes(FunctionId.SHIPMENT)) return;
  const api = createShipmentApi(http);
  const today = localDay();
  startEarly(overviewKey(today), () => api.overview(today));
  const request = summaryRequestOf({
    filter: {},
    sort: { field: DEFAULT_DB_OPTIONS.FieldName, order: DEFAULT_DB_OPTIONS.OrderBy },
    pagination: { page: DEFAULT_DB_OPTIONS.CurrentPage, perPage: DEFAULT_DB_OPTIONS.PageSize },
  });
  startEarly(summaryKey(request), () => api.summary(request));
}

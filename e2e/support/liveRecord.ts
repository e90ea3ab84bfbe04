import type { BrowserContext, Page } from '@playwright/test';
import type { LiveEvent } from '../../src/domain/liveEvents';
import { expect } from './test';

/** What the page's EventSource received, recorded by an init script (the test's own hook, not the app's). */
export interface LiveRecord {
  opened: string[];
  ready: number;
  messages: LiveEvent[];
}

declare global {
  interface Window {
    __live: LiveRecord;
  }
}

/** Records every stream the context's pages open (the ticket left out) and every event and `ready` each receives. */
export async function recordLiveEvents(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const record: LiveRecord = { opened: [], ready: 0, messages: [] };
    window.__live = record;
    const Native = window.EventSource;
    window.EventSource = class RecordedEventSource extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        record.opened.push(String(url).replace(/ticket=[^&]*/, 'ticket=-'));
        this.addEventListener('ready', () => record.ready++);
        this.addEventListener('reset', () => record.ready++);
        this.addEventListener('message', (event) => record.messages.push(JSON.parse((event as MessageEvent<string>).data) as LiveEvent));
      }
    };
  });
}

export async function live(page: Page): Promise<LiveRecord> {
  return page.evaluate(() => window.__live);
}

/** Waits until the page's stream is live (it has had `ready`). */
export async function streamLive(page: Page): Promise<void> {
  await expect.poll(async () => (await live(page)).ready, { message: 'the live stream is open' }).toBeGreaterThanOrEqual(1);
}

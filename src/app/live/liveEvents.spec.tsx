// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../domain/liveEvents';
import { createLiveEvents, LiveRefused, type LiveEvents } from './liveEvents';
import { FakeEventSource, liveEvent } from './testing/fakeEventSource';

/** A stream over FakeEventSource whose tickets are numbered; `tickets` rejects with `refuse` when set. */
function stream(refuse?: () => Error) {
  let issued = 0;
  const openStreamUrl = vi.fn(async () => {
    if (refuse) throw refuse();
    issued++;
    return `http://local/awbapi/events?ticket=t${issued}`;
  });
  const live = createLiveEvents({
    openStreamUrl,
    EventSource: FakeEventSource as never,
    retryMs: { first: 1000, max: 8000 },
    idleCloseMs: 5000,
    random: () => 0,
  });
  const events: LiveEvent[] = [];
  let resets = 0;
  const unsubscribe = live.subscribe({ onEvent: (event) => events.push(event), onReset: () => resets++ });
  return { live, openStreamUrl, events, resets: () => resets, unsubscribe };
}

/** Lets the ticket promise settle and the source open. */
async function opened(): Promise<FakeEventSource> {
  await vi.waitFor(() => expect(FakeEventSource.current()).toBeDefined());
  return FakeEventSource.current()!;
}

let live: LiveEvents | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.reset();
});

afterEach(() => {
  live?.close();
  live = undefined;
  vi.useRealTimers();
});

describe('the live event stream of a tab', () => {
  it('opens one stream for all listeners with a fresh ticket and hands each event to every listener', async () => {
    const first = stream();
    live = first.live;
    const other: LiveEvent[] = [];
    live.subscribe({ onEvent: (event) => other.push(event) });
    const source = await opened();
    expect(source.url).toBe('http://local/awbapi/events?ticket=t1');
    expect(live.state).toBe('connecting');
    source.ready('10');
    expect(live.state).toBe('live');
    source.send(liveEvent(11, 'decision', '42'));
    expect(first.events.map((event) => event.id)).toEqual(['11']);
    expect(other.map((event) => event.id)).toEqual(['11']);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(first.openStreamUrl).toHaveBeenCalledTimes(1);
  });

  it('asks for its ticket in a task after the one the first listener subscribed in, and not at all when closed before (issue 16)', async () => {
    const first = stream();
    live = first.live;
    expect(first.openStreamUrl).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.openStreamUrl).toHaveBeenCalledTimes(1);
    const closedSoon = stream();
    closedSoon.live.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(closedSoon.openStreamUrl).not.toHaveBeenCalled();
  });

  it('reconnects after an error with a new ticket and the last event id, and falls back to polling while it cannot', async () => {
    const first = stream();
    live = first.live;
    const source = await opened();
    source.ready('10');
    source.send(liveEvent(12, 'status', '42'));
    source.fail();
    expect(source.closed).toBe(true);
    // A live stream that drops is tried again at once (1 s), still 'connecting': no polling yet.
    expect(live.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1000);
    const second = await opened();
    expect(second.url).toBe('http://local/awbapi/events?ticket=t2&lastEventId=12');
    // That one fails too: down, and the next try waits longer.
    second.fail();
    expect(live.state).toBe('down');
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeEventSource.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    const third = await opened();
    expect(third.url).toBe('http://local/awbapi/events?ticket=t3&lastEventId=12');
    // The replay comes before ready; the stream is live with the first of it.
    third.send(liveEvent(13, 'decision', '42'));
    expect(live.state).toBe('live');
    third.ready('13');
    expect(first.events.map((event) => event.id)).toEqual(['12', '13']);
    expect(first.resets()).toBe(0);
  });

  it('tells the listeners to reload on the server’s reset, and after connecting late without any position', async () => {
    const first = stream();
    live = first.live;
    const failing = await opened();
    failing.fail();
    expect(live.state).toBe('down');
    await vi.advanceTimersByTimeAsync(1000);
    const source = await opened();
    expect(source.url).toBe('http://local/awbapi/events?ticket=t2');
    source.ready('20');
    expect(first.resets()).toBe(1);
    source.resetEvent('90');
    expect(first.resets()).toBe(2);
    source.fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect((await opened()).url).toBe('http://local/awbapi/events?ticket=t3&lastEventId=90');
  });

  it('backs off when no ticket can be had, and stops for good when the ticket is refused', async () => {
    const failing = stream(() => new Error('HTTP 503'));
    live = failing.live;
    await vi.waitFor(() => expect(live!.state).toBe('down'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(failing.openStreamUrl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(failing.openStreamUrl).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    // 4 s, 8 s, then 8 s at most between tries.
    expect(failing.openStreamUrl.mock.calls.length).toBeGreaterThanOrEqual(9);
    live.close();

    const refused = stream(() => new LiveRefused('HTTP 403'));
    live = refused.live;
    await vi.waitFor(() => expect(live!.state).toBe('down'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refused.openStreamUrl).toHaveBeenCalledTimes(1);
  });

  it('closes a little after the last listener left, keeps it open for the next screen, and close() ends it for good', async () => {
    const first = stream();
    live = first.live;
    const source = await opened();
    source.ready('1');
    first.unsubscribe();
    await vi.advanceTimersByTimeAsync(4000);
    // The next screen subscribes in time: the same stream.
    const again = live.subscribe({});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(source.closed).toBe(false);
    again();
    await vi.advanceTimersByTimeAsync(5000);
    expect(source.closed).toBe(true);

    live.subscribe({});
    const reopened = await opened();
    expect(reopened.url).toBe('http://local/awbapi/events?ticket=t2&lastEventId=1');
    live.close();
    expect(reopened.closed).toBe(true);
    expect(live.state).toBe('down');
    live.subscribe({});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('drops what a closed source still delivers and an event it cannot read', async () => {
    const first = stream();
    live = first.live;
    const source = await opened();
    source.ready('1');
    source.dispatchEvent(new MessageEvent('message', { data: 'not json', lastEventId: '2' }));
    source.fail();
    source.send(liveEvent(3, 'decision', '42'));
    expect(first.events).toEqual([]);
  });
});

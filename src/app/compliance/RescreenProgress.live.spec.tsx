// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../dataProviders/httpClient';
import { createLiveEvents } from '../live/liveEvents';
import { LiveEventsContext } from '../live/LiveEventsProvider';
import { FakeEventSource, liveEvent } from '../live/testing/fakeEventSource';
import { renderShipmentPage, shipmentScreenSpec } from '../shipments/testing/shipmentHarness';
import { RescreenProgress } from './RescreenProgress';

const spec = shipmentScreenSpec();
const live = createLiveEvents({ openStreamUrl: async () => 'http://local/awbapi/events?ticket=t', EventSource: FakeEventSource as never });
afterEach(() => live.close());

describe('RescreenProgress on the live stream', () => {
  it('moves with the re-screening events instead of polling', async () => {
    let done = 12;
    const classic = vi.fn(async (_path: string) => ({
      status: 200,
      headers: new Headers(),
      body: '',
      json: {
        status: 1,
        data: [{ RunId: '7', ListName: 'regionlist', State: 'RUNNING', Total: 40, Done: done, Changed: 3, Reason: '', FinishedAt: null, Error: null }],
      },
    }));
    const client = { classic, api: vi.fn(), apiUrl: (path: string) => path, classicUrl: (path: string) => path } as unknown as HttpClient;
    renderShipmentPage(
      '/en/list',
      '/en/list',
      <LiveEventsContext.Provider value={live}>
        <RescreenProgress />
      </LiveEventsContext.Provider>,
      { messages: spec.messages, httpClient: client },
    );
    expect(await screen.findByText(/Region List: 12 of 40/)).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    act(() => FakeEventSource.current()!.ready('1'));
    const asked = classic.mock.calls.length;

    done = 30;
    act(() => FakeEventSource.current()!.send(liveEvent(2, 'rescreen', null, { status: null, detail: { runId: '7', state: 'RUNNING', done: 30, total: 40 } })));
    expect(await screen.findByText(/Region List: 30 of 40/)).toBeInTheDocument();
    expect(classic.mock.calls.length).toBe(asked + 1);
  });
});

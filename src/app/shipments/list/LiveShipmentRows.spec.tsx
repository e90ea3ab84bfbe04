// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AwbSummaryRow } from '../../../domain/shipmentWire';
import { createLiveEvents, type LiveEvents } from '../../live/liveEvents';
import { LiveEventsContext } from '../../live/LiveEventsProvider';
import { FakeEventSource, liveEvent } from '../../live/testing/fakeEventSource';
import { ShipmentPage } from '../ShipmentPage';
import { fakeApi, renderShipmentPage, shipmentScreenSpec, summaryRow } from '../testing/shipmentHarness';

const spec = shipmentScreenSpec();

const overview = {
  Today: '2026-11-22',
  TodayByStatus: { New: 2, Error: 0, Accept: 1, Reject: 0, Submit: 0, Eyeball: 0, Nothing: 0, Processing: 0 },
  Last7DaysByStatus: { New: 9, Error: 1, Accept: 4, Reject: 0, Submit: 2, Eyeball: 0, Nothing: 0, Processing: 0 },
};

let live: LiveEvents;
beforeEach(() => {
  FakeEventSource.reset();
  live = createLiveEvents({ openStreamUrl: async () => 'http://local/awbapi/events?ticket=t', EventSource: FakeEventSource as never });
});
afterEach(() => {
  live.close();
  sessionStorage.clear();
});

/** The list page over a server whose summary answers `rows()` at the time asked; the stream live. */
async function livePage(rows: () => AwbSummaryRow[]) {
  const fake = fakeApi((path) => {
    if (path.startsWith('/awbapi/overview')) return overview;
    if (path === '/awbapi/awbsummary') return { total: rows().length, rows: rows(), missing: [] };
    return undefined;
  });
  renderShipmentPage(
    '/en/shipment',
    '/en/shipment',
    <LiveEventsContext.Provider value={live}>
      <ShipmentPage />
    </LiveEventsContext.Provider>,
    { messages: spec.messages, httpClient: fake.client },
  );
  await screen.findByRole('link', { name: '160-12345675' });
  await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
  const source = FakeEventSource.current()!;
  act(() => source.ready('1'));
  const calls = (prefix: string) => fake.api.mock.calls.filter(([path]) => (path as string).startsWith(prefix)).length;
  return { source, calls };
}

/** The grid row of an AWB. */
function rowOf(awb: string): HTMLElement {
  return screen.getByRole('link', { name: awb }).closest('tr') as HTMLElement;
}

describe('the shipment list on the live stream', () => {
  it('updates the rows in view in place, and keeps a row that no longer matches the filters, saying so', async () => {
    let rows = [summaryRow('160-12345675'), summaryRow('297-00000011', { Status: 'Eyeball' }), summaryRow('618-00000022')];
    const page = await livePage(() => rows);
    const summaries = page.calls('/awbapi/awbsummary');

    // A colleague accepts the first (still in the result) and marks the second, which leaves it (as under a status filter).
    rows = [summaryRow('160-12345675', { Status: 'Accept' }), summaryRow('618-00000022')];
    act(() => {
      page.source.send(liveEvent(2, 'decision', '45675', { status: 'Accept' }));
      page.source.send(liveEvent(3, 'decision', '11', { status: 'New', awb: '297-00000011' }));
    });
    await waitFor(() => expect(within(rowOf('160-12345675')).getByText('Accept')).toBeInTheDocument());
    // Both events came together: one reload of the page.
    expect(page.calls('/awbapi/awbsummary')).toBe(summaries + 1);
    await waitFor(() => expect(within(rowOf('297-00000011')).getByText('No longer matches the filters')).toBeInTheDocument());
    const left = rowOf('297-00000011');
    expect(within(left).getByText('New')).toBeInTheDocument();
    // It stays where it was: between the other two.
    const order = screen.getAllByRole('link', { name: /^\d{3}-\d{8}$/ }).map((link) => link.textContent);
    expect(order).toEqual(['160-12345675', '297-00000011', '618-00000022']);
    expect(within(rowOf('160-12345675')).queryByText('No longer matches the filters')).not.toBeInTheDocument();
  });

  it('keeps the only row of a result that it left, instead of showing the empty list', async () => {
    let rows = [summaryRow('160-12345675')];
    const page = await livePage(() => rows);
    rows = [];
    act(() => page.source.send(liveEvent(2, 'decision', '45675', { status: 'Accept' })));
    await waitFor(() => expect(within(rowOf('160-12345675')).getByText('No longer matches the filters')).toBeInTheDocument());
    expect(within(rowOf('160-12345675')).getByText('Accept')).toBeInTheDocument();
    expect(screen.queryByText('No shipments match the search.')).not.toBeInTheDocument();
  });

  it('does not reload the list for a shipment out of view, but recounts the overview (once for a burst)', async () => {
    const rows = [summaryRow('160-12345675')];
    const page = await livePage(() => rows);
    const summaries = page.calls('/awbapi/awbsummary');
    const overviews = page.calls('/awbapi/overview');
    act(() => {
      page.source.send(liveEvent(2, 'decision', '999'));
      page.source.send(liveEvent(3, 'status', '998'));
      page.source.send(liveEvent(4, 'lock', '45675'));
    });
    await waitFor(() => expect(page.calls('/awbapi/overview')).toBe(overviews + 1), { timeout: 3000 });
    expect(page.calls('/awbapi/awbsummary')).toBe(summaries);
  });

  it('says that new shipments arrived, and shows them on one click only', async () => {
    let rows = [summaryRow('160-12345675')];
    const page = await livePage(() => rows);
    const summaries = page.calls('/awbapi/awbsummary');
    act(() => {
      page.source.send(liveEvent(2, 'created', '31', { status: 'New', awb: '160-00000031' }));
      page.source.send(liveEvent(3, 'created', '42', { status: 'New', awb: '160-00000042' }));
    });
    const note = await screen.findByText('2 new shipments have arrived since the list was loaded.');
    expect(page.calls('/awbapi/awbsummary')).toBe(summaries);
    rows = [summaryRow('160-00000031'), summaryRow('160-00000042'), summaryRow('160-12345675')];
    await userEvent.setup().click(within(note.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('link', { name: '160-00000031' })).toBeInTheDocument();
    expect(page.calls('/awbapi/awbsummary')).toBe(summaries + 1);
    expect(screen.queryByText(/new shipments have arrived/)).not.toBeInTheDocument();
  });

  it('reloads the list and the counts when the server says events were missed', async () => {
    const page = await livePage(() => [summaryRow('160-12345675')]);
    const summaries = page.calls('/awbapi/awbsummary');
    const overviews = page.calls('/awbapi/overview');
    act(() => page.source.resetEvent('500'));
    await waitFor(() => expect(page.calls('/awbapi/awbsummary')).toBe(summaries + 1));
    await waitFor(() => expect(page.calls('/awbapi/overview')).toBe(overviews + 1));
  });
});

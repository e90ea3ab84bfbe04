// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OneRecordChangeRequest } from '../../../domain/shipmentWire';
import { awbDetail, fakeApi, renderShipmentPage, shipmentScreenSpec } from '../testing/shipmentHarness';
import { ShipmentDetailPage } from './ShipmentDetailPage';
import { createLiveEvents, type LiveEvents } from '../../live/liveEvents';
import { LiveEventsContext } from '../../live/LiveEventsProvider';
import { FakeEventSource, liveEvent } from '../../live/testing/fakeEventSource';

const spec = shipmentScreenSpec();

const request = (overrides: Partial<OneRecordChangeRequest> = {}): OneRecordChangeRequest => ({
  RequestId: '0b7e6a52-3c1f-4d47-9a51-1c1f4a8e2d10',
  RequestIri: 'https://portal.example.com/onerecord/action-requests/0b7e6a52-3c1f-4d47-9a51-1c1f4a8e2d10',
  ObjectIri: 'https://portal.example.com/onerecord/logistics-objects/42-shipment',
  RequestedBy: 'https://forwarder.example.com/logistics-objects/seko',
  RequestedByName: 'SEKO gateway (Demo Forwarding)',
  RequestedAt: '2026-11-30T03:05:00.000Z',
  Status: 'PENDING',
  StatusSince: '2026-11-30T03:05:00.000Z',
  Description: 'weighed again at the warehouse',
  ForRevision: 1,
  Current: true,
  Changes: [{ What: 'Total gross weight', From: '245 kg', To: '250.5 kg' }],
  Problem: null,
  ...overrides,
});

/** Shipment 42's detail page with the change requests `lists` gives, one list per read (on the live stream `live`, when given). */
function openDetail(lists: OneRecordChangeRequest[][], live?: LiveEvents) {
  let reads = 0;
  const fake = fakeApi((path) => {
    if (path === '/awbapi/awbdetail/42') return awbDetail();
    if (path === '/awbapi/onerecordchanges/42') return lists[Math.min(reads++, lists.length - 1)];
    if (path === '/awbapi/onerecordchange') return { ShipmentId: '42', Status: 'New', UpdateDT: '2026-11-30T03:10:00.000Z' };
    return undefined;
  });
  const page = live ? (
    <LiveEventsContext.Provider value={live}>
      <ShipmentDetailPage />
    </LiveEventsContext.Provider>
  ) : (
    <ShipmentDetailPage />
  );
  renderShipmentPage('/en/shipment/details/42', '/en/shipment/details/:id', page, { messages: spec.messages, httpClient: fake.client });
  return fake;
}

describe("partners' ONE Record change requests on the detail page", () => {
  it('shows who asked, why and what changes, and accepts after a confirmation', async () => {
    const { api } = openDetail([[request()], [request({ Status: 'ACCEPTED', Changes: [] })]]);
    const region = await screen.findByRole('region', { name: 'ONE Record change requests waiting for a decision' });
    const asked = within(region).getByText(/^SEKO gateway \(Demo Forwarding\) asked on 2026-11-30 03:05 UTC/);
    expect(asked).toHaveAttribute('title', 'https://forwarder.example.com/logistics-objects/seko');
    expect(within(region).getByText('Total gross weight: 245 kg → 250.5 kg')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Accept change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the change to AWB 160-12345675?' });
    expect(within(dialog).getByText(/taken in as any newer FWB/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Accept change' }));
    expect(await screen.findByText('The change was accepted: AWB 160-12345675 was taken in again with it.')).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith(
      '/awbapi/onerecordchange',
      expect.objectContaining({
        body: { ShipmentId: '42', UpdateDT: '2026-11-19T08:00:00.000Z', RequestId: '0b7e6a52-3c1f-4d47-9a51-1c1f4a8e2d10', Decision: 'accept' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'ONE Record change requests waiting for a decision' })).not.toBeInTheDocument());
  });

  it('says when a request can no longer be accepted, and still lets it be rejected', async () => {
    const { api } = openDetail([
      [
        request({
          Current: false,
          Changes: [],
          Problem: 'A newer FWB came after this request was made: accepting it will fail; reject it, and the partner may ask again.',
        }),
      ],
      [request({ Status: 'REJECTED' })],
    ]);
    const region = await screen.findByRole('region', { name: 'ONE Record change requests waiting for a decision' });
    expect(within(region).getByText(/A newer FWB came after this request was made/)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Accept change' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Reject change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the change to AWB 160-12345675?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject change' }));
    expect(await screen.findByText('The change was rejected.')).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith('/awbapi/onerecordchange', expect.objectContaining({ body: expect.objectContaining({ Decision: 'reject' }) }));
  });

  it('names an organisation the portal does not know by its IRI', async () => {
    openDetail([[request({ RequestedByName: null })]]);
    const region = await screen.findByRole('region', { name: 'ONE Record change requests waiting for a decision' });
    expect(within(region).getByText(/^https:\/\/forwarder\.example\.com\/logistics-objects\/seko asked on/)).toBeInTheDocument();
  });

  it('shows a request that comes while the page is open, and drops one decided elsewhere, from the live stream', async () => {
    FakeEventSource.reset();
    const live = createLiveEvents({ openStreamUrl: async () => 'http://local/awbapi/events?ticket=t', EventSource: FakeEventSource as never });
    try {
      const { api } = openDetail([[], [request()], [request({ Status: 'REJECTED' })]], live);
      await screen.findByRole('heading', { name: 'AWB 160-12345675' });
      await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
      const source = FakeEventSource.current()!;
      act(() => source.ready('100'));
      const reads = () => api.mock.calls.filter(([path]) => path === '/awbapi/onerecordchanges/42').length;
      await waitFor(() => expect(reads()).toBe(1));
      // Another shipment's request is not this page's.
      act(() => source.send(liveEvent(101, 'oneRecordChange', '43', { detail: { status: 'REQUEST_PENDING' } })));
      act(() => source.send(liveEvent(102, 'oneRecordChange', '42', { detail: { status: 'REQUEST_PENDING' } })));
      const region = await screen.findByRole('region', { name: 'ONE Record change requests waiting for a decision' });
      expect(within(region).getByText('Total gross weight: 245 kg → 250.5 kg')).toBeInTheDocument();
      expect(reads()).toBe(2);
      act(() => source.send(liveEvent(103, 'oneRecordChange', '42', { detail: { status: 'REQUEST_REJECTED' } })));
      await waitFor(() => expect(screen.queryByRole('region', { name: 'ONE Record change requests waiting for a decision' })).not.toBeInTheDocument());
    } finally {
      live.close();
    }
  });

  it('shows nothing when no request waits', async () => {
    openDetail([[request({ Status: 'ACCEPTED' })]]);
    await screen.findByRole('heading', { name: 'AWB 160-12345675' });
    expect(screen.queryByRole('region', { name: 'ONE Record change requests waiting for a decision' })).not.toBeInTheDocument();
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../../dataProviders/httpClient';
import { sessionStore } from '../../../../dataProviders/sessionStore';
import { StatusCode } from '../../../domain/statusCodes';
import type { CheckUpdateAnswer, HandlingState } from '../../../domain/shipmentWire';
import { ShipmentCallTimeout } from '../shipmentApi';
import { awbDetail, fakeApi, refusal, renderShipmentPage, shipmentScreenSpec } from '../testing/shipmentHarness';
import { createLiveEvents, type LiveEvents } from '../../live/liveEvents';
import { LiveEventsContext } from '../../live/LiveEventsProvider';
import { FakeEventSource, liveEvent } from '../../live/testing/fakeEventSource';
import { ShipmentDetailPage } from './ShipmentDetailPage';

const spec = shipmentScreenSpec();

const detail = awbDetail;

/** Shipment 42's detail page over `httpClient`. */
function openDetail(httpClient: HttpClient) {
  renderShipmentPage('/en/shipment/details/42', '/en/shipment/details/:id', <ShipmentDetailPage />, { messages: spec.messages, httpClient });
}

/** The detail's api, where `failingPath` fails with `error`. */
function apiFailingAt(failingPath: string, error: Error) {
  return fakeApi((path) => {
    if (path === failingPath) throw error;
    return path.startsWith('/awbapi/awbdetail') ? detail() : undefined;
  });
}

/** Types a remark into the open Accept dialog and sends it; the dialog is returned. */
async function sendAcceptRemark(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Accept AWB 160-12345675' });
  await user.type(within(dialog).getByRole('textbox'), 'Checked against the booking');
  await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
  return dialog;
}

/** Accepts from the page's Accept button with a remark; the dialog is returned. */
async function acceptFromPage() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Accept' }));
  return sendAcceptRemark(user);
}

describe('ShipmentDetailPage', () => {
  it('shows the blocks and takes over the handling lock from the previous shipment', async () => {
    sessionStore.set({ currentShipmentId: '7' });
    const { client, api } = fakeApi((path) => (path === '/awbapi/awbdetail/42' ? detail() : undefined));
    openDetail(client);
    expect(await screen.findByRole('heading', { name: 'AWB 160-12345675' })).toBeInTheDocument();
    for (const block of ['Shipper', 'Consignee', 'Agent', 'Routing', 'Rate', 'Charges', 'Customs declarations', 'Persons'])
      expect(screen.getByRole('region', { name: block })).toBeInTheDocument();
    expect(screen.getByText('RA12345')).toBeInTheDocument();
    await waitFor(() => expect(api).toHaveBeenCalledWith('/awbapi/deletehandling/7', expect.objectContaining({ method: 'POST' })));
    expect(sessionStore.get()).toMatchObject({ previousShipmentId: '7', currentShipmentId: '42' });
  });

  it("shows the shipment's ONE Record Waybill address and copies it with one click", async () => {
    // user-event puts a clipboard of its own on setup: this one is put after it.
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { client } = fakeApi((path) => (path === '/awbapi/awbdetail/42' ? detail() : undefined));
    openDetail(client);
    const address = 'https://portal.example.com/onerecord/logistics-objects/42-waybill';
    expect(await screen.findByText(address)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy the ONE Record Waybill address' }));
    expect(writeText).toHaveBeenCalledWith(address);
    expect(await screen.findByText('ONE Record Waybill address copied')).toBeInTheDocument();
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy the ONE Record Waybill address' }));
    expect(await screen.findByText('Could not copy: select the address and copy it by hand')).toBeInTheDocument();
  });

  it('offers no Previous and Next for a shipment that does not exist, only the way back to the list', async () => {
    const { client } = fakeApi(() => {
      throw refusal(StatusCode.SHIPMENT_NOT_FOUND, 'Record Not Found!');
    });
    openDetail(client);
    expect(await screen.findByText('Record Not Found!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to the list' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('shows the lent message instead of the details', async () => {
    const { client } = fakeApi(() => {
      throw refusal(StatusCode.USER_ACL_EXCEPTION, 'This air waybill is lent, and you do not have access right to the details.');
    });
    openDetail(client);
    expect(await screen.findByRole('alert')).toHaveTextContent('This air waybill is lent, and you do not have access right to the details.');
  });

  it('is read-only while another user handles the shipment', async () => {
    const { client } = fakeApi(() =>
      detail({ Handling: { HeldByMe: false, HeldBy: { UserId: 'gus', UserName: 'Gus Handler', CompanyId: 'DEMOGHA', Since: '2026-11-22T09:15:00.000Z' } } }),
    );
    openDetail(client);
    expect(await screen.findByText('This shipment is being handled by Gus Handler (DEMOGHA) since 09:15 UTC.')).toBeInTheDocument();
    for (const action of ['Accept', 'Reject', 'Modify', 'Mark']) expect(screen.getByRole('button', { name: action })).toBeDisabled();
  });

  it('asks to refresh when a decision is refused as stale', async () => {
    const { client } = apiFailingAt(
      '/awbapi/awbapprove',
      refusal(StatusCode.FAILURE, 'This shipment has changed since you opened it. Please refresh the page and try again.', 'stale'),
    );
    openDetail(client);
    await acceptFromPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This shipment has changed since you opened it. Please refresh the page and try again.');
    // No second try on the old data: the decisions wait for the reload, one click away.
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('when awbcheckupdate reports a change', () => {
    const PAGE_DT = '2026-11-19T08:00:00.000Z';
    const NEWER_DT = '2026-11-22T10:15:30.123Z';

    /** The detail at PAGE_DT, once the page has checked for a change (awbcheckupdate answers `check`); decisions are recorded. */
    async function pageWithChange(check: CheckUpdateAnswer) {
      let loads = 0;
      const fake = fakeApi((path) => {
        if (path === '/awbapi/awbdetail/42') {
          loads++;
          return detail({ UpdateDT: PAGE_DT });
        }
        if (path.startsWith('/awbapi/util/awbcheckupdate/42/')) return check;
        if (path === '/awbapi/util/getlookupcode/1') return [{ Code: 'DOC', Description: 'Documents missing or incomplete' }];
        if (path === '/awbapi/util/getlookupcode/11') return [];
        if (path === '/awbapi/awbapprove' || path === '/awbapi/awbreject') return { ShipmentId: '42', Status: 'Accept', UpdateDT: '2026-11-22T10:20:00.000Z' };
        return undefined;
      });
      openDetail(fake.client);
      const bodyOf = (path: string) =>
        fake.api.mock.calls.filter(([called]) => called === path).map(([, options]) => (options as { body: Record<string, unknown> }).body);
      const user = userEvent.setup();
      // The page checks on an interval and whenever the tab becomes visible again.
      await screen.findByRole('heading', { name: 'AWB 160-12345675' });
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      return { ...fake, bodyOf, loads: () => loads, user };
    }

    async function acceptWithRemark(user: ReturnType<typeof userEvent.setup>) {
      await sendAcceptRemark(user);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept AWB 160-12345675' })).not.toBeInTheDocument());
    }

    it('asks to refresh on newer FWB/FHL data and decides on it, with PendingUpdate, only when the user chooses to', async () => {
      const { user, ...page } = await pageWithChange({ IsUpdated: true, IsFwbFhlUpdated: true, UpdateDT: NEWER_DT, Status: 'New' });
      expect(await screen.findByText('The FWB or FHL data of this shipment has changed. Please refresh to see the latest data.')).toBeInTheDocument();

      // Accept asks first; cancelling decides nothing.
      await user.click(screen.getByRole('button', { name: 'Accept' }));
      const ask = await screen.findByRole('dialog', { name: 'FWB or FHL data changed' });
      await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'FWB or FHL data changed' })).not.toBeInTheDocument());
      expect(screen.queryByRole('dialog', { name: 'Accept AWB 160-12345675' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Accept' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'FWB or FHL data changed' })).getByRole('button', { name: 'Decide anyway' }));
      expect(
        within(await screen.findByRole('dialog', { name: 'Accept AWB 160-12345675' })).getByText(
          'Newer FWB/FHL data arrived since this page was loaded; your decision applies to that newer data.',
        ),
      ).toBeInTheDocument();
      await acceptWithRemark(user);
      expect(page.bodyOf('/awbapi/awbapprove')).toEqual([
        { ShipmentId: '42', ApproveType: 'NORMAL', ApproveReason: 'Checked against the booking', UpdateDT: NEWER_DT, PendingUpdate: true },
      ]);
    });

    it('refreshes instead when the user chooses Refresh, deciding nothing', async () => {
      const { user, ...page } = await pageWithChange({ IsUpdated: true, IsFwbFhlUpdated: true, UpdateDT: NEWER_DT, Status: 'New' });
      await screen.findByText('The FWB or FHL data of this shipment has changed. Please refresh to see the latest data.');
      await user.click(screen.getByRole('button', { name: 'Reject' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'FWB or FHL data changed' })).getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(page.loads()).toBe(2));
      expect(screen.queryByRole('dialog', { name: 'Reject AWB 160-12345675' })).not.toBeInTheDocument();
      expect(page.bodyOf('/awbapi/awbreject')).toEqual([]);
    });

    // Issue 19: any other change disables the decisions until the page is reloaded (they used to stay enabled for the server to refuse).
    it('disables the decisions on any other change until the page is reloaded', async () => {
      const { user, ...page } = await pageWithChange({ IsUpdated: true, IsFwbFhlUpdated: false, UpdateDT: NEWER_DT, Status: 'New' });
      const told = await screen.findByText('This shipment has changed since you opened it. Please refresh the page and try again.');
      for (const action of ['Accept', 'Reject', 'Modify', 'Mark']) expect(screen.getByRole('button', { name: action })).toBeDisabled();
      await user.click(within(told.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(page.loads()).toBe(2));
      expect(page.bodyOf('/awbapi/awbapprove')).toEqual([]);
    });

    it('rejects on the page’s UpdateDT while no change is reported', async () => {
      const { user, ...page } = await pageWithChange({ IsUpdated: false, IsFwbFhlUpdated: false, UpdateDT: PAGE_DT, Status: 'New' });
      await user.click(screen.getByRole('button', { name: 'Reject' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reject AWB 160-12345675' });
      await user.click(within(dialog).getByRole('combobox', { name: /Reject reasons/ }));
      await user.click(await screen.findByRole('option', { name: 'DOC - Documents missing or incomplete' }));
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      await waitFor(() => expect(page.bodyOf('/awbapi/awbreject')).toHaveLength(1));
      expect(page.bodyOf('/awbapi/awbreject')[0]).toMatchObject({ UpdateDT: PAGE_DT, PendingUpdate: false });
    });
  });

  it('shows the network time-out in the pop-up and reports it to the client log', async () => {
    const { client, api } = apiFailingAt('/awbapi/awbapprove', new ShipmentCallTimeout('/awbapi/awbapprove', 30_000));
    openDetail(client);
    const dialog = await acceptFromPage();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Network Timeout. Please close the pop up and refresh page.');
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        '/logapi/clientlogging',
        expect.objectContaining({ method: 'POST', body: { iLogType: 4, iMsg: expect.stringContaining('Accept of AWB 160-12345675 (shipment 42) failed') } }),
      ),
    );
    const logged = api.mock.calls.find(([path]) => path === '/logapi/clientlogging')!;
    expect((logged[1] as { body: { iMsg: string } }).body.iMsg).toMatch(/no answer within 30 s$/);
  });

  it('reports a failed print to the client log', async () => {
    const { client, api } = apiFailingAt('/awbapi/fileticket', refusal(StatusCode.FAILURE, 'The printout could not be made.'));
    const open = vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn(), location: {} } as unknown as Window);
    try {
      openDetail(client);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Print' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Cargo receipt' }));
      await waitFor(() =>
        expect(api).toHaveBeenCalledWith(
          '/logapi/clientlogging',
          expect.objectContaining({ body: { iLogType: 3, iMsg: expect.stringContaining('Print cargoreceipt (shipment 42) failed') } }),
        ),
      );
    } finally {
      open.mockRestore();
    }
  });
});

describe('ShipmentDetailPage on the live stream', () => {
  const PAGE_DT = '2026-11-19T08:00:00.000Z';
  const NEWER_DT = '2026-11-26T02:41:06.512Z';
  let live: LiveEvents;

  beforeEach(() => {
    FakeEventSource.reset();
    live = createLiveEvents({ openStreamUrl: async () => 'http://local/awbapi/events?ticket=t', EventSource: FakeEventSource as never });
  });
  afterEach(() => live.close());

  /** Shipment 42's page with the stream live; awbcheckupdate answers `updated()`, renewhandling `holder()`. */
  async function livePage(updated: () => boolean, holder: () => HandlingState = () => ({ HeldByMe: true, HeldBy: null })) {
    let loads = 0;
    const fake = fakeApi((path) => {
      if (path === '/awbapi/awbdetail/42') {
        loads++;
        return detail({ UpdateDT: loads === 1 ? PAGE_DT : NEWER_DT, Status: loads === 1 ? 'New' : 'Accept' });
      }
      if (path.startsWith('/awbapi/util/awbcheckupdate/42/'))
        return { IsUpdated: updated(), IsFwbFhlUpdated: false, UpdateDT: updated() ? NEWER_DT : PAGE_DT, Status: updated() ? 'Accept' : 'New' };
      if (path === '/awbapi/renewhandling/42') return holder();
      return undefined;
    });
    renderShipmentPage(
      '/en/shipment/details/42',
      '/en/shipment/details/:id',
      <LiveEventsContext.Provider value={live}>
        <ShipmentDetailPage />
      </LiveEventsContext.Provider>,
      { messages: spec.messages, httpClient: fake.client },
    );
    await screen.findByRole('heading', { name: 'AWB 160-12345675' });
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    const source = FakeEventSource.current()!;
    act(() => source.ready('100'));
    const calls = (prefix: string) => fake.api.mock.calls.filter(([path]) => (path as string).startsWith(prefix)).length;
    return { source, calls, loads: () => loads };
  }

  it('shows at once who changed the shipment and when, disables the decisions, and reloads in one click', async () => {
    let changed = false;
    const page = await livePage(() => changed);
    // Another shipment's event is not this page's business: not even a check.
    act(() => page.source.send(liveEvent(101, 'decision', '43')));
    expect(page.calls('/awbapi/util/awbcheckupdate/')).toBe(0);

    changed = true;
    act(() => page.source.send(liveEvent(102, 'decision', '42', { by: 'Ann Operator', at: '2026-11-26T02:41:07.000Z' })));
    expect(await screen.findByText('Changed by Ann Operator at 2026-11-26 02:41 UTC')).toBeInTheDocument();
    expect(screen.getByText('This shipment has changed since you opened it. Please refresh the page and try again.')).toBeInTheDocument();
    for (const action of ['Accept', 'Reject', 'Modify', 'Mark']) expect(screen.getByRole('button', { name: action })).toBeDisabled();

    const alert = screen.getByText('Changed by Ann Operator at 2026-11-26 02:41 UTC').closest('[role="status"]') as HTMLElement;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(page.loads()).toBe(2));
    await waitFor(() => expect(screen.queryByText('Changed by Ann Operator at 2026-11-26 02:41 UTC')).not.toBeInTheDocument());
  });

  it('says nothing of an event the page is already past, and does not poll while the stream is live', async () => {
    const page = await livePage(() => false);
    act(() => page.source.send(liveEvent(102, 'status', '42', { by: null })));
    await waitFor(() => expect(page.calls('/awbapi/util/awbcheckupdate/')).toBe(1));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(page.calls('/awbapi/util/awbcheckupdate/')).toBe(1);
    expect(screen.queryByText(/^Changed/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('shows at once a lock a colleague took, and lifts it when they let it go', async () => {
    let holder: HandlingState = { HeldByMe: true, HeldBy: null };
    const page = await livePage(
      () => false,
      () => holder,
    );
    holder = { HeldByMe: false, HeldBy: { UserId: 'gus', UserName: 'Gus Handler', CompanyId: 'DEMOAIR', Since: '2026-11-26T02:40:00.000Z' } };
    act(() => page.source.send(liveEvent(103, 'lock', '42', { by: 'Gus Handler', detail: { held: true } })));
    expect(await screen.findByText('This shipment is being handled by Gus Handler (DEMOAIR) since 02:40 UTC.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();

    holder = { HeldByMe: true, HeldBy: null };
    act(() => page.source.send(liveEvent(104, 'lock', '42', { by: 'Gus Handler', detail: { held: false } })));
    await waitFor(() => expect(screen.queryByText(/being handled by Gus Handler/)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('falls back to polling awbcheckupdate while the stream is down', async () => {
    let changed = false;
    const page = await livePage(() => changed);
    changed = true;
    act(() => page.source.fail());
    // Reconnecting right away first; when that fails too, the page polls (here: the tab coming back).
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 3000 });
    act(() => FakeEventSource.current()!.fail());
    expect(live.state).toBe('down');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText('This shipment has changed since you opened it. Please refresh the page and try again.')).toBeInTheDocument();
    expect(screen.queryByText(/^Changed by/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  });
});

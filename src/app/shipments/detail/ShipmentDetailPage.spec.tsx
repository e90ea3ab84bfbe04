// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../../dataProviders/httpClient';
import { sessionStore } from '../../../../dataProviders/sessionStore';
import { StatusCode } from '../../../domain/statusCodes';
import type { CheckUpdateAnswer } from '../../../domain/shipmentWire';
import { ShipmentCallTimeout } from '../shipmentApi';
import { awbDetail, fakeApi, refusal, renderShipmentPage, shipmentScreenSpec } from '../testing/shipmentHarness';
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

    it('keeps the page’s UpdateDT for any other change, so the server refuses the stale decision', async () => {
      const { user, ...page } = await pageWithChange({ IsUpdated: true, IsFwbFhlUpdated: false, UpdateDT: NEWER_DT, Status: 'New' });
      expect(await screen.findByText('This shipment has changed since you opened it. Please refresh the page and try again.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Accept' }));
      expect(screen.queryByRole('dialog', { name: 'FWB or FHL data changed' })).not.toBeInTheDocument();
      await acceptWithRemark(user);
      expect(page.bodyOf('/awbapi/awbapprove')).toEqual([
        { ShipmentId: '42', ApproveType: 'NORMAL', ApproveReason: 'Checked against the booking', UpdateDT: PAGE_DT, PendingUpdate: false },
      ]);
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

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AwbDetail } from '../../../domain/shipmentWire';
import { awbDetail, fakeApi, renderShipmentPage, shipmentScreenSpec } from '../testing/shipmentHarness';
import { ShipmentDetailPage } from './ShipmentDetailPage';

const spec = shipmentScreenSpec();

const lent: Partial<AwbDetail> = {
  Lendings: [{ CompanyId: 'DEMOAIR', CompanyName: 'Demo Airlines', LentAt: '2026-11-25T23:06:14.954Z', LentByCompany: 'SKYAIR', LentByUser: 'admin' }],
  Can: { ...awbDetail().Can, Lend: true, TakeBack: true },
};

/** Shipment 42's detail page: the first answer `first`, every later one `after` (the page reads it again after a change). */
function openDetail(first: AwbDetail, after: AwbDetail = first) {
  let loads = 0;
  const fake = fakeApi((path) => {
    if (path === '/awbapi/awbdetail/42') return loads++ === 0 ? first : after;
    if (path === '/awbapi/awbtakeback') return { ShipmentId: '42', Status: 'New', UpdateDT: '2026-11-25T23:10:00.000Z' };
    return undefined;
  });
  renderShipmentPage('/en/shipment/details/42', '/en/shipment/details/:id', <ShipmentDetailPage />, { messages: spec.messages, httpClient: fake.client });
  return { ...fake, loads: () => loads };
}

describe('lending on the detail page', () => {
  it('tells the owner to whom, since when and by whom it is lent, and takes it back after a confirmation', async () => {
    const { api, loads } = openDetail(awbDetail(lent), awbDetail({ Can: { ...awbDetail().Can, Lend: true } }));
    expect(await screen.findByText('Lent to Demo Airlines (DEMOAIR) since 2026-11-25 23:06 UTC by admin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lend…' })).toBeEnabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Take back: Demo Airlines (DEMOAIR)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take back AWB 160-12345675' });
    expect(within(dialog).getByText('Take AWB 160-12345675 back from Demo Airlines (DEMOAIR)? It will no longer see the shipment.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Take back' }));
    expect(await screen.findByText('AWB 160-12345675 is taken back from Demo Airlines (DEMOAIR).')).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith(
      '/awbapi/awbtakeback',
      expect.objectContaining({ body: { ShipmentId: '42', CompanyId: 'DEMOAIR', UpdateDT: '2026-11-19T08:00:00.000Z' } }),
    );
    // The page reads the detail again: the line is gone.
    await waitFor(() => expect(loads()).toBe(2));
    await waitFor(() => expect(screen.queryByText(/^Lent to Demo Airlines/)).not.toBeInTheDocument());
  });

  it('offers nothing of lending to a company that does not own the AWB', async () => {
    openDetail(awbDetail({ Lendings: null }));
    await screen.findByRole('heading', { name: 'AWB 160-12345675' });
    expect(screen.queryByRole('button', { name: 'Lend…' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Lent to/)).not.toBeInTheDocument();
  });

  it('keeps Lend and Take back disabled while another user handles the shipment', async () => {
    openDetail(
      awbDetail({
        ...lent,
        Handling: { HeldByMe: false, HeldBy: { UserId: 'oscar', UserName: 'Oscar Operator', CompanyId: 'DEMOAIR', Since: '2026-11-22T09:15:00.000Z' } },
      }),
    );
    expect(await screen.findByText(/^Lent to Demo Airlines/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lend…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Take back: Demo Airlines (DEMOAIR)' })).toBeDisabled();
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusCode } from '../../../domain/statusCodes';
import type { LendableCompany } from '../../../domain/lending';
import { fakeApi, refusal, renderShipmentPage, shipmentScreenSpec, type ApiHandler } from '../testing/shipmentHarness';
import { LendDialog } from './LendDialog';

const spec = shipmentScreenSpec();

const target = { id: '42', awb: '618-10001423', updateDt: '2026-11-19T08:00:00.000Z' };
const companies: LendableCompany[] = [
  { CompanyId: 'DEMOAIR', CompanyName: 'Demo Airlines', CompanyTypeId: 1 },
  { CompanyId: 'FASTFWD', CompanyName: 'Fast Forwarders GmbH', CompanyTypeId: 2 },
];

/** The dialog open on shipment 42, the api answering by `handler`. */
function openDialog(handler: ApiHandler) {
  const fake = fakeApi(handler);
  const callbacks = { onClose: vi.fn(), onDone: vi.fn(), onStale: vi.fn() };
  renderShipmentPage('/en/lend', '/en/lend', <LendDialog target={target} {...callbacks} />, { messages: spec.messages, httpClient: fake.client });
  return { ...fake, ...callbacks, user: userEvent.setup() };
}

/** Chooses the company in the open dialog and goes on to the confirmation. */
async function choose(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  const dialog = await screen.findByRole('dialog', { name: 'Lend AWB 618-10001423' });
  await user.click(await within(dialog).findByRole('combobox', { name: /Company/ }));
  await user.click(await screen.findByRole('option', { name }));
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return dialog;
}

describe('LendDialog', () => {
  it('offers the companies the server lists, asks for a confirmation, and lends on the page’s UpdateDT', async () => {
    let answerCompanies: (list: LendableCompany[]) => void = () => undefined;
    const pending = new Promise<LendableCompany[]>((resolve) => (answerCompanies = resolve));
    const { api, onDone, user } = openDialog((path) => {
      if (path === '/awbapi/util/lendcompanies/42') return pending;
      if (path === '/awbapi/awblend') return { ShipmentId: '42', Status: 'New', UpdateDT: '2026-11-19T08:00:01.000Z' };
      return undefined;
    });
    // The list is read when the dialog opens: a loading indicator until it comes.
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    answerCompanies(companies);
    const dialog = await choose(user, /Fast Forwarders GmbH \(FASTFWD\) - Forwarder/);
    expect(
      within(dialog).getByText('Lend AWB 618-10001423 to Fast Forwarders GmbH (FASTFWD)? It will see the shipment in its list, not its details.'),
    ).toBeInTheDocument();
    expect(api).not.toHaveBeenCalledWith('/awbapi/awblend', expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Lend' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(companies[1]));
    expect(api).toHaveBeenCalledWith(
      '/awbapi/awblend',
      expect.objectContaining({ method: 'POST', body: { ShipmentId: '42', CompanyId: 'FASTFWD', UpdateDT: target.updateDt } }),
    );
  });

  it('keeps a refusal in the dialog, and goes back to the choice', async () => {
    const { onDone, user } = openDialog((path) => {
      if (path === '/awbapi/util/lendcompanies/42') return companies;
      if (path === '/awbapi/awblend') throw refusal(StatusCode.FAILURE, 'This air waybill is already lent to Demo Airlines (DEMOAIR).', 'alreadyLent');
      return undefined;
    });
    const dialog = await choose(user, /Demo Airlines \(DEMOAIR\)/);
    await user.click(within(dialog).getByRole('button', { name: 'Lend' }));
    expect(await within(dialog).findByText('This air waybill is already lent to Demo Airlines (DEMOAIR).')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('combobox', { name: /Company/ })).toHaveValue('Demo Airlines (DEMOAIR) - Airline');
  });

  it('hands a stale refusal to the page, which asks for a reload', async () => {
    const stale = 'This shipment has changed since you opened it. Please refresh the page and try again.';
    const { onStale, user } = openDialog((path) => {
      if (path === '/awbapi/util/lendcompanies/42') return companies;
      if (path === '/awbapi/awblend') throw refusal(StatusCode.FAILURE, stale, 'stale');
      return undefined;
    });
    const dialog = await choose(user, /Demo Airlines/);
    await user.click(within(dialog).getByRole('button', { name: 'Lend' }));
    await waitFor(() => expect(onStale).toHaveBeenCalledWith(stale));
  });

  it('says so when there is no company to lend to', async () => {
    openDialog((path) => (path === '/awbapi/util/lendcompanies/42' ? [] : undefined));
    expect(await screen.findByText('There is no company this air waybill can be lent to.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('shows the refusal of the list', async () => {
    openDialog(() => {
      throw refusal(StatusCode.FAILURE, 'Only the airline that owns this air waybill can lend it or take it back.', 'notOwner');
    });
    expect(await screen.findByText('Only the airline that owns this air waybill can lend it or take it back.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});

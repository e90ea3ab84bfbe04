// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SendTargetCheck } from '../../../domain/shipmentWire';
import { fakeApi, renderShipmentPage, shipmentScreenSpec } from '../testing/shipmentHarness';
import { SendDialog } from './SendDialog';
import { SendMenu } from './SendMenu';

const spec = shipmentScreenSpec();

const dubai = { id: '41', awb: '160-10000011', updateDt: '2026-11-19T08:00:00.000Z' };
const newYork = { id: '42', awb: '160-10000022', updateDt: '2026-11-19T08:00:00.000Z' };
const ACAS_REFUSED = 'ACAS is only for shipments to or through the United States; this one goes DXB (AE) - PVG (CN).';
const ACI_REFUSED = 'ACI is only for shipments to or through Canada; this one goes DXB (AE) - PVG (CN).';
const CHECKS: SendTargetCheck[] = [
  { ShipmentId: '41', AWBNumber: dubai.awb, Refused: { ACAS: ACAS_REFUSED, ACI: ACI_REFUSED } },
  { ShipmentId: '42', AWBNumber: newYork.awb, Refused: { ACI: 'ACI is only for shipments to or through Canada; this one goes FRA (DE) - JFK (US).' } },
];

function openMenu(shipments: (typeof dubai)[], answer: Promise<SendTargetCheck[]> | SendTargetCheck[] = CHECKS) {
  const anchor = document.createElement('button');
  document.body.appendChild(anchor);
  const fake = fakeApi((path) => (path === '/awbapi/sendtargets' ? answer : undefined));
  const onChoose = vi.fn();
  renderShipmentPage('/en/send', '/en/send', <SendMenu anchor={anchor} shipments={shipments} onClose={vi.fn()} onChoose={onChoose} />, {
    messages: spec.messages,
    httpClient: fake.client,
  });
  return { ...fake, onChoose, user: userEvent.setup() };
}

describe('SendMenu', () => {
  it('asks the server first, then disables ACAS and ACI for Dubai to Shanghai with the reason, and offers Terminal', async () => {
    let answer: (checks: SendTargetCheck[]) => void = () => undefined;
    const { api, onChoose, user } = openMenu([dubai], new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByRole('status')).toHaveTextContent('Checking which messages the selected shipments can take');
    expect(api).toHaveBeenCalledWith('/awbapi/sendtargets', expect.objectContaining({ method: 'POST', body: { ShipmentIds: ['41'] } }));
    answer([CHECKS[0]]);
    const acas = await screen.findByRole('menuitem', { name: /Send ACAS/ });
    expect(acas).toHaveAttribute('aria-disabled', 'true');
    expect(within(acas).getByText(ACAS_REFUSED)).toBeVisible();
    const aci = screen.getByRole('menuitem', { name: /Send ACI/ });
    expect(aci).toHaveAttribute('aria-disabled', 'true');
    expect(within(aci).getByText(ACI_REFUSED)).toBeVisible();
    const terminal = screen.getByRole('menuitem', { name: 'Send Terminal' });
    expect(terminal).not.toHaveAttribute('aria-disabled');
    await user.click(terminal);
    expect(onChoose).toHaveBeenCalledWith('TERMINAL', [dubai], []);
  });

  it('offers ACAS when some of the selection can take it, saying how many, and leaves the others out with their reason', async () => {
    const { onChoose, user } = openMenu([dubai, newYork]);
    const acas = await screen.findByRole('menuitem', { name: /Send ACAS/ });
    expect(acas).not.toHaveAttribute('aria-disabled');
    expect(within(acas).getByText('1 of 2 selected can be sent')).toBeVisible();
    // Neither can take ACI, for different reasons: the first is told.
    expect(within(screen.getByRole('menuitem', { name: /Send ACI/ })).getByText(`None of the selected shipments can be sent: ${ACI_REFUSED}`)).toBeVisible();
    await user.click(acas);
    expect(onChoose).toHaveBeenCalledWith('ACAS', [newYork], [{ awb: dubai.awb, message: ACAS_REFUSED }]);
  });
});

describe('SendDialog', () => {
  it('names the shipments left out and sends only the others', async () => {
    const fake = fakeApi((path) => (path === '/awbapi/awbsend' ? { ShipmentId: '42', Status: 'Submit', UpdateDT: '2026-11-19T08:00:01.000Z' } : undefined));
    const onDone = vi.fn();
    renderShipmentPage(
      '/en/send',
      '/en/send',
      <SendDialog target="ACAS" shipments={[newYork]} leftOut={[{ awb: dubai.awb, message: ACAS_REFUSED }]} onClose={vi.fn()} onDone={onDone} />,
      { messages: spec.messages, httpClient: fake.client },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send ACAS' });
    expect(within(dialog).getByText(/ACAS for 1 shipment: 160-10000022\?/)).toBeVisible();
    expect(within(dialog).getByText(`${dubai.awb}: ${ACAS_REFUSED}`)).toBeVisible();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fake.api).toHaveBeenCalledTimes(1);
    expect(fake.api).toHaveBeenCalledWith(
      '/awbapi/awbsend',
      expect.objectContaining({ body: { ShipmentId: '42', Target: 'ACAS', UpdateDT: newYork.updateDt } }),
    );
  });
});

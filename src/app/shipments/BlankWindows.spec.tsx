// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../dataProviders/sessionStore';
import type { HandlingState } from '../../domain/shipmentWire';
import { AwbDetailWindow } from './BlankWindows';
import { HANDLING_RENEW_MS } from './detail/useHandlingLock';
import { awbDetail, fakeApi, renderShipmentPage, shipmentScreenSpec } from './testing/shipmentHarness';

const spec = shipmentScreenSpec();
afterEach(() => vi.useRealTimers());

const party = { name: 'PACIFIC TRADING CO LTD', address: '12 HARBOUR ROAD', city: 'HONG KONG', country: 'HK' };
/** A bare shipment: no routing, rate, declarations or history. */
const detail = awbDetail({
  SpecialHandlingCodes: [],
  Consignee: party,
  Agent: null,
  Routing: [],
  STD: null,
  Rate: null,
  Charges: null,
  Dimensions: [],
  Declaration: null,
  Security: null,
  HsCodes: [],
  CustomsDeclarations: [],
  Persons: [],
  History: [],
});

describe('AwbDetailWindow (awb/awbdetail)', () => {
  it('renews the handling lock its detail call took, and releases it when the window goes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let renewal: HandlingState = { HeldByMe: true, HeldBy: null };
    const { client, api } = fakeApi((path) => {
      if (path === '/awbapi/awbdetail/42') return detail;
      if (path === '/awbapi/renewhandling/42') return renewal;
      return undefined;
    });
    const view = renderShipmentPage('/en/awb/awbdetail?id=42', '/en/awb/awbdetail', <AwbDetailWindow />, { messages: spec.messages, httpClient: client });
    expect(await screen.findByRole('heading', { name: /160-12345675/ })).toBeInTheDocument();
    expect(sessionStore.get()).toMatchObject({ currentShipmentId: '42' });
    const calls = (path: string) => api.mock.calls.filter(([called]) => called === path).length;
    expect(calls('/awbapi/renewhandling/42')).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(HANDLING_RENEW_MS));
    expect(calls('/awbapi/renewhandling/42')).toBe(1);
    // The renewal says who holds the lock now: taken over after a lapse, the window says so.
    renewal = { HeldByMe: false, HeldBy: { UserId: 'gus', UserName: 'Gus Handler', CompanyId: 'DEMOGHA', Since: '2026-11-22T09:15:00.000Z' } };
    await act(() => vi.advanceTimersByTimeAsync(HANDLING_RENEW_MS));
    expect(calls('/awbapi/renewhandling/42')).toBe(2);
    expect(await screen.findByText('This shipment is being handled by Gus Handler (DEMOGHA) since 09:15 UTC.')).toBeInTheDocument();

    expect(calls('/awbapi/deletehandling/42')).toBe(0);
    view.unmount();
    await waitFor(() => expect(calls('/awbapi/deletehandling/42')).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(HANDLING_RENEW_MS));
    expect(calls('/awbapi/renewhandling/42')).toBe(2);
  });

  it('releases the lock with a keepalive request when the window is closed', async () => {
    const { client } = fakeApi((path) => (path === '/awbapi/awbdetail/42' ? detail : undefined));
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    try {
      renderShipmentPage('/en/awb/awbdetail?id=42', '/en/awb/awbdetail', <AwbDetailWindow />, { messages: spec.messages, httpClient: client });
      await screen.findByRole('heading', { name: /160-12345675/ });
      window.dispatchEvent(new Event('pagehide'));
      expect(fetch).toHaveBeenCalledWith(expect.stringMatching(/\/awbapi\/deletehandling\/42$/), expect.objectContaining({ method: 'POST', keepalive: true }));
    } finally {
      fetch.mockRestore();
    }
  });
});

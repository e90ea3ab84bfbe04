import { describe, expect, it, vi } from 'vitest';
import type { HttpClient, RequestOptions } from '../../../dataProviders/httpClient';
import { ApiError } from '../../../dataProviders/httpErrors';
import { deleteTokens, writeTokens } from '../../../dataProviders/tokenCookies';
import { createShipmentApi, SHIPMENT_ACTION_TIMEOUT_MS, ShipmentCallTimeout } from './shipmentApi';

/** An httpClient whose calls answer only when `answer` says so, and reject like fetch when their signal aborts. */
function slowClient(answer: (path: string) => Promise<unknown> | 'never') {
  const api = vi.fn((path: string, options: RequestOptions = {}) => {
    const answered = answer(path);
    return new Promise((resolve, reject) => {
      options.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      if (answered !== 'never') answered.then((data) => resolve({ status: 200, headers: new Headers(), body: '', json: { status: 1, data } }), reject);
    });
  });
  return { client: { api, apiUrl: (path: string) => path } as unknown as HttpClient, api };
}

const approval = { ShipmentId: '42', ApproveType: 'NORMAL' as const, ApproveReason: '', UpdateDT: '2026-11-19T08:00:00.000Z', PendingUpdate: false };

describe('the shipment changes time out', () => {
  it('waits 30 s by default, then gives up', async () => {
    vi.useFakeTimers();
    try {
      const { client } = slowClient(() => 'never');
      const outcome = createShipmentApi(client)
        .approve(approval)
        .catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(29_999);
      let settled = false;
      void outcome.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({ path: '/awbapi/awbapprove', timeoutMs: 30_000 });
      expect(SHIPMENT_ACTION_TIMEOUT_MS).toBe(30_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up on accept, reject, mark, modify and share when no answer comes in time', async () => {
    const { client, api } = slowClient(() => 'never');
    const shipments = createShipmentApi(client, { actionTimeoutMs: 20 });
    const calls: [string, () => Promise<unknown>][] = [
      ['/awbapi/awbapprove', () => shipments.approve(approval)],
      ['/awbapi/awbreject', () => shipments.reject({ ShipmentId: '42', RejectReasons: [{ Code: 'DOC' }], UpdateDT: approval.UpdateDT, PendingUpdate: false })],
      ['/awbapi/awbmark', () => shipments.mark({ ShipmentId: '42', Result: 'PASS', UpdateDT: approval.UpdateDT })],
      ['/awbapi/awbmodify', () => shipments.modify({ ShipmentId: '42', UpdateDT: approval.UpdateDT, OperatorRemarks: 'x' })],
      ['/awbapi/share', () => shipments.share({ ShipmentIds: ['42'], ShareOptions: ['AWB_COPY'], EmailList: 'ops@example.com' })],
    ];
    for (const [path, call] of calls) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error, path).toBeInstanceOf(ShipmentCallTimeout);
      expect(error).toMatchObject({ path, timeoutMs: 20 });
      const options = api.mock.calls.find(([called]) => called === path)![1] as RequestOptions;
      expect(options.signal?.aborted).toBe(true);
    }
  });

  it('answers as usual within the time, and passes refusals on as they are', async () => {
    const { client } = slowClient((path) =>
      path === '/awbapi/awbreject'
        ? Promise.reject(new ApiError(-1, 'Reject Shipment Fail!', 200, {}))
        : Promise.resolve({ ShipmentId: '42', Status: 'Accept', UpdateDT: '2026-11-19T08:00:01.000Z' }),
    );
    const shipments = createShipmentApi(client, { actionTimeoutMs: 1_000 });
    await expect(shipments.approve(approval)).resolves.toMatchObject({ Status: 'Accept' });
    await expect(
      shipments.reject({ ShipmentId: '42', RejectReasons: [{ Code: 'DOC' }], UpdateDT: approval.UpdateDT, PendingUpdate: false }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('leaves reading calls without a time limit', async () => {
    const { client, api } = slowClient(() => Promise.resolve([]));
    await createShipmentApi(client, { actionTimeoutMs: 20 }).lookupCodes(1);
    expect((api.mock.calls[0][1] as RequestOptions).signal).toBeUndefined();
  });
});

describe('releasing the handling lock', () => {
  it('calls nothing once the user has signed out (the sign-out released it), so leaving the page never reads as a timed-out session', async () => {
    deleteTokens();
    const { client, api } = slowClient(() => Promise.resolve({ Released: true }));
    await createShipmentApi(client).releaseHandling('42');
    expect(api).not.toHaveBeenCalled();
  });

  it('releases while the user is signed in', async () => {
    writeTokens({ accessToken: 'a.b.c', refreshToken: 'r' });
    try {
      const { client, api } = slowClient(() => Promise.resolve({ Released: true }));
      await createShipmentApi(client).releaseHandling('42');
      expect(api).toHaveBeenCalledWith('/awbapi/deletehandling/42', expect.objectContaining({ method: 'POST' }));
    } finally {
      deleteTokens();
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient, RequestOptions } from '../../../dataProviders/httpClient';
import { DEFAULT_DB_OPTIONS, type AwbSummaryRequest } from '../../domain/shipmentWire';
import { FunctionId } from '../../domain/access';
import { signInAs, signOut } from '../testing/fixtures';
import { localDay, overviewKey, startFirstScreen, summaryKey, takeEarly } from './firstScreen';
import { createShipmentApi } from './shipmentApi';
import { createShipmentDataProvider } from './shipmentDataProvider';
import type { DataProvider } from 'react-admin';

const summaryAnswer = { rows: [{ ShipmentId: '7', AWBPrefix: '160', AWBSuffix: '12345675' }], total: 1, missing: [] };
const overviewAnswer = { TodayByStatus: {}, WeekByStatus: {} };

/** An httpClient that answers the summary and the overview, and records every call. */
function recordingClient() {
  const api = vi.fn(async (path: string, _options?: RequestOptions) => {
    const data = path.startsWith('/awbapi/awbsummary') ? summaryAnswer : path.startsWith('/awbapi/overview') ? overviewAnswer : undefined;
    if (!data) throw new Error(`unexpected call ${path}`);
    return { status: 200, headers: new Headers(), body: '', json: { status: 1, data } };
  });
  return { client: { api, apiUrl: (path: string) => path } as unknown as HttpClient, api };
}

const defaultRequest: AwbSummaryRequest = {
  fieldSearch: [],
  dbOptions: DEFAULT_DB_OPTIONS,
  filters: {},
};
const defaultListParams = {
  filter: {},
  sort: { field: DEFAULT_DB_OPTIONS.FieldName, order: DEFAULT_DB_OPTIONS.OrderBy },
  pagination: { page: 1, perPage: DEFAULT_DB_OPTIONS.PageSize },
};

afterEach(() => {
  // Whatever a test left started is taken, so the next one starts empty.
  takeEarly(summaryKey(defaultRequest));
  takeEarly(overviewKey(localDay()));
  vi.useRealTimers();
  signOut();
});

describe("the landing page's first reads, started as the sign-in ends", () => {
  it('asks for the overview and the first page at once, and the page takes each answer once', async () => {
    signInAs();
    const { client, api } = recordingClient();
    startFirstScreen(client);
    expect(api.mock.calls.map(([path]) => path)).toEqual([`/awbapi/overview?Today=${localDay()}`, '/awbapi/awbsummary']);
    expect(api.mock.calls[1][1]).toMatchObject({ method: 'POST', body: defaultRequest });

    // The list's getList with the page's default parameters uses it instead of asking again.
    const provider = createShipmentDataProvider(createShipmentApi(client), {} as DataProvider);
    const first = await provider.getList('shipments', defaultListParams);
    expect(first.data).toEqual([{ ...summaryAnswer.rows[0], id: '7' }]);
    expect(await takeEarly(overviewKey(localDay()))).toEqual(overviewAnswer);
    expect(api).toHaveBeenCalledTimes(2);

    // Taken once: the next read of the same page is the server's.
    await provider.getList('shipments', defaultListParams);
    expect(api).toHaveBeenCalledTimes(3);
    expect(takeEarly(overviewKey(localDay()))).toBeUndefined();
  });

  it('marks a read with the criteria of the one before as a reload (not logged as a search), for the same account only', async () => {
    signInAs();
    const { client, api } = recordingClient();
    const provider = createShipmentDataProvider(createShipmentApi(client), {} as DataProvider);
    const searched = { ...defaultListParams, filter: { Status: ['New'] } };
    const bodies = () => api.mock.calls.map(([, options]) => (options?.body as { reload?: boolean } | undefined)?.reload);
    await provider.getList('shipments', searched); // the search
    await provider.getList('shipments', searched); // react-admin's refresh after a bulk accept
    await provider.getList('shipments', searched); // the live change's reload
    await provider.getList('shipments', { ...searched, pagination: { page: 2, perPage: 10 } }); // another page
    await provider.getList('shipments', searched); // back to the first: asked again
    signInAs({ userId: 'operator' });
    await provider.getList('shipments', searched); // someone else's first search
    expect(bodies()).toEqual([undefined, true, true, undefined, undefined, undefined]);
  });

  it('is not used for another question', async () => {
    signInAs();
    const { client, api } = recordingClient();
    startFirstScreen(client);
    const provider = createShipmentDataProvider(createShipmentApi(client), {} as DataProvider);
    await provider.getList('shipments', { ...defaultListParams, pagination: { page: 2, perPage: 10 } });
    expect(api).toHaveBeenCalledTimes(3);
    expect(api.mock.calls[2][1]).toMatchObject({ body: { dbOptions: { ...DEFAULT_DB_OPTIONS, CurrentPage: 2 } } });
  });

  it('never answers another account: signed out and in as someone else, the page asks the server', () => {
    signInAs({ userId: 'admin', companyId: 'DEMOAIR' });
    startFirstScreen(recordingClient().client);
    signOut();
    signInAs({ userId: 'ops', companyId: 'DEMOGHA' });
    expect(takeEarly(summaryKey(defaultRequest))).toBeUndefined();
    expect(takeEarly(overviewKey(localDay()))).toBeUndefined();
  });

  it('is not used once it is older than a few seconds', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    signInAs();
    startFirstScreen(recordingClient().client);
    vi.setSystemTime(Date.now() + 16_000);
    expect(takeEarly(summaryKey(defaultRequest))).toBeUndefined();
  });

  it('asks nothing for a user the shipment page is not open to, or for nobody', () => {
    signInAs({ functionList: [FunctionId.USER_MANAGEMENT] });
    const { client, api } = recordingClient();
    startFirstScreen(client);
    signOut();
    startFirstScreen(client);
    expect(api).not.toHaveBeenCalled();
  });
});

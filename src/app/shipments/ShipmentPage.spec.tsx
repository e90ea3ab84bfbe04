// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusCode } from '../../domain/statusCodes';
import type { AwbSummaryRequest } from '../../domain/shipmentWire';
import { ShipmentPage } from './ShipmentPage';
import { fakeApi, refusal, renderShipmentPage, shipmentScreenSpec, summaryRow } from './testing/shipmentHarness';

const spec = shipmentScreenSpec();
afterEach(() => sessionStorage.clear());

const overview = {
  Today: '2026-11-22',
  TodayByStatus: { New: 2, Error: 0, Accept: 1, Reject: 0, Submit: 0, Eyeball: 0, Nothing: 0, Processing: 0 },
  Last7DaysByStatus: { New: 9, Error: 1, Accept: 4, Reject: 0, Submit: 2, Eyeball: 0, Nothing: 0, Processing: 0 },
  Attention: { OpenHitsByAge: { under1h: 1, under4h: 0, under24h: 0, older: 2 }, AwaitingReview: 0, DeniedHit: 1, HardBlock: 3, DepartingSoon: 4 },
};
const rows = [
  // Its message came 26 hours ago: the open hit has waited that long.
  summaryRow('160-12345675', { Attention: ['OpenHits', 'HardBlock'], MessageDate: new Date(Date.now() - 26 * 3_600_000 - 60_000).toISOString() }),
  summaryRow('297-00000011', { Status: 'Eyeball' }),
  summaryRow('618-00000022', { IsLent: true }),
];

/** The demo answers; `counts` for the overview (a promise: the counts arrive when it resolves). */
function serve(extra: (path: string, body: unknown) => unknown = () => undefined, counts: unknown = overview) {
  const requests: AwbSummaryRequest[] = [];
  const fake = fakeApi((path, body) => {
    if (path.startsWith('/awbapi/overview')) return counts;
    if (path === '/awbapi/awbsummary') {
      requests.push(body as AwbSummaryRequest);
      const tags = (body as AwbSummaryRequest).fieldSearch;
      if (tags.length > 0) {
        return {
          total: 1,
          rows: [rows[0]],
          missing: [{ AWBPrefix: '160', AWBSuffix: '99999990', Reason: 'notFound', Message: 'There is no shipment found in AWB #160-99999990.' }],
        };
      }
      return { total: rows.length, rows, missing: [] };
    }
    return extra(path, body);
  });
  return { ...fake, requests };
}

describe('ShipmentPage', () => {
  it('takes an AWB number pasted as printed, with a space after the prefix, as one tag', async () => {
    const { client, requests } = serve();
    renderShipmentPage('/en/shipment', '/en/shipment', <ShipmentPage />, { messages: spec.messages, httpClient: client });
    await screen.findAllByText('160-12345675');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('AWB numbers'));
    await user.paste('160 12345675');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(requests.at(-1)?.fieldSearch).toEqual([{ AWBPrefix: '160', AWBSuffix: '12345675' }]));
    expect(screen.queryByText('Please enter AWB number in valid format.')).not.toBeInTheDocument();
  });

  it('keeps Search and Clear named and labelled on a phone, disabled or not (Lighthouse: every control has a name)', async () => {
    // A phone: every "max-width" media query matches, so react-admin's responsive parts take their small form.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }));
    try {
      const { client } = serve();
      renderShipmentPage('/en/shipment', '/en/shipment', <ShipmentPage />, { messages: spec.messages, httpClient: client });
      await screen.findAllByText('160-12345675');
      const clear = screen.getByRole('button', { name: 'Clear' });
      expect(clear).toBeDisabled();
      expect(clear).toHaveTextContent('Clear');
      expect(screen.getByRole('button', { name: 'Search' })).toHaveTextContent('Search');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('lists the summary with its statuses and the overview, page 1 of 10 by AWB number', async () => {
    const { client, requests } = serve();
    renderShipmentPage('/en/shipment', '/en/shipment', <ShipmentPage />, { messages: spec.messages, httpClient: client });
    expect(await screen.findByText('160-12345675')).toBeInTheDocument();
    expect(requests[0]).toEqual({ fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 10, FieldName: 'AWBNumber', OrderBy: 'ASC' }, filters: {} });
    expect(screen.getByText('Eyeball', { selector: '.light-chip-label' })).toBeInTheDocument();
    expect(screen.getByText('Lent')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '9 New shipments with flights in the last 7 days' })).toBeInTheDocument();
  });

  it("draws the overview's chart and figures once the counts are in, into the places kept for them (issue 16)", async () => {
    let answer: (value: typeof overview) => void = () => undefined;
    const counted = new Promise<typeof overview>((resolve) => {
      answer = resolve;
    });
    const { client } = serve(undefined, counted);
    const { container } = renderShipmentPage('/en/shipment', '/en/shipment', <ShipmentPage />, { messages: spec.messages, httpClient: client });
    await screen.findAllByText('160-12345675');
    const overviewCard = screen.getByRole('region', { name: 'Shipments by status' });
    // No chart of zeros to redraw: an empty box as high as the chart, and an empty cell (a placeholder drawn by CSS) per figure.
    expect(within(overviewCard).queryByTestId('overview-chart')).not.toBeInTheDocument();
    const newRow = within(overviewCard).getByRole('rowheader', { name: 'New' }).closest('tr')!;
    expect([...newRow.querySelectorAll('td')].map((cell) => cell.childNodes.length)).toEqual([0, 0]);
    expect(within(overviewCard).getByRole('status')).toHaveTextContent('Loading');
    // Not one of the Stack's spaced items, whose spacing would go with it when the counts come and move all below.
    expect(within(overviewCard).getByRole('status').parentElement).not.toHaveClass('MuiStack-root');
    expect(container.querySelectorAll('.overview-figures.pending')).toHaveLength(2);
    answer(overview);
    expect(await within(overviewCard).findByTestId('overview-chart')).toBeInTheDocument();
    expect(within(newRow).getByRole('button', { name: '9 New shipments with flights in the last 7 days' })).toBeInTheDocument();
    expect(within(overviewCard).queryByRole('status')).not.toBeInTheDocument();
    expect(container.querySelectorAll('.overview-figures.pending')).toHaveLength(0);
  });

  it('marks what needs attention on a row, counts it in the overview, and opens the list filtered by a figure (issue 18)', async () => {
    const { client, requests } = serve();
    renderShipmentPage('/en/shipment', '/en/shipment', <ShipmentPage />, { messages: spec.messages, httpClient: client });
    const row = (await screen.findByText('160-12345675')).closest('tr')!;
    expect(within(row).getByText('Open sanction hit, waiting 26 h')).toBeInTheDocument();
    expect(within(row).getByText('Hard block')).toBeInTheDocument();
    expect(within(screen.getByText('297-00000011').closest('tr')!).queryByText('Hard block')).not.toBeInTheDocument();
    // Figures of 0 are plain text; the others open the list filtered by their kind.
    expect(await screen.findByRole('button', { name: '2 shipments: Open sanction hit: Over 24 hours' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Hit awaiting review$/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '3 shipments: Hard block' }));
    await waitFor(() => expect(requests.at(-1)?.filters).toEqual({ Attention: ['HardBlock'] }));
    // The filter form shows what the figure applied.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Needs attention' })).toHaveTextContent('Hard block'));
    // A backlog figure opens exactly what it counts: open hits of that age (issue 36, 2), oldest first.
    await userEvent.click(screen.getByRole('button', { name: '1 shipment: Open sanction hit: Under 1 hour' }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        filters: { Attention: ['OpenHits'], HitAge: 'under1h' },
        dbOptions: { FieldName: 'MessageDate', OrderBy: 'ASC' },
      }),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Open hit waiting' })).toHaveTextContent('Under 1 hour'));
  });

  it('keeps the filters behind a Filters button on a phone, and opens them when a figure applies one (issue 16)', async () => {
    // A screen narrower than 900 px: MUI asks matchMedia whether (min-width:900px) holds.
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: false,
      media,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    try {
      const { client, requests } = serve();
      renderShipmentPage('/en/shipment', '/en/shipment', <ShipmentPage />, { messages: spec.messages, httpClient: client });
      await screen.findByText('160-12345675');
      const toggle = screen.getByRole('button', { name: 'Filters' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByLabelText('Flight date From')).not.toBeInTheDocument();
      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('form', { name: 'Filters' })).toHaveAttribute('id', toggle.getAttribute('aria-controls'));
      await userEvent.click(toggle);
      expect(screen.queryByLabelText('Flight date From')).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '3 shipments: Hard block' }));
      await waitFor(() => expect(requests.at(-1)?.filters).toEqual({ Attention: ['HardBlock'] }));
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Needs attention' })).toHaveTextContent('Hard block'));
      expect(screen.getByRole('button', { name: 'Filters (1 applied)' })).toHaveAttribute('aria-expanded', 'true');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('applies the tag rules with the spec messages and searches the tags', async () => {
    const { client, requests } = serve();
    renderShipmentPage('/en/shipment', '/en/shipment', <ShipmentPage />, { messages: spec.messages, httpClient: client });
    await screen.findByText('160-12345675');
    const user = userEvent.setup();
    const input = screen.getByLabelText('AWB numbers');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Search text is empty.');
    await user.type(input, '16-1234567{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter AWB number in valid format.');
    await user.clear(input);
    await user.type(input, '160-12345675 16012345675{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Search text already exists in search text.');
    await user.clear(input);
    await user.type(input, '160-00000011 160-00000022 160-00000033 160-00000040 160-00000055 ');
    expect(screen.getByRole('alert')).toHaveTextContent('Only 5 input tag allowed.');
    // 160-00000040 does not check (0000004 mod 7 = 4): kept, flagged.
    expect(screen.getAllByText('AWB 160-00000040 has a check digit that does not match; it is searched as entered.').length).toBeGreaterThan(0);
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requests.at(-1)?.fieldSearch).toHaveLength(5));
    expect(requests.at(-1)?.fieldSearch[0]).toEqual({ AWBPrefix: '160', AWBSuffix: '12345675' });
    expect(await screen.findByText('There is no shipment found in AWB #160-99999990.')).toBeInTheDocument();
  });

  it('refuses a date range over 7 days before searching', async () => {
    const { client, requests } = serve();
    renderShipmentPage('/en/shipment', '/en/shipment', <ShipmentPage />, { messages: spec.messages, httpClient: client });
    await screen.findByText('160-12345675');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Flight date From'), '2026-11-01');
    await user.type(screen.getByLabelText('Flight date To'), '2026-11-09');
    const before = requests.length;
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The flight date range must be within 7 days.');
    expect(requests.length).toBe(before);
    await user.clear(screen.getByLabelText('Flight date To'));
    await user.type(screen.getByLabelText('Flight date To'), '2026-11-07');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(requests.at(-1)?.filters).toEqual({ FlightDateFrom: '2026-11-01', FlightDateTo: '2026-11-07' }));
  });

  it('takes dates as YYYY-MM-DD whatever the browser locale, eight digits in a row included', async () => {
    const { client, requests } = serve();
    renderShipmentPage('/en/shipment', '/en/shipment', <ShipmentPage />, { messages: spec.messages, httpClient: client });
    await screen.findByText('160-12345675');
    const user = userEvent.setup();
    const from = screen.getByLabelText('Message date From');
    expect(from).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    expect(screen.getByRole('button', { name: 'Choose message date from from a calendar' })).toBeInTheDocument();
    await user.type(from, '20261103');
    await user.tab();
    expect(from).toHaveValue('2026-11-03');
    await user.type(screen.getByLabelText('Message date To'), '2026-11-31');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The message date must be a date (YYYY-MM-DD).');
    await user.clear(screen.getByLabelText('Message date To'));
    await user.type(screen.getByLabelText('Message date To'), '2026-11-04');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(requests.at(-1)?.filters).toEqual({ MessageDateFrom: '2026-11-03', MessageDateTo: '2026-11-04' }));
  });

  it('shows the columns an operator scans first, times marked UTC, and lets the user add Message Date', async () => {
    const { client } = serve();
    renderShipmentPage('/en/shipment', '/en/shipment', <ShipmentPage />, { messages: spec.messages, httpClient: client });
    await screen.findByText('160-12345675');
    const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent?.trim());
    expect(headers()).toContain('STD (UTC)');
    expect(headers()).toContain('Weight (kg)');
    expect(headers()).not.toContain('Message Date (UTC)');
    // The chooser's switches mount when it is first opened (issue 16).
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(await screen.findByRole('switch', { name: 'STD (UTC)' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Message Date (UTC)' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(headers()).toContain('Message Date (UTC)'));
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('switch', { name: 'Message Date (UTC)' })).not.toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(headers()).not.toContain('Message Date (UTC)'));
  });

  it('accepts the selected shipments and reports each AWB on its own, leaving lent ones out', async () => {
    const approved: string[] = [];
    const { client } = serve((path, body) => {
      if (path === '/awbapi/awbapprove') {
        const request = body as { ShipmentId: string; UpdateDT: string };
        approved.push(request.ShipmentId);
        if (request.ShipmentId === rows[1].ShipmentId)
          throw refusal(StatusCode.FAILURE, 'Please record the eyeball check before accepting this shipment.', 'eyeballCheckRequired');
        return { ShipmentId: request.ShipmentId, Status: 'Accept', UpdateDT: '2026-11-22T10:00:00.000Z' };
      }
      return undefined;
    });
    renderShipmentPage('/en/shipment', '/en/shipment', <ShipmentPage />, { messages: spec.messages, httpClient: client });
    await screen.findByText('160-12345675');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(await screen.findByRole('button', { name: 'Accept Selected' }));
    expect(await screen.findByText(/Lent air waybills are left out: 618-00000022/)).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Accept 2 shipments' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const outcome = await screen.findByRole('dialog', { name: 'Accept Selected: outcome per AWB' });
    expect(within(outcome).getByText('1 of 2 done.')).toBeInTheDocument();
    expect(within(outcome).getByRole('row', { name: /160-12345675 Accepted/ })).toBeInTheDocument();
    expect(within(outcome).getByRole('row', { name: /297-00000011 Please record the eyeball check/ })).toBeInTheDocument();
    expect(approved.sort()).toEqual([rows[0].ShipmentId, rows[1].ShipmentId].sort());
  });
});

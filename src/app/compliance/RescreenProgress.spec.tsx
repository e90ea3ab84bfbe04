// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../dataProviders/httpClient';
import { renderShipmentPage, shipmentScreenSpec } from '../shipments/testing/shipmentHarness';
import { RescreenProgress } from './RescreenProgress';

const spec = shipmentScreenSpec();

const run = { RunId: '7', Total: 40, Done: 12, Changed: 3, Reason: 'Region List: 1 row(s) changed by admin', FinishedAt: null, Error: null };

/** The banner over a client whose /rescreenruns answers `runs`, recording the paths asked. */
function renderBanner(listName: string | undefined, runs: Record<string, unknown>[]) {
  const classic = vi.fn(async (_path: string) => ({ status: 200, headers: new Headers(), body: '', json: { status: 1, data: runs } }));
  const client = { classic, api: vi.fn(), apiUrl: (path: string) => path, classicUrl: (path: string) => path } as unknown as HttpClient;
  renderShipmentPage('/en/list', '/en/list', <RescreenProgress listName={listName} />, { messages: spec.messages, httpClient: client });
  return classic;
}

describe('RescreenProgress', () => {
  it("asks for the run of the page's own list, and says when another list's run covers its change", async () => {
    const classic = renderBanner('countryrules', [{ ...run, ListName: 'regionlist', State: 'RUNNING', Includes: 'countryrules' }]);
    const message = 'Screening shipments again after your change of Region List: 12 of 40. It covers the change of Country Rules too.';
    expect((await screen.findByText(message)).closest('[role=status]')).not.toBeNull();
    expect(screen.getByRole('progressbar', { name: message })).toHaveAttribute('aria-valuenow', '30');
    expect(classic).toHaveBeenCalledWith('/rescreenruns?list=countryrules', expect.anything());
  });

  it("shows the list's own finished run with its outcome", async () => {
    renderBanner('sanctionlist', [{ ...run, ListName: 'sanctionlist', State: 'DONE', Done: 40, FinishedAt: new Date().toISOString(), Includes: null }]);
    const message = await screen.findByText('Shipments screened again after the change of Sanction List: 3 of 40 changed.');
    expect(message.closest('[role=status]')).not.toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says how many shipments a new version of a sanctions source concerned, and how long screening them took (issue 34, 5)', async () => {
    const finished = new Date();
    const started = new Date(finished.getTime() - 42_000);
    renderBanner('sanctionlist', [
      {
        ...run,
        ListName: 'sanctionlist',
        State: 'DONE',
        Done: 40,
        Screened: 2,
        Changed: 1,
        Targeted: true,
        StartedAt: started.toISOString(),
        FinishedAt: finished.toISOString(),
        Includes: null,
      },
    ]);
    expect(
      await screen.findByText(
        'Shipments screened again after a new version of a sanctions source: 2 of 40 concerned by its changed entries, 1 changed, in 42 s.',
      ),
    ).toBeInTheDocument();
  });
});

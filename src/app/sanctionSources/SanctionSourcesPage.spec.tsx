// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { testDataProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createHttpClient } from '../../../dataProviders/httpClient';
import type { SourceEntry } from '../../domain/screening/sources/model';
import { renderAdminScreens } from '../testing/adminScreens';
import { signedInScreenSpec, testConfig } from '../testing/fixtures';
import { SanctionSourcesPage } from './SanctionSourcesPage';
import type { SanctionSource, SourceVersion } from './sanctionSourcesApi';

/** The Sanction Sources page (issue 34, function 87) against the /classicapi/sanctionsources calls answered by msw. */

const SDN_HASH = '3f9a1c0b7d2e4f5a6b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c';

function version(overrides: Partial<SourceVersion>): SourceVersion {
  return {
    VersionId: '11',
    Source: 'OFAC_SDN',
    FileHash: SDN_HASH,
    FileNames: 'sdn.csv, alt.csv, add.csv, sdn_comments.csv',
    PublishedAt: '2019-01-10T00:00:00.000Z',
    ImportedAt: '2026-03-02T08:15:00.000Z',
    ImportedBy: null,
    Via: 'seed',
    Entries: 7379,
    Aliases: 9012,
    WeakAliases: 1204,
    Added: 7379,
    Removed: 0,
    Changed: 0,
    ...overrides,
  };
}

const sdnSecond = version({
  VersionId: '15',
  FileHash: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
  ImportedAt: '2026-04-20T09:30:00.000Z',
  PublishedAt: '2026-04-18T00:00:00.000Z',
  ImportedBy: 'admin',
  Via: 'upload',
  Entries: 7390,
  Aliases: 9030,
  WeakAliases: 1210,
  Added: 14,
  Removed: 3,
  Changed: 5,
});

function sources(sdnCurrent: SourceVersion = sdnSecond): SanctionSource[] {
  return [
    {
      id: 'OFAC_SDN',
      Source: 'OFAC_SDN',
      Label: 'OFAC Specially Designated Nationals (SDN)',
      Current: sdnCurrent,
      LastFailure: null,
      Schedule: { Urls: ['https://example.org/sdn.csv', 'https://example.org/alt.csv'], EveryMinutes: 360 },
    },
    {
      id: 'OFAC_CONS',
      Source: 'OFAC_CONS',
      Label: 'OFAC Consolidated (non-SDN) lists',
      Current: version({ VersionId: '12', Source: 'OFAC_CONS', FileNames: 'cons_prim.csv, cons_alt.csv', Entries: 443, Added: 443 }),
      LastFailure: null,
    },
    {
      id: 'UN',
      Source: 'UN',
      Label: 'UN Security Council Consolidated List',
      Current: version({ VersionId: '13', Source: 'UN', FileNames: 'consolidated.xml', Via: 'schedule', Entries: 1003, Added: 1003 }),
      LastFailure: {
        AttemptId: '4',
        Source: 'UN',
        At: '2026-04-21T02:00:00.000Z',
        Via: 'schedule',
        RequestedBy: null,
        Outcome: 'refused',
        Reason: 'list line 88: the file ends inside INDIVIDUAL (truncated?)',
        Problems: [
          { file: 'list', line: 88, reason: 'the file ends inside INDIVIDUAL (truncated?)' },
          { file: 'list', line: 90, entry: 'UN-QDi.431', reason: 'a date of birth without a year' },
        ],
      },
    },
    {
      id: 'US_CSL',
      Source: 'US_CSL',
      Label: 'US Consolidated Screening List (trade.gov)',
      Current: null,
      LastFailure: null,
      Schedule: { Urls: [], EveryMinutes: 1440 },
    },
  ];
}

function entry(entryId: string, name: string, overrides: Partial<SourceEntry> = {}): SourceEntry {
  return {
    source: 'OFAC_SDN',
    entryId,
    listId: entryId.split('-')[1],
    partyType: 'Entity',
    name: { full: name },
    aliases: [],
    programs: ['SDGT'],
    nationalities: [],
    citizenships: [],
    datesOfBirth: [],
    placesOfBirth: [],
    addresses: [],
    identifiers: [],
    titles: [],
    linkedTo: [],
    ...overrides,
  };
}

/** What the fake server answers and what it was asked. */
let listed: SanctionSource[];
let importAnswer: { status: number; body: JsonBodyType };
const imports: { source: string; parts: [string, FormDataEntryValue][] }[] = [];
const changesAsked: URL[] = [];
const errorPages: number[] = [];

const server = setupServer(
  http.get('*/classicapi/sanctionsources', () => HttpResponse.json({ status: 1, data: listed, total: listed.length } as unknown as JsonBodyType)),
  http.get('*/classicapi/sanctionsources/:source/versions', ({ params }) =>
    HttpResponse.json({
      status: 1,
      data: params.source === 'OFAC_SDN' ? [sdnSecond, version({})] : [],
      total: params.source === 'OFAC_SDN' ? 2 : 0,
    } as unknown as JsonBodyType),
  ),
  http.get('*/classicapi/sanctionsources/versions/:versionId/:kind', ({ request, params }) => {
    changesAsked.push(new URL(request.url));
    const rows =
      params.versionId === '15' && params.kind === 'removed'
        ? [
            entry('OFAC_SDN-306', 'BANCO NACIONAL DE CUBA', { programs: ['CUBA'], aliases: [{ full: 'BNC', quality: 'strong', kind: 'aka' }] }),
            entry('OFAC_SDN-2674', 'AL-QADI, Yasin', { partyType: 'Individual', programs: ['SDGT', 'SDT'] }),
            entry('OFAC_SDN-7160', 'M/V ORIENT STAR', { partyType: 'Vessel', programs: ['NKOREA'] }),
          ]
        : [];
    return HttpResponse.json({ status: 1, data: rows, total: rows.length } as unknown as JsonBodyType);
  }),
  http.post('*/classicapi/sanctionsources/:source/import', async ({ request, params }) => {
    const form = await request.formData();
    imports.push({ source: String(params.source), parts: [...form.entries()] });
    return HttpResponse.json(importAnswer.body, { status: importAnswer.status });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
const spec = signedInScreenSpec({ functionList: [87] });
/** The multipart bodies the page hands to fetch (the files' names and contents are checked there, see below). */
let fetchSpy: MockInstance<typeof fetch>;
const sentForms = () => fetchSpy.mock.calls.map(([, init]) => init?.body).filter((body): body is FormData => body instanceof FormData);
afterEach(() => fetchSpy.mockRestore());
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  listed = sources();
  importAnswer = { status: 500, body: { status: -1, message: 'not expected' } };
  imports.length = 0;
  changesAsked.length = 0;
  errorPages.length = 0;
});

async function renderPage() {
  const httpClient = createHttpClient(testConfig, { onSignOut() {}, onErrorPage: (page) => errorPages.push(page) });
  await act(async () => {
    renderAdminScreens('/en/sanctionsources', [['/en/sanctionsources', <SanctionSourcesPage key="page" />]], {
      messages: spec.messages,
      dataProvider: testDataProvider(),
      httpClient,
    });
  });
}

const card = (label: string) => screen.findByRole('region', { name: label });
const csv = (text: string, name: string) => new File([text], name, { type: 'text/csv' });

async function openUpload(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(within(await card(label)).getByRole('button', { name: `Upload new version of ${label}` }));
  return screen.findByRole('dialog', { name: `Upload a new version: ${label}` });
}

describe('the Sanction Sources page', () => {
  it('shows the four sources: the current version with its counts, an empty state, and the last failure', async () => {
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanction Sources' })).toBeInTheDocument();
    expect(screen.getByText(/screened against the current version of each source together with your company's own Sanction List rows/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'OFAC Specially Designated Nationals (SDN)',
      'OFAC Consolidated (non-SDN) lists',
      'UN Security Council Consolidated List',
      'US Consolidated Screening List (trade.gov)',
    ]);

    const sdn = await card('OFAC Specially Designated Nationals (SDN)');
    expect(within(sdn).getByText('OFAC_SDN')).toBeInTheDocument();
    const current = within(sdn).getByLabelText('Current version');
    const details = Object.fromEntries([...current.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(details).toMatchObject({
      Published: '2026-04-18 00:00 UTC',
      Imported: '2026-04-20 09:30 UTC',
      By: 'admin (upload)',
      Entries: '7,390',
      Aliases: '9,030 (1,210 weak)',
      Files: 'sdn.csv, alt.csv, add.csv, sdn_comments.csv',
      'File hash (SHA-256)': 'a1b2c3d4e5f6…',
    });
    expect(within(current).getByLabelText(`File hash ${sdnSecond.FileHash}`)).toBeInTheDocument();
    expect(within(sdn).getByRole('button', { name: 'Show the 14 added entries' })).toBeEnabled();
    expect(within(sdn).getByRole('button', { name: 'Show the 3 removed entries' })).toBeEnabled();
    expect(within(sdn).getByRole('button', { name: 'Show the 5 changed entries' })).toBeEnabled();
    expect(within(sdn).queryByRole('alert')).toBeNull();
    expect(within(sdn).getByText('Refreshed every 6 hours from https://example.org/sdn.csv, https://example.org/alt.csv')).toBeInTheDocument();

    const cons = await card('OFAC Consolidated (non-SDN) lists');
    expect(within(cons).getByText('Demo world')).toBeInTheDocument();
    expect(within(cons).getByRole('button', { name: 'Show the 0 removed entries' })).toBeDisabled();

    const un = await card('UN Security Council Consolidated List');
    expect(within(un).getByText('Refresh schedule')).toBeInTheDocument();
    const failure = within(un).getByRole('alert');
    expect(failure).toHaveTextContent('The file fetched by the refresh schedule on 2026-04-21 02:00 UTC was refused: the current version stays.');
    expect(failure).toHaveTextContent('list line 88: the file ends inside INDIVIDUAL (truncated?)');
    expect(
      within(within(failure).getByRole('list', { name: 'Problems in the file' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['list line 88: the file ends inside INDIVIDUAL (truncated?)', 'list line 90 (UN-QDi.431): a date of birth without a year']);

    const csl = await card('US Consolidated Screening List (trade.gov)');
    expect(within(csl).getByText('No version yet: upload the official file to start screening against this list.')).toBeInTheDocument();
    expect(within(csl).queryByLabelText('Current version')).toBeNull();
    expect(within(csl).getByText(/^No scheduled refresh: new versions come by upload/)).toBeInTheDocument();
    expect(within(csl).getByRole('button', { name: 'Upload new version of US Consolidated Screening List (trade.gov)' })).toBeEnabled();
    expect(errorPages).toEqual([]);
  });

  it("uploads OFAC's CSV set as multipart, the envelope's fields before the files, notifies the counts and shows the new version", async () => {
    const user = userEvent.setup();
    await renderPage();
    const dialog = await openUpload(user, 'OFAC Specially Designated Nationals (SDN)');
    expect(within(dialog).getByText(/sdn\.csv, alt\.csv, add\.csv, sdn_comments\.csv\. sdn\.csv is required/)).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Files');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', '.csv,text/csv');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    await user.upload(input, [csv('36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA"\n', 'sdn.csv'), csv('36,12,"aka","AERO-CARIBBEAN",-0-\n', 'alt.csv')]);
    expect(
      within(within(dialog).getByRole('list', { name: 'Chosen files' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^sdn\.csv/), expect.stringMatching(/^alt\.csv/)]);

    const imported = version({ VersionId: '16', ImportedBy: 'admin', Via: 'upload', Entries: 7401, Aliases: 9040, Added: 12, Removed: 1, Changed: 4 });
    importAnswer = { status: 200, body: { status: 1, data: { Outcome: 'imported', Version: imported } } as unknown as JsonBodyType };
    listed = sources(imported);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Imported: 7,401 entries (12 added, 1 removed, 4 changed).')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(imports).toHaveLength(1);
    const [{ source, parts }] = imports;
    expect(source).toBe('OFAC_SDN');
    expect(parts.map(([name]) => name)).toEqual(['app_id', 'token', 'ts', 'file', 'file']);
    const fields = Object.fromEntries(parts.slice(0, 3));
    expect(fields.app_id).toBe('2');
    expect(fields.token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(fields.ts).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(fields.ts) - Date.now() / 1000)).toBeLessThan(600);
    // The files as the page handed them to fetch: vitest's jsdom fetch shim sends a File part without its name and
    // content, so both are checked here. Each part is named by its file, by which the server knows its part of the set.
    const [form] = sentForms();
    const sent = [...form.entries()];
    expect(sent.map(([name, value]) => (typeof value === 'string' ? name : `${name}=${value.name}`))).toEqual([
      'app_id',
      'token',
      'ts',
      'file=sdn.csv',
      'file=alt.csv',
    ]);
    expect(await (sent[3][1] as File).text()).toBe('36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA"\n');
    expect(await (sent[4][1] as File).text()).toBe('36,12,"aka","AERO-CARIBBEAN",-0-\n');

    // The page asked for the sources again and shows the new version.
    const sdn = await card('OFAC Specially Designated Nationals (SDN)');
    expect(await within(sdn).findByRole('button', { name: 'Show the 12 added entries' })).toBeInTheDocument();
    expect(within(sdn).getByText('7,401')).toBeInTheDocument();
  });

  it('says when the file is the current version already', async () => {
    const user = userEvent.setup();
    await renderPage();
    const dialog = await openUpload(user, 'UN Security Council Consolidated List');
    const input = within(dialog).getByLabelText('File');
    expect(input).not.toHaveAttribute('multiple');
    importAnswer = { status: 200, body: { status: 1, data: { Outcome: 'unchanged', Version: listed[2].Current } } as unknown as JsonBodyType };
    await user.upload(input, new File(['<CONSOLIDATED_LIST/>'], 'consolidated.xml', { type: 'application/xml' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('This file is the current version already.')).toBeInTheDocument();
    expect(imports.map((call) => [call.source, call.parts.map(([name]) => name)])).toEqual([['UN', ['app_id', 'token', 'ts', 'file']]]);
  });

  it("keeps the dialog open with the server's refusal and its problems, and refreshes nothing", async () => {
    const user = userEvent.setup();
    await renderPage();
    const dialog = await openUpload(user, 'US Consolidated Screening List (trade.gov)');
    importAnswer = {
      status: 400,
      body: {
        status: -50001,
        message: 'The file is refused, the current version stays: list line 12: the row has 3 cells; the header has 28 (and 1 more problem)',
        data: {
          problems: [
            { file: 'list', line: 12, reason: 'the row has 3 cells; the header has 28' },
            { file: 'list', line: 40, entry: 'US_CSL-77', reason: 'a name is required' },
          ],
        },
      },
    };
    await user.upload(within(dialog).getByLabelText('File'), csv('_id,source,name\n1,2,3\n', 'consolidated.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('The file was not imported');
    expect(refusal).toHaveTextContent(
      'The file is refused, the current version stays: list line 12: the row has 3 cells; the header has 28 (and 1 more problem)',
    );
    expect(
      within(within(refusal).getByRole('list', { name: 'Problems in the file' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['list line 12: the row has 3 cells; the header has 28', 'list line 40 (US_CSL-77): a name is required']);
    expect(screen.getByRole('dialog', { name: 'Upload a new version: US Consolidated Screening List (trade.gov)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
    expect(imports).toHaveLength(1);
    expect(errorPages).toEqual([]);
  });

  it('checks the chosen files in the browser and sends nothing that cannot be right', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderPage();
    const dialog = await openUpload(user, 'OFAC Specially Designated Nationals (SDN)');
    await user.upload(within(dialog).getByLabelText('Files'), csv('x\n', 'alt.csv'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('sdn.csv is required: choose it with the other files.');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Files'), csv('x\n', 'names.csv'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('names.csv is not a file of this set: choose sdn.csv, alt.csv, add.csv, sdn_comments.csv.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove names.csv' }));
    await user.upload(within(dialog).getByLabelText('Files'), csv('x\n', 'sdn.csv'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(imports).toHaveLength(0);
  });

  it('lists the entries a version removed, from the changes call', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(within(await card('OFAC Specially Designated Nationals (SDN)')).getByRole('button', { name: 'Show the 3 removed entries' }));
    const dialog = await screen.findByRole('dialog', { name: /^Entries removed by the version of 2026-04-18(?! \d)/ });
    const table = await within(dialog).findByRole('table', { name: 'Entries' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['OFAC_SDN-306', 'BANCO NACIONAL DE CUBAa.k.a. BNC', 'Entity', 'CUBA'],
      ['OFAC_SDN-2674', 'AL-QADI, Yasin', 'Individual', 'SDGT, SDT'],
      ['OFAC_SDN-7160', 'M/V ORIENT STAR', 'Vessel', 'NKOREA'],
    ]);
    expect(changesAsked.map((url) => `${url.pathname}${url.search}`)).toEqual(['/classicapi/sanctionsources/versions/15/removed?offset=0&limit=50']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("lists a source's versions when its Versions section is opened, the current one marked", async () => {
    const user = userEvent.setup();
    await renderPage();
    const sdn = await card('OFAC Specially Designated Nationals (SDN)');
    await user.click(within(sdn).getByRole('button', { name: 'Versions' }));
    const table = await within(sdn).findByRole('table', { name: 'Versions of OFAC Specially Designated Nationals (SDN)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('2026-04-20 09:30 UTCcurrent');
    expect(rows[0]).toHaveTextContent('admin (upload)');
    expect(rows[1]).toHaveTextContent('2026-03-02 08:15 UTC');
    expect(rows[1]).toHaveTextContent('Demo world');
    expect(within(rows[1]).getByRole('button', { name: 'Show the 7,379 added entries' })).toBeEnabled();
  });
});

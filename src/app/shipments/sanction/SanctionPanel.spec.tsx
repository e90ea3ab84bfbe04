// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SanctionHit } from '../../../domain/shipmentWire';
import type { SanctionDetail } from '../shipmentApi';
import { fakeApi, renderShipmentPage, shipmentScreenSpec } from '../testing/shipmentHarness';
import { SanctionPanel } from './SanctionPanel';

const spec = shipmentScreenSpec();

/** A hit on a Sanction List row, as stored before hits kept their evidence. */
const rowHit: SanctionHit = {
  hitId: 'H1',
  state: 'OPEN',
  riskLevel: 'HIGH',
  matchedPhrase: 'KOMID',
  party: 'Consignee',
  hawb: null,
  screenedText: 'KOMID TRADING OFFICE',
  score: 1,
  method: 'Keyword',
  list: 'UN',
  entryId: 'UN-KPE-001',
  entryName: 'KOREA MINING DEVELOPMENT TRADING CORPORATION',
  programs: [],
  citation: 'UNSCR 1718',
  exportEmbargo: false,
  importEmbargo: false,
  controlledCommodity: null,
  aliases: [],
  sourceVersion: null,
  explanation: null,
  action: null,
  actions: [],
};

/** A hit on the UN source's version, with its aliases and why the name hit. */
const sourceHit: SanctionHit = {
  ...rowHit,
  hitId: 'H2',
  matchedPhrase: 'ERIC BADEGE',
  party: 'Shipper',
  screenedText: 'BADEGE ERIK FABIO',
  score: 0.9634,
  method: 'Default',
  list: 'UN',
  entryId: 'UN-CDi.001',
  entryName: 'ERIC BADEGE',
  programs: ['DRC', 'CDi'],
  citation: '',
  aliases: ['ERIK BADEGE', 'BADEGE ERIC', 'E. BADEGE', 'ERICK BADEGHE', 'ERIC BADEGUE'],
  sourceVersion: { versionId: '17', publishedAt: '2026-02-27T00:00:00.000Z', importedAt: '2026-03-02T07:45:00.000Z' },
  explanation: {
    how: 'fuzzy',
    score: 0.9634,
    summary: 'BADEGE = BADEGE (exact), ERIK ~ ERIC (typo 0.933); not on the shipment: MUKOKO; score 0.9634',
    words: [
      { listed: 'BADEGE', screened: 'BADEGE', how: 'exact', similarity: 1 },
      { listed: 'ERIC', screened: 'ERIK', how: 'typo', similarity: 0.933 },
    ],
    missing: ['MUKOKO'],
    extra: ['FABIO'],
    country: { party: 'DE', listed: 'CD', lowered: 0.02 },
  },
};

function renderPanel(hits: SanctionHit[]) {
  const detail: SanctionDetail = {
    ShipmentId: '42',
    AWBPrefix: '160',
    AWBSuffix: '12345675',
    AWBNumber: '160-12345675',
    Status: 'Eyeball',
    UpdateDT: '2026-11-19T08:00:00.000Z',
    SanctionHits: hits,
    ComplianceChecks: [],
    Compliance: {
      EvaluatedAt: null,
      OriginCountry: 'HK',
      DestinationCountry: 'NL',
      AddedSpecialHandlingCodes: [],
      MappedDescriptions: [],
      SuggestedRejectReasons: [],
      AutoAcceptAt: null,
    },
    Eyeball: null,
    HeldBy: null,
    Can: { Mark: true, Escalate: true, Review: true, Resend: false },
  };
  const http = fakeApi((path) => {
    if (path === '/awbapi/sanction/detail/42') return detail;
    throw new Error(`unexpected call ${path}`);
  });
  renderShipmentPage('/en/tab', '/en/tab', <SanctionPanel shipmentId="42" />, { messages: spec.messages, httpClient: http.client });
}

const hitRow = async (name: RegExp) => screen.findByRole('row', { name });

describe('SanctionPanel: the evidence of a hit (issue 34)', () => {
  it('shows the listed name, its aliases, the source with its version date and programmes, and the words paired in the listed order', async () => {
    renderPanel([sourceHit]);
    const row = await hitRow(/BADEGE ERIK FABIO/);
    expect(within(row).getByText('ERIC BADEGE')).toBeInTheDocument();
    // The first aliases, the rest behind "+2 more", which opens them by keyboard too.
    expect(row).toHaveTextContent('Also listed as: ERIK BADEGE; BADEGE ERIC; E. BADEGE +2 more');
    expect(within(row).queryByText('ERIC BADEGUE')).toBeNull();
    const more = within(row).getByRole('button', { name: '+2 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await userEvent.keyboard('{Enter}');
    expect(within(row).getByText('ERIC BADEGUE')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'show fewer' })).toHaveAttribute('aria-expanded', 'true');
    // The source and the date of the version the entry was found in, the entry, the programmes.
    expect(within(row).getByText('UN, version of 2026-02-27')).toBeInTheDocument();
    expect(within(row).getByText('UN-CDi.001')).toBeInTheDocument();
    expect(within(row).getByText('Programmes: DRC, CDi')).toBeInTheDocument();
    // Why it hit: the score and how, each listed word with the shipment's, and the words left over.
    expect(within(row).getByText('96%')).toBeInTheDocument();
    expect(row).toHaveTextContent('alike word by word');
    const words = within(row).getByRole('list', { name: 'Words of the listed name (first) paired with those of BADEGE ERIK FABIO' });
    expect(
      within(words)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ERIC ≈ ERIK (typo 0.93)', 'BADEGE = BADEGE (exact)']);
    expect(
      within(words).getByRole('listitem', { name: 'Listed ERIC, on the shipment ERIK: a letter or two replaced, added, dropped or swapped (0.93 alike)' }),
    ).toBeInTheDocument();
    expect(within(row).getByText('Missing on the shipment: MUKOKO')).toBeInTheDocument();
    expect(within(row).getByText('Not in the listed name: FABIO')).toBeInTheDocument();
    expect(within(row).getByText('The party is in DE, the entry in CD: score lowered by 0.02')).toBeInTheDocument();
  });

  it('marks the alias that matched, first among the aliases, and dates a version without a publication date by its import', async () => {
    renderPanel([
      {
        ...sourceHit,
        matchedPhrase: 'ERIC BADEGUE',
        sourceVersion: { versionId: '18', publishedAt: null, importedAt: '2026-03-02T07:45:00.000Z' },
        programs: ['CDi'],
      },
    ]);
    const row = await hitRow(/BADEGE ERIK FABIO/);
    expect(row).toHaveTextContent('Also listed as: ERIC BADEGUE; ERIK BADEGE; BADEGE ERIC +2 more');
    expect(within(row).getByText('Listed as ERIC BADEGE')).toBeInTheDocument();
    expect(within(row).getByText('UN, version imported 2026-03-02')).toBeInTheDocument();
    expect(within(row).getByText('Programme: CDi')).toBeInTheDocument();
  });

  it('shows a hit without a source version or explanation as before: the list, the entry and the score only', async () => {
    renderPanel([rowHit, sourceHit]);
    const row = await hitRow(/KOMID TRADING OFFICE/);
    expect(within(row).getByText('KOMID')).toBeInTheDocument();
    expect(within(row).getByText('Listed as KOREA MINING DEVELOPMENT TRADING CORPORATION')).toBeInTheDocument();
    expect(within(row).getByText('UN')).toBeInTheDocument();
    expect(within(row).getByText('UN-KPE-001')).toBeInTheDocument();
    expect(within(row).getByText('100%')).toBeInTheDocument();
    expect(row).not.toHaveTextContent(/version|Also listed as|Programme|alike|Missing|Not in the listed name/);
    expect(within(row).queryByRole('list')).toBeNull();
    expect(within(row).getByText('UNSCR 1718')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Score: why it hit' })).toBeInTheDocument();
  });
});

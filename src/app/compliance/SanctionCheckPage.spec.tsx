// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { testDataProvider } from 'react-admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../dataProviders/httpClient';
import type { SanctionCheckAnswer, SanctionCheckHit } from '../../domain/shipmentWire';
import { renderAdminScreens } from '../testing/adminScreens';
import { signedInScreenSpec, testConfig } from '../testing/fixtures';
import { SanctionCheckPage } from './SanctionCheckPage';

/** The Sanction Check page against GET /awbapi/sanction/search answered by msw (issue 18, item 4). */

configure({ asyncUtilTimeout: 8000 });

function hit(overrides: Partial<SanctionCheckHit>): SanctionCheckHit {
  return {
    EntryId: 'SDN-36',
    ListName: 'SDN',
    EntryName: 'AEROCARIBBEAN AIRLINES',
    MatchedPhrase: 'AEROCARIBBEAN AIRLINES',
    Score: 0.9726,
    Method: 'Default',
    RiskLevel: 'High',
    Outcome: 'match',
    Whitelist: null,
    PartyType: 'Entity',
    Programs: ['CUBA'],
    Citation: 'CUBA: Cuban Assets Control Regulations, 31 CFR part 515',
    ...overrides,
  };
}

function answer(hits: SanctionCheckHit[], more = false): SanctionCheckAnswer {
  return { Name: 'AEROCARIBEAN AIRLINES', Threshold: 0.85, ReviewFrom: 0.8, ListSize: 204, Hits: hits, More: more };
}

let next: { status: number; body: JsonBodyType };
const asked: URLSearchParams[] = [];
const server = setupServer(
  http.get('*/awbapi/sanction/search', ({ request }) => {
    asked.push(new URL(request.url).searchParams);
    return HttpResponse.json(next.body, { status: next.status });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
const spec = signedInScreenSpec({ functionList: [81, 85] });
beforeEach(() => {
  asked.length = 0;
});

function answerWith(data: SanctionCheckAnswer) {
  next = { status: 200, body: { status: 1, data } as unknown as JsonBodyType };
}

async function renderPage() {
  const httpClient = createHttpClient(testConfig, { onSignOut() {}, onErrorPage() {} });
  await act(async () => {
    renderAdminScreens('/en/sanctioncheck', [['/en/sanctioncheck', <SanctionCheckPage key="page" />]], {
      messages: spec.messages,
      dataProvider: testDataProvider(),
      httpClient,
    });
  });
}

async function checkName(name: string) {
  await renderPage();
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Name to check' }), name);
  await user.click(screen.getByRole('button', { name: 'Check' }));
  return user;
}

const section = (name: RegExp) => screen.findByRole('region', { name });

describe('the Sanction Check page', () => {
  it('lists matches at or over the threshold apart from names below it, for review, without a risk label', async () => {
    answerWith(
      answer([
        hit({}),
        hit({
          EntryId: 'INT-0007',
          ListName: 'INTERNAL',
          EntryName: 'AERO CARIB CARGO',
          MatchedPhrase: 'AERO CARIB CARGO',
          Score: 0.8213,
          RiskLevel: null,
          Outcome: 'review',
        }),
      ]),
    );
    await checkName('Aerocaribean Airlines');
    expect(await screen.findByText('"AEROCARIBEAN AIRLINES" checked against 204 list entries.')).toBeInTheDocument();

    const matches = await section(/^Matches at or over the threshold \(85 %\)/);
    expect(within(matches).getByText('1 match')).toBeInTheDocument();
    const matchRows = within(within(matches).getByRole('table', { name: 'Matches' })).getAllByRole('row');
    expect(matchRows).toHaveLength(2);
    expect(within(matchRows[1]).getByLabelText('Risk High')).toBeInTheDocument();
    expect(matchRows[1]).toHaveTextContent('97 %');
    expect(matchRows[1]).toHaveTextContent('SDN SDN-36');
    const legend = within(matches).getByRole('list', { name: 'What the risk labels mean' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^High: an official-list entry .* at least 97 % alike\.$/),
      expect.stringMatching(/^Medium: /),
      expect.stringMatching(/^Low: /),
    ]);

    const review = await section(/^Below the threshold \(85 %\), for review/);
    expect(within(review).getByText('1 name')).toBeInTheDocument();
    expect(within(review).getByText(/from 80 % to under 85 %: screening would not stop a shipment/)).toBeInTheDocument();
    const reviewRows = within(within(review).getByRole('table', { name: 'Names for review' })).getAllByRole('row');
    expect(reviewRows).toHaveLength(2);
    expect(reviewRows[1]).toHaveTextContent('82 %');
    expect(reviewRows[1]).toHaveTextContent('INTERNAL INT-0007');
    expect(within(review).queryByLabelText(/^Risk /)).toBeNull();
    expect(asked[0].get('name')).toBe('Aerocaribean Airlines');
    expect(asked[0].get('limit')).toBe('10');
  });

  it('marks a whitelisted name with its row and scope instead of a risk label, and does not count it as a match', async () => {
    answerWith(
      answer([
        hit({
          RiskLevel: null,
          Outcome: 'whitelisted',
          Whitelist: { RowId: '12', PartyRole: 'Consignee', CountryCode: 'GB', ValidUntil: '2027-12-31', Reason: 'A bakery on Cuba Street.' },
        }),
      ]),
    );
    await checkName('Aerocaribbean Airlines');
    const matches = await section(/^Matches at or over the threshold/);
    expect(within(matches).getByText('0 matches, 1 whitelisted')).toBeInTheDocument();
    expect(within(matches).getByText('Whitelisted (row 12)')).toBeInTheDocument();
    expect(within(matches).getByText('Consignee, in GB, until 2027-12-31')).toBeInTheDocument();
    expect(within(matches).queryByLabelText(/^Risk /)).toBeNull();
    expect(within(matches).queryByRole('list')).toBeNull();
    expect(within(await section(/^Below the threshold/)).getByText('No listed name scores from 80 % to under 85 %.')).toBeInTheDocument();
  });

  it('says plainly when no listed name comes near, in each section', async () => {
    answerWith(answer([]));
    await checkName('Quiet Harbour Bakery');
    expect(within(await section(/^Matches at or over the threshold/)).getByText('No match: no listed name scores 85 % or more.')).toBeInTheDocument();
    expect(within(await section(/^Below the threshold/)).getByText('No listed name scores from 80 % to under 85 %.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the limit left names out, and asks with the limit chosen', async () => {
    answerWith(answer([hit({})], true));
    await renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name to check' }), 'Aero');
    await user.click(screen.getByRole('combobox', { name: 'Best matches' }));
    await user.click(await screen.findByRole('option', { name: '5' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/^Only the 1 best name is shown; more come this near/)).toBeInTheDocument();
    expect(asked[0].get('limit')).toBe('5');
  });

  it('refuses a name that says nothing without asking, and shows the server refusal as it comes', async () => {
    answerWith(answer([]));
    const user = await checkName(' x ');
    expect(await screen.findByText('Enter a name of at least 2 characters.')).toBeInTheDocument();
    expect(asked).toHaveLength(0);
    next = { status: 400, body: { status: -50001, message: 'Enter a name of at least 2 characters.' } };
    await user.clear(screen.getByRole('textbox', { name: 'Name to check' }));
    await user.type(screen.getByRole('textbox', { name: 'Name to check' }), 'ab');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a name of at least 2 characters.');
    expect(asked).toHaveLength(1);
  });

  it('tells a company without a sanction list where to add one', async () => {
    answerWith({ ...answer([]), ListSize: 0 });
    await checkName('Aero');
    expect(await screen.findByText('Your company keeps no sanction list: add entries in Administration > Sanction List.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Matches/ })).toBeNull();
  });
});

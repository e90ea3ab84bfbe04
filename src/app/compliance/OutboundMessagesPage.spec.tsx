// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../dataProviders/httpClient';
import { renderAdminScreens } from '../testing/adminScreens';
import { signedInScreenSpec, testConfig } from '../testing/fixtures';
import { OutboundMessagesPage } from './OutboundMessagesPage';

/** The Outbound Messages list (issue 36, 5): its Problem column says problems only. */

configure({ asyncUtilTimeout: 8000 });
const spec = signedInScreenSpec({ functionList: [86] });

const messages = [
  {
    id: '1',
    AWBNumber: '160-10000701',
    Target: 'ACAS',
    State: 'ACKNOWLEDGED',
    Recipient: 'acas@example.test',
    Attempts: 1,
    LastError: null,
    Acknowledgement: 'ACCEPTED',
    CreatedAt: '2026-11-29T04:06:00Z',
  },
  {
    id: '2',
    AWBNumber: '160-10000712',
    Target: 'CSS',
    State: 'FAILED',
    Recipient: 'css@example.test',
    Attempts: 5,
    LastError: 'The mail server refused the recipient.',
    Acknowledgement: null,
    CreatedAt: '2026-11-29T04:07:00Z',
  },
];

describe('the Outbound Messages list', () => {
  it('shows an error in Problem, and an acknowledgement not as a problem but on the state', async () => {
    const dataProvider = testDataProvider({
      getList: async () => ({ data: messages, total: messages.length }) as never,
    });
    await act(async () => {
      renderAdminScreens('/en/outboundmessages', [['/en/outboundmessages', <OutboundMessagesPage key="page" />]], {
        messages: spec.messages,
        dataProvider,
        httpClient: createHttpClient(testConfig, { onSignOut() {}, onErrorPage() {} }),
      });
    });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.trim());
    const problem = headers.indexOf('Problem');
    expect(problem).toBeGreaterThan(0);
    const rowOf = (awb: string) => within(table).getByText(awb).closest('tr') as HTMLElement;
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
    expect(cells(rowOf('160-10000712'))[problem]).toHaveTextContent('The mail server refused the recipient.');
    const acknowledged = rowOf('160-10000701');
    expect(cells(acknowledged)[problem]).toHaveTextContent(/^$/);
    expect(within(acknowledged).queryByText('ACCEPTED')).toBeNull();
    // The receiver's answer is on the state chip: its tooltip, which describes it while shown.
    const chip = within(acknowledged).getByText('Acknowledged');
    await userEvent.hover(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Receiver said: ACCEPTED');
  });
});

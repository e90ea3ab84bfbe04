// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ComplianceCheck } from '../../../domain/shipmentWire';
import { fakeApi, renderShipmentPage, shipmentScreenSpec } from '../testing/shipmentHarness';
import { autoAcceptWithheldBy } from '../../../domain/compliance/findings';
import { ComplianceFindings } from './ComplianceFindings';

const spec = shipmentScreenSpec();

const check = (effect: string, result: ComplianceCheck['result'], rule: string, message: string, list = 'acceptancecontrol', rowId: string | null = '7') => ({
  effect,
  result,
  rule,
  message,
  list,
  rowId,
});
const allowed = check('autoAccept', 'PASS', 'Acceptance control', 'Automatic acceptance for DEMOAIR at HKG.');
const warning = check('warning', 'WARN', 'Currency check', 'The charges are in a currency the route does not use.', 'currencylist', '12');
const eyeball = check('eyeball', 'WARN', 'Eyeball check', 'Lithium batteries: a person looks at the cargo.', 'hcclist', null);
const info = check('info', 'PASS', 'Description map', 'Mapped "LAPTOPS" to "ELECTRONICS".', 'descriptionmap', '3');

function renderFindings(checks: ComplianceCheck[]) {
  renderShipmentPage('/en/tab', '/en/tab', <ComplianceFindings checks={checks} summary={undefined} />, {
    messages: spec.messages,
    httpClient: fakeApi(() => undefined).client,
  });
}

describe('ComplianceFindings', () => {
  it('finds what withholds an automatic acceptance that acceptance control allows, and nothing when it was not allowed', () => {
    expect(autoAcceptWithheldBy([allowed, info, warning, eyeball])).toEqual([warning, eyeball]);
    expect(autoAcceptWithheldBy([allowed, info])).toEqual([]);
    expect(autoAcceptWithheldBy([warning, eyeball])).toEqual([]);
  });

  it('says which findings withheld the automatic acceptance, with their list, row and reason (issue 18)', async () => {
    renderFindings([allowed, info, warning, eyeball]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Acceptance control allows automatic acceptance, but these 2 findings withhold it:');
    expect(alert).toHaveTextContent('row 12, Currency check: The charges are in a currency the route does not use.');
    expect(alert).toHaveTextContent('Eyeball check: Lithium batteries: a person looks at the cargo.');
    expect(alert).not.toHaveTextContent('Mapped');
  });

  it('says nothing of it when nothing withheld it', async () => {
    renderFindings([allowed, info]);
    expect(await screen.findByText('Acceptance control')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AwbDetail } from '../../../domain/shipmentWire';
import { awbDetail, fakeApi, renderShipmentPage, shipmentScreenSpec } from '../testing/shipmentHarness';
import { ShipmentDetailPage } from './ShipmentDetailPage';

const spec = shipmentScreenSpec();

const houses: AwbDetail['Houses'] = [
  { hawbNumber: 'H00000011', pieces: 20, weightKg: 500.3, description: 'FLOWERS', shipper: 'PACIFIC TRADING CO LTD', consignee: 'RHINE GMBH' },
  { hawbNumber: 'H00000012', pieces: 17, weightKg: 441.3, description: 'GARMENTS', shipper: 'PACIFIC TRADING CO LTD', consignee: 'RHINE GMBH' },
];

/** Shipment 42's detail page, its detail answer being `detail`; the houses' block is returned once shown. */
async function housesOf(detail: AwbDetail) {
  const { client } = fakeApi((path) => (path === '/awbapi/awbdetail/42' ? detail : undefined));
  renderShipmentPage('/en/shipment/details/42', '/en/shipment/details/:id', <ShipmentDetailPage />, { messages: spec.messages, httpClient: client });
  return screen.findByRole('region', { name: 'House air waybills' });
}

describe('the houses of a consolidation on the detail page', () => {
  it('warns, with both totals and the difference, when the houses do not add up to the master', async () => {
    const block = await housesOf(awbDetail({ Pieces: 103, Weight: 4603.5, Houses: houses }));
    const warning = within(block).getByRole('alert');
    expect(warning).toHaveTextContent(
      'The 2 house air waybills total 37 pcs / 941.6 kg, the master air waybill 103 pcs / 4,603.5 kg: a difference of 66 pcs / 3,661.9 kg.',
    );
    expect(warning).toHaveClass('MuiAlert-colorWarning');
    expect(within(block).getByRole('cell', { name: 'FLOWERS' })).toBeInTheDocument();
  });

  it('says nothing when they add up', async () => {
    const agreeing = await housesOf(awbDetail({ Pieces: 37, Weight: 941.6, Houses: houses }));
    expect(within(agreeing).getByRole('table', { name: 'House air waybills' })).toBeInTheDocument();
    expect(within(agreeing).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says nothing for a shipment that is not a consolidation', async () => {
    const none = await housesOf(awbDetail({ Houses: [] }));
    expect(within(none).getByText('Not a consolidation.')).toBeInTheDocument();
    expect(within(none).queryByRole('alert')).not.toBeInTheDocument();
  });
});

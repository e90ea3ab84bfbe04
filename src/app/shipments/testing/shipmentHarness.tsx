import type { ReactElement } from 'react';
import type { DataProvider, TranslationMessages } from 'react-admin';
import { vi } from 'vitest';
import type { HttpClient } from '../../../../dataProviders/httpClient';
import { ApiError } from '../../../../dataProviders/httpErrors';
import type { AwbDetail, AwbSummaryRow } from '../../../domain/shipmentWire';
import { renderAdminScreens } from '../../testing/adminScreens';
import { signedInScreenSpec } from '../../testing/fixtures';

/** Test helpers for the shipment screen specs (not part of the app bundle). */

/** The hooks of a shipment screen spec (see signedInScreenSpec), signed in as an airline operator (company type 1, role 3). */
export function shipmentScreenSpec() {
  return signedInScreenSpec({ companyTypeId: 1, roleList: [3] });
}

/** A shipment's detail answer as the server gives it: a consolidated HKG-AMS shipment, changed by `overrides`. */
export function awbDetail(overrides: Partial<AwbDetail> = {}): AwbDetail {
  const party = { name: 'PACIFIC TRADING CO LTD', address: '12 HARBOUR ROAD', city: 'HONG KONG', country: 'HK' };
  return {
    ShipmentId: '42',
    AWBPrefix: '160',
    AWBSuffix: '12345675',
    AWBNumber: '160-12345675',
    Status: 'New',
    UpdateDT: '2026-11-19T08:00:00.000Z',
    Origin: 'HKG',
    Destination: 'AMS',
    Pieces: 3,
    Weight: 120.5,
    Volume: 0.5,
    GoodsDescription: 'ELECTRONIC COMPONENTS',
    SpecialHandlingCodes: ['EAP'],
    OperatorRemarks: '',
    Shipper: party,
    Consignee: { ...party, name: 'RHINE GMBH', city: 'AMSTERDAM', country: 'NL' },
    Notify: null,
    Agent: { ...party, name: 'DEMO FREIGHT FORWARDING LTD', iataCode: '3360525' },
    Routing: [{ carrier: 'DA', flightNumber: 'DA123', date: '2026-11-20', from: 'HKG', to: 'AMS' }],
    FlightDate: '2026-11-20',
    MessageDate: '2026-11-19T08:00:00.000Z',
    STD: '2026-11-20T10:00:00.000Z',
    Rate: { rateClass: 'Q', chargeableWeightKg: 120.5, rate: 2.5, total: 301.25, currency: 'USD' },
    Charges: { paymentMode: 'PP', prepaidWeightCharge: 301.25, otherChargesDueCarrier: 20 },
    Dimensions: [{ pieces: 3, lengthCm: 50, widthCm: 40, heightCm: 30 }],
    Licence: null,
    Declaration: { valueForCarriage: 'NVD', valueForCustoms: 'NCV', insurance: 'XXX' },
    Security: { status: 'SPX', screeningMethod: 'XRY' },
    HsCodes: ['854231'],
    CustomsDeclarations: [{ countryCode: 'HK', customsId: 'SHP', informationId: 'T', otherCustomsInfo: 'TAX1', supplementaryInfo: '' }],
    Persons: [{ idOrLicense: 'RA12345', name: 'J. CHAN', stationCode: 'HKG', verifier: 'RA' }],
    Houses: [],
    Documents: [],
    History: [{ At: '2026-11-19T08:00:00.000Z', Kind: 'FWB', Description: 'FWB received for AWB 160-12345675', CompanyId: null, UserId: null }],
    Block: null,
    Eyeball: null,
    SanctionHits: [],
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
    Handling: { HeldByMe: true, HeldBy: null },
    Lendings: [],
    Can: { Accept: true, Reject: true, Mark: true, Modify: true, AcceptDocument: false, Upload: true, Lend: false, TakeBack: false },
    Why: {},
    CheckDigitValid: true,
    OneRecordWaybill: `https://portal.example.com/onerecord/logistics-objects/${overrides.ShipmentId ?? '42'}-waybill`,
    ...overrides,
  };
}

export function summaryRow(awb: string, overrides: Partial<AwbSummaryRow> = {}): AwbSummaryRow {
  const [prefix, suffix] = awb.split('-');
  return {
    ShipmentId: String(Number(suffix) % 100000),
    AWBPrefix: prefix,
    AWBSuffix: suffix,
    AWBNumber: awb,
    Status: 'New',
    Origin: 'HKG',
    Destination: 'AMS',
    Pieces: 3,
    Weight: 120.5,
    FlightNo: 'DA123',
    FlightDate: '2026-11-20',
    MessageDate: '2026-11-19T08:00:00.000Z',
    STD: '2026-11-20T10:00:00.000Z',
    UpdateDT: '2026-11-19T08:00:00.000Z',
    SpecialHandlingCodes: ['EAP'],
    IsLent: false,
    CheckDigitValid: true,
    Attention: [],
    ...overrides,
  };
}

export type ApiHandler = (path: string, body: unknown) => unknown;

/** An httpClient whose api() answers by the handler; a thrown ApiError is refused as the server would. */
export function fakeApi(handler: ApiHandler) {
  const api = vi.fn(async (path: string, options?: { body?: unknown }) => {
    const data = await handler(path, options?.body);
    return { status: 200, headers: new Headers(), body: '', json: { status: 1, data } };
  });
  return { client: { api, apiUrl: (path: string) => `http://local${path}` } as unknown as HttpClient, api };
}

export function refusal(status: number, message: string, reason?: string): ApiError {
  // As the server answers a refused decision: HTTP 200, the refusal in the body's status.
  return new ApiError(status, message, 200, { status, message, data: reason ? { reason } : {} });
}

export function renderShipmentPage(
  path: string,
  routePattern: string,
  element: ReactElement,
  options: { messages: TranslationMessages; httpClient: HttpClient },
) {
  const dataProvider = { getList: vi.fn(async () => ({ data: [], total: 0 })) } as unknown as DataProvider;
  return renderAdminScreens(path, [[routePattern, element]], { ...options, dataProvider });
}

import fc from 'fast-check';
import { suffixWithCheckDigit } from '../../../src/domain/awb';
import type {
  AirWaybill,
  CargoAgent,
  CargoParty,
  ChargeDeclarations,
  ChargeSummary,
  ConsignmentSummary,
  CustomsInformation,
  GoodsData,
  HouseManifest,
  HouseWaybill,
  RateLine,
  Weight,
} from '../../../src/domain/cargoMessages';

/** fast-check arbitraries of shipment models that Cargo-IMP can carry: the inputs of the round-trip properties. */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const PUNCTUATION = ".,-()'&";

const chars = (alphabet: string) => fc.constantFrom(...alphabet.split(''));
const code = (alphabet: string, length: number) => fc.string({ unit: chars(alphabet), minLength: length, maxLength: length });

/** Free text of Cargo-IMP characters, not starting or ending with a space. */
export function cargoText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const edge = chars(LETTERS + DIGITS);
  const inner = fc.string({ unit: chars(`${LETTERS}${DIGITS}${PUNCTUATION}   `), maxLength: Math.max(0, maxLength - 2) });
  const longer = fc.tuple(edge, inner, edge).map(([first, middle, last]) => `${first}${middle}${last}`);
  return (maxLength === 1 ? edge : fc.oneof(edge, longer)).filter((text) => text.length >= minLength && text.length <= maxLength);
}

const COUNTRIES = ['US', 'DE', 'KR', 'CN', 'HK', 'SG', 'GB', 'FR', 'NL', 'JP', 'AE', 'AU', 'IN', 'BR'];
const CURRENCIES = ['USD', 'EUR', 'HKD', 'SGD', 'GBP', 'JPY', 'CNY'];
const country = fc.constantFrom(...COUNTRIES);
const airport = code(LETTERS, 3);
const amount = (maxInteger: number, decimals: number) => fc.integer({ min: 0, max: maxInteger * 10 ** decimals }).map((scaled) => scaled / 10 ** decimals);
const weight: fc.Arbitrary<Weight> = fc.record({ unit: fc.constantFrom('K' as const, 'L' as const), value: amount(99_999, 1) });
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/** Drops the keys whose value is undefined, as the readers do. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

export const awbNumber = fc
  .record({ prefix: code(DIGITS, 3), serial: fc.integer({ min: 0, max: 9_999_999 }) })
  .map(({ prefix, serial }) => ({ prefix, suffix: suffixWithCheckDigit(serial) }));

export const consignment: fc.Arbitrary<ConsignmentSummary> = fc
  .record({
    awb: awbNumber,
    origin: airport,
    destination: airport,
    shipmentDescriptionCode: fc.constantFrom('T' as const, 'P' as const, 'S' as const),
    pieces: fc.integer({ min: 1, max: 9999 }),
    weight,
    volume: optional(fc.record({ unit: fc.constantFrom('MC' as const, 'CF' as const), value: amount(9999, 2) })),
    densityGroup: optional(fc.integer({ min: 0, max: 99 })),
  })
  .map(compact);

/** A place or street that cannot be mistaken for a country code (two letters). */
const addressText = (max: number) => cargoText(3, max);

export const partyFor = (layout: 'account-first' | 'name-first'): fc.Arbitrary<CargoParty> =>
  fc
    .record({
      accountNumber: layout === 'account-first' ? optional(code(LETTERS + DIGITS, 8)) : fc.constant(undefined),
      name: cargoText(1, 35),
      streetAddress: fc.array(addressText(35), { minLength: 0, maxLength: 2 }),
      place: addressText(17),
      stateProvince: optional(cargoText(1, 9)),
      countryCode: country,
      postcode: optional(code(DIGITS + LETTERS, 5)),
      contacts: fc.array(fc.record({ type: fc.constantFrom('TE', 'FX', 'TL', 'EM'), number: cargoText(1, 15) }), { maxLength: 2 }),
    })
    .map(compact);

const agent: fc.Arbitrary<CargoAgent> = fc
  .record({
    accountNumber: optional(code(DIGITS, 10)),
    iataCode: code(DIGITS, 7),
    cassAddress: optional(code(DIGITS, 4)),
    name: cargoText(1, 35),
    place: cargoText(1, 17),
  })
  .map(compact);

const chargeDeclarations = (withChargeCode: boolean): fc.Arbitrary<ChargeDeclarations> =>
  fc
    .record({
      currency: fc.constantFrom(...CURRENCIES),
      chargeCode: withChargeCode ? optional(fc.constantFrom('PP', 'CC', 'PX', 'CX')) : fc.constant(undefined),
      weightValuation: fc.constantFrom('P' as const, 'C' as const),
      otherCharges: fc.constantFrom('P' as const, 'C' as const),
      carriageValue: fc.oneof(fc.constant('NVD' as const), amount(999_999, 2)),
      customsValue: fc.oneof(fc.constant('NCV' as const), amount(999_999, 2)),
      insuranceAmount: fc.oneof(fc.constant('XXX' as const), amount(999_999, 2)),
    })
    .map(compact);

const goods: fc.Arbitrary<GoodsData> = fc.oneof(
  fc.record({ kind: fc.constant('NG' as const), text: cargoText(1, 20) }),
  fc.record({ kind: fc.constant('NC' as const), text: cargoText(1, 20) }),
  fc
    .record({
      kind: fc.constant('ND' as const),
      weight: optional(weight),
      dimensions: fc.oneof(
        fc.constant('NDA' as const),
        fc.record({
          unit: fc.constantFrom('CMT' as const, 'INH' as const),
          length: fc.integer({ min: 1, max: 999 }),
          width: fc.integer({ min: 1, max: 999 }),
          height: fc.integer({ min: 1, max: 999 }),
          pieces: fc.integer({ min: 1, max: 999 }),
        }),
      ),
    })
    .map(compact),
  fc.record({ kind: fc.constant('NV' as const), volume: fc.record({ unit: fc.constantFrom('MC' as const, 'CF' as const), value: amount(9999, 2) }) }),
  fc.record({ kind: fc.constant('NU' as const), uld: code(LETTERS + DIGITS, 10) }),
  fc.record({ kind: fc.constant('NS' as const), slac: fc.integer({ min: 0, max: 99_999 }) }),
  fc.record({ kind: fc.constant('NH' as const), hsCode: fc.string({ unit: chars(DIGITS), minLength: 6, maxLength: 10 }) }),
  fc.record({ kind: fc.constant('NO' as const), countryCode: country }),
);

const rateLine: fc.Arbitrary<RateLine> = fc
  .record({
    pieces: optional(fc.integer({ min: 1, max: 9999 })),
    grossWeight: optional(weight),
    rateClass: optional(fc.constantFrom('M', 'N', 'Q', 'C', 'S')),
    commodityItem: optional(code(DIGITS, 4)),
    chargeableWeight: optional(amount(99_999, 1)),
    rateOrCharge: optional(amount(9999, 2)),
    total: optional(amount(999_999, 2)),
    goods: fc.array(goods, { maxLength: 6 }),
  })
  .map(compact);

const ociLine: fc.Arbitrary<CustomsInformation> = fc
  .record({
    countryCode: optional(country),
    informationIdentifier: optional(fc.constantFrom('ISS', 'OSS', 'SHP', 'CNE')),
    customsInformationIdentifier: optional(fc.constantFrom('RA', 'ED', 'SM', 'SN', 'SD', 'T')),
    supplementaryInformation: optional(cargoText(1, 35)),
  })
  .map(compact)
  .filter((line) => Object.keys(line).length > 0);

const summary: fc.Arbitrary<ChargeSummary> = fc
  .record({
    weightCharge: optional(amount(999_999, 2)),
    valuationCharge: optional(amount(999_999, 2)),
    taxes: optional(amount(999_999, 2)),
    totalOtherChargesDueAgent: optional(amount(999_999, 2)),
    totalOtherChargesDueCarrier: optional(amount(999_999, 2)),
    total: optional(amount(999_999, 2)),
  })
  .map(compact);

const isoDate = fc
  .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2069, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

export const airWaybill: fc.Arbitrary<AirWaybill> = fc
  .record({
    version: fc.constantFrom(16, 17),
    consignment,
    flights: fc.array(
      fc.record({
        carrier: code(LETTERS + DIGITS, 2),
        flightNumber: fc.tuple(code(DIGITS, 3), fc.constantFrom('', 'A', 'E')).map(([number, suffix]) => number + suffix),
        day: fc.integer({ min: 1, max: 31 }),
      }),
      { maxLength: 6 },
    ),
    routing: fc.array(fc.record({ airport, carrier: code(LETTERS + DIGITS, 2) }), { maxLength: 10 }),
    shipper: partyFor('account-first'),
    consignee: partyFor('account-first'),
    agent: optional(agent),
    specialServiceRequests: fc.array(cargoText(1, 65), { maxLength: 3 }),
    notify: optional(partyFor('name-first')),
    accounting: fc.array(fc.record({ identifier: fc.constantFrom('GEN', 'RET', 'CRN'), information: cargoText(1, 34) }), { maxLength: 3 }),
    chargeDeclarations: chargeDeclarations(true),
    rateLines: fc.array(rateLine, { minLength: 1, maxLength: 3 }),
    otherCharges: fc.array(
      fc.record({
        prepaidCollect: fc.constantFrom('P' as const, 'C' as const),
        chargeCode: code(LETTERS, 2),
        entitlement: fc.constantFrom('A' as const, 'C' as const),
        amount: amount(99_999, 2),
      }),
      { maxLength: 4 },
    ),
    prepaidSummary: optional(summary),
    collectSummary: optional(summary),
    certification: optional(cargoText(1, 20)),
    execution: fc.record({ date: isoDate, place: cargoText(1, 17), signature: optional(cargoText(1, 20)) }).map(compact),
    otherServiceInformation: fc.array(cargoText(1, 65), { maxLength: 3 }),
    reference: optional(
      fc
        .record({
          fileReference: optional(code(LETTERS + DIGITS, 9)),
          participantIdentifier: optional(fc.constantFrom('FFW', 'AGT')),
          airportCityCode: optional(airport),
        })
        .map(compact),
    ),
    specialHandlingCodes: fc.uniqueArray(code(LETTERS, 3), { maxLength: 9 }),
    customsInformation: fc.array(ociLine, { maxLength: 6 }),
    otherSegments: fc.array(
      fc.record({ tag: fc.constantFrom('COR', 'NOM', 'OPI', 'SRI'), lines: fc.array(cargoText(1, 40), { minLength: 1, maxLength: 2 }) }),
      { maxLength: 2 },
    ),
  })
  .map(compact);

const house: fc.Arbitrary<HouseWaybill> = fc
  .record({
    hawb: fc.string({ unit: chars(LETTERS + DIGITS), minLength: 1, maxLength: 12 }),
    origin: airport,
    destination: airport,
    pieces: fc.integer({ min: 1, max: 9999 }),
    weight,
    slac: optional(fc.integer({ min: 0, max: 99_999 })),
    manifestDescription: cargoText(1, 15),
    specialHandlingCodes: fc.uniqueArray(code(LETTERS, 3), { maxLength: 9 }),
    goodsDescription: fc.array(cargoText(1, 65), { maxLength: 9 }),
    hsCodes: fc.array(fc.string({ unit: chars(DIGITS), minLength: 6, maxLength: 10 }), { maxLength: 3 }),
    customsInformation: fc.array(ociLine, { maxLength: 4 }),
    shipper: optional(partyFor('name-first')),
    consignee: optional(partyFor('name-first')),
    chargeDeclarations: optional(chargeDeclarations(false)),
  })
  .map(compact);

export const houseManifest: fc.Arbitrary<HouseManifest> = fc.record({
  version: fc.constant(4),
  master: consignment,
  houses: fc.array(house, { minLength: 1, maxLength: 4 }),
});

import { FaultList, type ParseOutcome } from '../faults';
import { HS_CODE } from '../fields';
import type { CargoMessageLimits } from '../limits';
import type { AirWaybill, ChargeSummary, Dimensions, FlightBooking, GoodsData, OtherCharge, RateLine, RoutingLeg } from '../model';
import { GOODS_TEXT_MAX } from '../rates';
import { PARTY_ROLES } from '../parties';
import { TEXT_LINE_MAX } from '../waybillSegments';
import { readMessageRoot } from './safeXml';
import { readXmlAirport, readXmlAwb, readXmlChargeDeclarations } from './xmlConsignment';
import type { XmlElement } from './xmlElement';
import { readXmlAgent, readXmlCustomsNotes, readXmlParty } from './xmlParties';
import { XmlReading, wrapWords } from './xmlValues';

/**
 * XFWB: the IATA Cargo-XML air waybill (rsm:WaybillMessage), read into the same model as an FWB.
 * Cargo-XML carries the FWB/16 content, so the model gets version 16; long texts are wrapped to
 * the Cargo-IMP line widths so the model can also be written as an FWB.
 */

export const XFWB_ROOTS = ['WaybillMessage', 'Waybill'];

function readMovements(consignment: XmlElement, reading: XmlReading): { flights: FlightBooking[]; routing: RoutingLeg[] } {
  const flights: FlightBooking[] = [];
  const routing: RoutingLeg[] = [];
  const movements = consignment.children('SpecifiedLogisticsTransportMovement');
  const sequence = (movement: XmlElement) => Number(movement.textAt('SequenceNumeric') ?? 0);
  for (const movement of [...movements].sort((a, b) => sequence(a) - sequence(b))) {
    const id = movement.textAt('ID');
    const carrier = movement.textAt('UsedLogisticsTransportMeans', 'Name') ?? id?.slice(0, 2);
    if (!carrier || !/^[A-Z0-9]{2}$/.test(carrier)) {
      reading.fault(movement, `the carrier (UsedLogisticsTransportMeans/Name) must be a 2-character airline code${carrier ? `, not '${carrier}'` : ''}.`);
      continue;
    }
    const airport = movement.textAt('ArrivalEvent', 'OccurrenceArrivalLocation', 'ID');
    if (airport) {
      if (/^[A-Z]{3}$/.test(airport)) routing.push({ airport, carrier });
      else
        reading.fault(
          movement.at('ArrivalEvent', 'OccurrenceArrivalLocation', 'ID') as XmlElement,
          `the arrival airport '${airport}' must be 3 capital letters.`,
        );
    }
    const departure = reading.date(movement.at('DepartureEvent', 'ScheduledOccurrenceDateTime'), 'the scheduled departure');
    if (id && departure) {
      const flightNumber = id.startsWith(carrier) ? id.slice(carrier.length) : id;
      if (/^\d{1,4}[A-Z]?$/.test(flightNumber)) flights.push({ carrier, flightNumber, day: Number(departure.slice(8, 10)) });
      else
        reading.fault(
          movement.child('ID') as XmlElement,
          `the flight '${id}' must be the carrier and a flight number of up to 4 digits with an optional letter.`,
        );
    }
  }
  return { flights, routing };
}

function readDimensions(item: XmlElement, reading: XmlReading): GoodsData[] {
  return item.children('TransportLogisticsPackage').flatMap((pack): GoodsData[] => {
    const weight = reading.weight(pack.child('GrossWeightMeasure'), 'the package weight');
    const size = pack.child('LinearSpatialDimension');
    if (!size) return [{ kind: 'ND', ...(weight ? { weight } : {}), dimensions: 'NDA' }];
    const sides = ['LengthMeasure', 'WidthMeasure', 'HeightMeasure'].map((name) => size.child(name));
    const unitCode = sides[0]?.attribute('unitCode') ?? 'CMT';
    if (unitCode !== 'CMT' && unitCode !== 'INH') return reading.fault(size, `the dimension unit must be CMT or INH, not '${unitCode}'.`) ?? [];
    const [length, width, height] = sides.map((side, index) => reading.integer(side, ['length', 'width', 'height'][index], 9999));
    const pieces = reading.integer(pack.child('ItemQuantity'), 'the package count', 9999) ?? 1;
    if (length === undefined || width === undefined || height === undefined) return reading.fault(size, 'length, width and height are all needed.') ?? [];
    const dimensions: Dimensions = { unit: unitCode, length, width, height, pieces };
    return [{ kind: 'ND', ...(weight ? { weight } : {}), dimensions }];
  });
}

function readRateLine(item: XmlElement, reading: XmlReading): RateLine {
  const charge = item.child('ApplicableFreightRateServiceCharge');
  const goods: GoodsData[] = [];
  const description = item.textAt('NatureIdentificationTransportCargo', 'Identification');
  if (description) goods.push(...wrapWords(description, GOODS_TEXT_MAX).map((text): GoodsData => ({ kind: 'NG', text })));
  for (const code of item.children('TypeCode')) {
    const hsCode = code.text() ?? '';
    if (HS_CODE.test(hsCode)) goods.push({ kind: 'NH', hsCode });
    else reading.fault(code, `the harmonised commodity code '${hsCode}' must be 6 to 18 digits.`);
  }
  goods.push(...readDimensions(item, reading));
  const volume = reading.volume(item.child('GrossVolumeMeasure'), 'the volume');
  if (volume) goods.push({ kind: 'NV', volume });
  const uld = item.textAt('AssociatedUnitLoadTransportEquipment', 'ID');
  if (uld) goods.push({ kind: 'NU', uld });
  const slac = reading.integer(item.child('PackageQuantity'), "the shipper's load and count");
  if (slac !== undefined) goods.push({ kind: 'NS', slac });
  const origin = item.textAt('OriginCountry', 'ID');
  if (origin) goods.push({ kind: 'NO', countryCode: origin });
  const rate: RateLine = { goods };
  const pieces = reading.integer(item.child('PieceQuantity'), 'the pieces', 9999);
  if (pieces !== undefined) rate.pieces = pieces;
  const grossWeight = reading.weight(item.child('GrossWeightMeasure'), 'the gross weight');
  if (grossWeight) rate.grossWeight = grossWeight;
  const rateClass = charge?.textAt('CategoryCode');
  if (rateClass) rate.rateClass = rateClass;
  const commodityItem = charge?.textAt('CommodityItemID');
  if (commodityItem) rate.commodityItem = commodityItem;
  const chargeable = reading.decimal(charge?.child('ChargeableWeightMeasure'), 'the chargeable weight');
  if (chargeable !== undefined) rate.chargeableWeight = chargeable;
  const applied = reading.decimal(charge?.child('AppliedRate'), 'the rate');
  if (applied !== undefined) rate.rateOrCharge = applied;
  const total = reading.decimal(charge?.child('AppliedAmount'), 'the total');
  if (total !== undefined) rate.total = total;
  return rate;
}

function readOtherCharges(consignment: XmlElement, reading: XmlReading): OtherCharge[] {
  return consignment.children('ApplicableLogisticsAllowanceCharge').flatMap((charge): OtherCharge[] => {
    const chargeCode = charge.textAt('ID') ?? '';
    const entitlement = charge.textAt('PartyTypeCode') ?? '';
    const amount = reading.decimal(charge.child('ActualAmount'), 'the charge amount');
    if (!/^[A-Z]{2}$/.test(chargeCode) || (entitlement !== 'A' && entitlement !== 'C'))
      return reading.fault(charge, 'an other charge needs its 2-letter ID and PartyTypeCode A (due agent) or C (due carrier).') ?? [];
    if (amount === undefined) return reading.missing(charge, 'ActualAmount', 'charge amount') ?? [];
    return [{ prepaidCollect: reading.indicator(charge.child('PrepaidIndicator')) === false ? 'C' : 'P', chargeCode, entitlement, amount }];
  });
}

const SUMMATION: [string, keyof ChargeSummary][] = [
  ['WeightChargeTotalAmount', 'weightCharge'],
  ['ValuationChargeTotalAmount', 'valuationCharge'],
  ['TaxTotalAmount', 'taxes'],
  ['AgentTotalDuePayableAmount', 'totalOtherChargesDueAgent'],
  ['CarrierTotalDuePayableAmount', 'totalOtherChargesDueCarrier'],
  ['GrandTotalAmount', 'total'],
];

function readSummaries(consignment: XmlElement, reading: XmlReading): { prepaidSummary?: ChargeSummary; collectSummary?: ChargeSummary } {
  const summaries: { prepaidSummary?: ChargeSummary; collectSummary?: ChargeSummary } = {};
  for (const rating of consignment.children('ApplicableTotalRating')) {
    for (const summation of rating.children('ApplicablePrepaidCollectMonetarySummation')) {
      const summary: ChargeSummary = {};
      for (const [element, key] of SUMMATION) {
        const value = reading.decimal(summation.child(element), element);
        if (value !== undefined) summary[key] = value;
      }
      if (reading.indicator(summation.child('PrepaidIndicator')) === false) summaries.collectSummary = summary;
      else summaries.prepaidSummary = summary;
    }
  }
  return summaries;
}

export function readXfwb(text: string, limits?: Partial<CargoMessageLimits>): ParseOutcome<AirWaybill> {
  const faults = new FaultList();
  const root = readMessageRoot(text, limits, faults, XFWB_ROOTS, 'an XFWB is a WaybillMessage');
  if (!root) return faults.outcome<AirWaybill>(undefined);
  const reading = new XmlReading(faults);
  const header = root.child('BusinessHeaderDocument');
  const consignment = root.child('MasterConsignment');
  if (!consignment) {
    reading.missing(root, 'MasterConsignment', 'the consignment');
    return faults.outcome<AirWaybill>(undefined);
  }
  const awb = readXmlAwb(consignment.at('TransportContractDocument', 'ID') ?? header?.child('ID'), consignment, reading);
  const origin = readXmlAirport(consignment, 'OriginLocation', 'origin', reading);
  const destination = readXmlAirport(consignment, 'FinalDestinationLocation', 'destination', reading);
  const pieces = reading.required(consignment, 'TotalPieceQuantity', 'total pieces', (element) => reading.integer(element, 'the total pieces', 9999));
  const weight = reading.required(consignment, 'IncludedTareGrossWeightMeasure', 'gross weight', (element) => reading.weight(element, 'the gross weight'));
  const volume = reading.volume(consignment.child('GrossVolumeMeasure'), 'the volume');
  const densityGroup = reading.integer(consignment.child('DensityGroupCode'), 'the density group', 99);
  const { flights, routing } = readMovements(consignment, reading);
  const consignor = consignment.child('ConsignorParty');
  const consigneeElement = consignment.child('ConsigneeParty');
  const shipper = consignor ? readXmlParty(consignor, PARTY_ROLES.shipper, reading) : reading.missing(consignment, 'ConsignorParty', 'shipper');
  const consignee = consigneeElement
    ? readXmlParty(consigneeElement, PARTY_ROLES.consignee, reading)
    : reading.missing(consignment, 'ConsigneeParty', 'consignee');
  const forwarder = consignment.child('FreightForwarderParty');
  const agent = forwarder ? readXmlAgent(forwarder, reading) : undefined;
  const notifyElement = consignment.children('AssociatedParty').find((party) => party.textAt('RoleCode') === 'NI');
  const notify = notifyElement ? readXmlParty(notifyElement, PARTY_ROLES.notify, reading) : undefined;
  const chargeDeclarations = readXmlChargeDeclarations(consignment, reading, true, false);
  const rateLines = consignment
    .children('ApplicableRating')
    .flatMap((rating) => rating.children('IncludedMasterConsignmentItem').map((item) => readRateLine(item, reading)));
  if (rateLines.length === 0) reading.missing(consignment, 'ApplicableRating/IncludedMasterConsignmentItem', 'rate description');
  const carrierSignature = header?.child('SignatoryCarrierAuthentication');
  const executionDate = carrierSignature ? reading.date(carrierSignature.child('ActualDateTime'), 'the execution date') : undefined;
  const executionPlace = carrierSignature?.textAt('IssueAuthenticationLocation', 'Name');
  if (!carrierSignature || !executionDate || !executionPlace)
    reading.missing(header ?? root, 'SignatoryCarrierAuthentication', 'carrier execution date and place');
  const executionSignature = carrierSignature?.textAt('Signatory');
  const certification = header?.textAt('SignatoryConsignorAuthentication', 'Signatory');
  const fileReference = header?.textAt('SenderAssignedID');
  const lines = (elements: XmlElement[], width: number) => elements.flatMap((element) => wrapWords(element.textAt('Description') ?? '', width));

  if (
    !awb ||
    !origin ||
    !destination ||
    pieces === undefined ||
    !weight ||
    !shipper ||
    !consignee ||
    !chargeDeclarations ||
    !executionDate ||
    !executionPlace
  ) {
    return faults.outcome<AirWaybill>(undefined);
  }
  return faults.outcome<AirWaybill>({
    version: 16,
    consignment: {
      awb,
      origin,
      destination,
      shipmentDescriptionCode: 'T',
      pieces,
      weight,
      ...(volume ? { volume } : {}),
      ...(densityGroup !== undefined ? { densityGroup } : {}),
    },
    flights,
    routing,
    shipper,
    consignee,
    ...(agent ? { agent } : {}),
    specialServiceRequests: lines(consignment.children('HandlingSSRInstructions'), TEXT_LINE_MAX),
    ...(notify ? { notify } : {}),
    accounting: consignment
      .children('IncludedAccountingNote')
      .map((note) => ({ identifier: note.textAt('ContentCode') ?? 'GEN', information: note.textAt('Content') ?? '' })),
    chargeDeclarations,
    rateLines,
    otherCharges: readOtherCharges(consignment, reading),
    ...readSummaries(consignment, reading),
    ...(certification ? { certification } : {}),
    execution: { date: executionDate, place: executionPlace, ...(executionSignature ? { signature: executionSignature } : {}) },
    otherServiceInformation: lines(consignment.children('HandlingOSIInstructions'), TEXT_LINE_MAX),
    ...(fileReference ? { reference: { fileReference } } : {}),
    specialHandlingCodes: consignment.children('HandlingSPHInstructions').flatMap((instruction) => instruction.textAt('DescriptionCode') ?? []),
    customsInformation: readXmlCustomsNotes(consignment),
    otherSegments: [],
  });
}

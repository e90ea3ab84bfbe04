import { FaultList, type ParseOutcome } from '../faults';
import { HS_CODE, HOUSE_WAYBILL_NUMBER } from '../fields';
import type { CargoMessageLimits } from '../limits';
import type { HouseManifest, HouseWaybill } from '../model';
import { PARTY_ROLES } from '../parties';
import { TEXT_LINE_MAX } from '../waybillSegments';
import { readMessageRoot } from './safeXml';
import { readXmlAirport, readXmlAwb, readXmlChargeDeclarations } from './xmlConsignment';
import type { XmlElement } from './xmlElement';
import { readXmlCustomsNotes, readXmlParty } from './xmlParties';
import { XmlReading, wrapWords } from './xmlValues';

/**
 * XFHL: the IATA Cargo-XML house manifest (rsm:HouseManifestMessage): the master consignment and
 * its IncludedHouseConsignment elements, read into the same model as an FHL/4.
 */

export const XFHL_ROOTS = ['HouseManifestMessage', 'HouseManifest'];

function readHouse(house: XmlElement, reading: XmlReading): HouseWaybill | undefined {
  const hawbElement = house.at('TransportContractDocument', 'ID');
  const hawb = hawbElement?.text();
  if (!hawbElement || !hawb) return reading.missing(house, 'TransportContractDocument/ID', 'house waybill number');
  if (!HOUSE_WAYBILL_NUMBER.test(hawb)) return reading.fault(hawbElement, `the house waybill number '${hawb}' must be 1 to 12 capital letters or digits.`);
  const origin = readXmlAirport(house, 'OriginLocation', 'house origin', reading);
  const destination = readXmlAirport(house, 'FinalDestinationLocation', 'house destination', reading);
  const pieces = reading.required(house, 'TotalPieceQuantity', 'house pieces', (element) => reading.integer(element, 'the house pieces', 9999));
  const weight = reading.required(house, 'IncludedTareGrossWeightMeasure', 'house weight', (element) => reading.weight(element, 'the house weight'));
  const manifestDescription = reading.requiredText(house, ['SummaryDescription'], 'manifest description of goods');
  const slac = reading.integer(house.child('PackageQuantity'), "the shipper's load and count");
  const consignor = house.child('ConsignorParty');
  const consigneeElement = house.child('ConsigneeParty');
  const shipper = consignor ? readXmlParty(consignor, PARTY_ROLES.houseShipper, reading) : undefined;
  const consignee = consigneeElement ? readXmlParty(consigneeElement, PARTY_ROLES.houseConsignee, reading) : undefined;
  const chargeDeclarations = readXmlChargeDeclarations(house, reading, false, true);
  const items = house.children('IncludedHouseConsignmentItem');
  const hsCodes: string[] = [];
  for (const code of items.flatMap((item) => item.children('TypeCode'))) {
    const text = code.text() ?? '';
    if (HS_CODE.test(text)) hsCodes.push(text);
    else reading.fault(code, `the harmonised tariff code '${text}' must be 6 to 18 digits.`);
  }
  if (!origin || !destination || pieces === undefined || !weight || !manifestDescription) return undefined;
  return {
    hawb,
    origin,
    destination,
    pieces,
    weight,
    ...(slac !== undefined ? { slac } : {}),
    manifestDescription,
    specialHandlingCodes: house.children('HandlingSPHInstructions').flatMap((instruction) => instruction.textAt('DescriptionCode') ?? []),
    goodsDescription: items.flatMap((item) => wrapWords(item.textAt('NatureIdentificationTransportCargo', 'Identification') ?? '', TEXT_LINE_MAX)),
    hsCodes,
    customsInformation: readXmlCustomsNotes(house),
    ...(shipper ? { shipper } : {}),
    ...(consignee ? { consignee } : {}),
    ...(chargeDeclarations ? { chargeDeclarations } : {}),
  };
}

export function readXfhl(text: string, limits?: Partial<CargoMessageLimits>): ParseOutcome<HouseManifest> {
  const faults = new FaultList();
  const root = readMessageRoot(text, limits, faults, XFHL_ROOTS, 'an XFHL is a HouseManifestMessage');
  if (!root) return faults.outcome<HouseManifest>(undefined);
  const reading = new XmlReading(faults);
  const consignment = root.child('MasterConsignment');
  if (!consignment) {
    reading.missing(root, 'MasterConsignment', 'the master consignment');
    return faults.outcome<HouseManifest>(undefined);
  }
  const awb = readXmlAwb(consignment.at('TransportContractDocument', 'ID') ?? root.at('BusinessHeaderDocument', 'ID'), consignment, reading);
  const origin = readXmlAirport(consignment, 'OriginLocation', 'origin', reading);
  const destination = readXmlAirport(consignment, 'FinalDestinationLocation', 'destination', reading);
  const pieces = reading.required(consignment, 'TotalPieceQuantity', 'total pieces', (element) => reading.integer(element, 'the total pieces', 9999));
  const weight = reading.required(consignment, 'IncludedTareGrossWeightMeasure', 'gross weight', (element) => reading.weight(element, 'the gross weight'));
  const houseElements = consignment.children('IncludedHouseConsignment');
  if (houseElements.length === 0) reading.missing(consignment, 'IncludedHouseConsignment', 'at least one house');
  const houses = houseElements.map((house) => readHouse(house, reading));
  if (!awb || !origin || !destination || pieces === undefined || !weight || houses.some((house) => !house)) return faults.outcome<HouseManifest>(undefined);
  return faults.outcome<HouseManifest>({
    version: 4,
    master: { awb, origin, destination, shipmentDescriptionCode: 'T', pieces, weight },
    houses: houses as HouseWaybill[],
  });
}

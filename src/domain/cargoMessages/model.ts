import type { AwbNumber } from '../awb';

/**
 * The shipment model that Cargo-IMP FWB/FHL and Cargo-XML XFWB/XFHL messages are read into and
 * written from. Free texts are kept line by line where Cargo-IMP keeps them that way, so a message
 * written from a model reads back into the same model.
 */

export type WeightUnit = 'K' | 'L';
export interface Weight {
  unit: WeightUnit;
  value: number;
}

/** MC cubic metres, CC cubic centimetres, CF cubic feet, CI cubic inches. */
export type VolumeUnit = 'MC' | 'CC' | 'CF' | 'CI';
export interface Volume {
  unit: VolumeUnit;
  value: number;
}

/** T total consignment, P part, S split, D divided, M multiple (Cargo-IMP shipment description codes). */
export type ShipmentDescriptionCode = 'T' | 'P' | 'S' | 'D' | 'M';

/** The AWB consignment line of an FWB, and the MBI line of an FHL. */
export interface ConsignmentSummary {
  awb: AwbNumber;
  origin: string;
  destination: string;
  shipmentDescriptionCode: ShipmentDescriptionCode;
  pieces: number;
  weight: Weight;
  volume?: Volume;
  densityGroup?: number;
}

export interface FlightBooking {
  /** Airline designator, 2 characters (e.g. DL, 3S). */
  carrier: string;
  /** Flight number with an optional operational suffix (e.g. 8226E). */
  flightNumber: string;
  /** Day of the month, 1 to 31. */
  day: number;
}

export interface RoutingLeg {
  /** The airport this leg flies to. */
  airport: string;
  carrier: string;
}

export interface PartyContact {
  /** TE telephone, FX fax, TL telex, EM e-mail ... */
  type: string;
  number: string;
}

/** Shipper, consignee or also-notify party. */
export interface CargoParty {
  accountNumber?: string;
  name: string;
  /** One or two street lines. */
  streetAddress: string[];
  place: string;
  stateProvince?: string;
  countryCode: string;
  postcode?: string;
  contacts: PartyContact[];
}

/** The issuing carrier's agent (AGT). */
export interface CargoAgent {
  accountNumber?: string;
  /** IATA cargo agent numeric code, 7 digits. */
  iataCode: string;
  /** CASS address, 4 digits. */
  cassAddress?: string;
  participantIdentifier?: string;
  name: string;
  place: string;
}

export interface AccountingLine {
  /** GEN general, RET return to origin, CRN credit note ... */
  identifier: string;
  information: string;
}

export type PrepaidCollect = 'P' | 'C';

export interface ChargeDeclarations {
  currency: string;
  /** The CASS charge code (e.g. PP, CC, PX); FWB only. */
  chargeCode?: string;
  weightValuation: PrepaidCollect;
  otherCharges: PrepaidCollect;
  /** 'NVD' when no value is declared for carriage. */
  carriageValue: number | 'NVD';
  /** 'NCV' when no value is declared for customs. */
  customsValue: number | 'NCV';
  /** 'XXX' when no insurance is asked for. */
  insuranceAmount: number | 'XXX';
}

export type DimensionUnit = 'CMT' | 'INH';
export interface Dimensions {
  unit: DimensionUnit;
  length: number;
  width: number;
  height: number;
  pieces: number;
}

/** The goods data of a rate line, one item per Cargo-IMP data identifier. */
export type GoodsData =
  | { kind: 'NG'; text: string }
  | { kind: 'NC'; text: string }
  | { kind: 'ND'; weight?: Weight; dimensions: Dimensions | 'NDA' }
  | { kind: 'NV'; volume: Volume }
  | { kind: 'NU'; uld: string }
  | { kind: 'NS'; slac: number }
  | { kind: 'NH'; hsCode: string }
  | { kind: 'NO'; countryCode: string };

export interface RateLine {
  pieces?: number;
  grossWeight?: Weight;
  rateClass?: string;
  commodityItem?: string;
  chargeableWeight?: number;
  rateOrCharge?: number;
  total?: number;
  goods: GoodsData[];
}

export interface OtherCharge {
  prepaidCollect: PrepaidCollect;
  /** Two letters, e.g. MY fuel, SC security, AW air waybill fee. */
  chargeCode: string;
  /** A due agent, C due carrier. */
  entitlement: 'A' | 'C';
  amount: number;
}

/** PPD or COL: the charge summary. */
export interface ChargeSummary {
  weightCharge?: number;
  valuationCharge?: number;
  taxes?: number;
  totalOtherChargesDueAgent?: number;
  totalOtherChargesDueCarrier?: number;
  total?: number;
}

export interface CarrierExecution {
  /** ISO date, yyyy-mm-dd. */
  date: string;
  place: string;
  signature?: string;
}

export interface SenderReference {
  officeMessageAddress?: string;
  fileReference?: string;
  participantIdentifier?: string;
  participantCode?: string;
  airportCityCode?: string;
}

/**
 * One OCI line as written. Continuation lines leave country and information identifier empty:
 * they belong to the group above (see securityDeclarationOf in customs.ts).
 */
export interface CustomsInformation {
  countryCode?: string;
  informationIdentifier?: string;
  customsInformationIdentifier?: string;
  supplementaryInformation?: string;
}

/** A segment this portal keeps as written without reading its fields (e.g. COR, NOM, OPI). */
export interface OtherSegment {
  tag: string;
  /** The lines of the segment, the first without its tag. */
  lines: string[];
}

/** A house waybill under a master (FHL HBS and what follows it). */
export interface HouseWaybill {
  hawb: string;
  origin: string;
  destination: string;
  pieces: number;
  weight: Weight;
  /** Shipper's load and count. */
  slac?: number;
  /** The manifest description, at most 15 characters. */
  manifestDescription: string;
  specialHandlingCodes: string[];
  /** TXT: the free-text description of goods, line by line. */
  goodsDescription: string[];
  /** HTS: harmonised tariff codes. */
  hsCodes: string[];
  customsInformation: CustomsInformation[];
  shipper?: CargoParty;
  consignee?: CargoParty;
  chargeDeclarations?: ChargeDeclarations;
}

/** FWB: the master air waybill. */
export interface AirWaybill {
  version: number;
  consignment: ConsignmentSummary;
  flights: FlightBooking[];
  routing: RoutingLeg[];
  shipper: CargoParty;
  consignee: CargoParty;
  agent?: CargoAgent;
  /** SSR lines. */
  specialServiceRequests: string[];
  notify?: CargoParty;
  accounting: AccountingLine[];
  chargeDeclarations: ChargeDeclarations;
  rateLines: RateLine[];
  otherCharges: OtherCharge[];
  prepaidSummary?: ChargeSummary;
  collectSummary?: ChargeSummary;
  /** CER: the shipper's certification signature. */
  certification?: string;
  execution: CarrierExecution;
  /** OSI lines. */
  otherServiceInformation: string[];
  reference?: SenderReference;
  specialHandlingCodes: string[];
  customsInformation: CustomsInformation[];
  otherSegments: OtherSegment[];
}

/** FHL: the houses of one master. */
export interface HouseManifest {
  version: number;
  master: ConsignmentSummary;
  houses: HouseWaybill[];
}

export type CargoMessage =
  | { kind: 'FWB'; format: 'cargo-imp' | 'cargo-xml'; waybill: AirWaybill }
  | { kind: 'FHL'; format: 'cargo-imp' | 'cargo-xml'; manifest: HouseManifest };

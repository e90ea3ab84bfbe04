import { addDays, formatISO, parseISO } from 'date-fns';
import {
  customsEntriesOf,
  securityDeclarationOf,
  type AirWaybill,
  type CargoParty,
  type HouseManifest,
  type Volume,
  type Weight,
} from '../../domain/cargoMessages';
import { goodsDescriptionsOf, isLicenceEntry, LICENCE_IDENTIFIER } from '../../domain/compliance';
import { houseGoodsDescription } from '../../domain/consolidation';
import type { FlightLeg, Party } from '../db/schema';

/**
 * The shipment as the portal keeps it, from the FWB (and FHL) it was read from: the columns the
 * summary searches and sorts on, and the detail the page and the printouts read. The message
 * models themselves are kept beside it, so nothing the message said is lost.
 */

const KG_PER_LB = 0.45359237;
const CUBIC_METRES: Record<Volume['unit'], number> = { MC: 1, CC: 1e-6, CF: 0.028316846592, CI: 0.000016387064 };

export function weightKg(weight: Weight): number {
  return Math.round((weight.unit === 'L' ? weight.value * KG_PER_LB : weight.value) * 10) / 10;
}

function volumeM3(volume: Volume | undefined): number | null {
  return volume ? Math.round(volume.value * CUBIC_METRES[volume.unit] * 1000) / 1000 : null;
}

function partyOf(party: CargoParty): Party {
  const phone = party.contacts.find((contact) => contact.type === 'TE')?.number;
  return {
    name: party.name,
    address: party.streetAddress.join(', '),
    city: [party.place, party.stateProvince].filter(Boolean).join(', '),
    country: party.countryCode,
    ...(party.postcode ? { postcode: party.postcode } : {}),
    ...(phone ? { phone } : {}),
    ...(party.accountNumber ? { accountNumber: party.accountNumber } : {}),
  };
}

/** The first day on or after `from` whose day of the month is `day` (the FLT line gives the day only). */
export function flightDateOf(day: number, from: Date): string {
  for (let offset = 0; offset < 62; offset++) {
    const candidate = addDays(from, offset);
    if (candidate.getUTCDate() === day) return formatISO(candidate, { representation: 'date' });
  }
  return formatISO(from, { representation: 'date' });
}

function routingOf(waybill: AirWaybill, executed: Date): FlightLeg[] {
  const stops = [waybill.consignment.origin, ...waybill.routing.map((leg) => leg.airport)];
  if (stops.at(-1) !== waybill.consignment.destination) stops.push(waybill.consignment.destination);
  let date = executed;
  return stops.slice(0, -1).map((from, index) => {
    const flight = waybill.flights[index];
    const carrier = waybill.routing[index]?.carrier ?? flight?.carrier ?? '';
    const day = flight ? flightDateOf(flight.day, date) : formatISO(date, { representation: 'date' });
    date = parseISO(`${day}T00:00:00Z`);
    return { carrier, flightNumber: flight ? `${flight.carrier}${flight.flightNumber}` : '', date: day, from, to: stops[index + 1] };
  });
}

function goodsOf(waybill: AirWaybill): string {
  return goodsDescriptionsOf(waybill).join(' ').slice(0, 500);
}

function detailOf(waybill: AirWaybill, manifest: HouseManifest | undefined, hsCodes: readonly string[]) {
  const first = waybill.rateLines[0];
  const charges = waybill.chargeDeclarations;
  const dimensions = waybill.rateLines.flatMap((rate) =>
    rate.goods.flatMap((item) =>
      item.kind === 'ND' && item.dimensions !== 'NDA'
        ? [
            {
              pieces: item.dimensions.pieces,
              lengthCm: toCm(item.dimensions.length, item.dimensions.unit),
              widthCm: toCm(item.dimensions.width, item.dimensions.unit),
              heightCm: toCm(item.dimensions.height, item.dimensions.unit),
            },
          ]
        : [],
    ),
  );
  const entries = customsEntriesOf(waybill.customsInformation);
  const licence = entries.find(isLicenceEntry);
  const security = securityDeclarationOf(waybill.customsInformation);
  const prepaid = waybill.prepaidSummary;
  return {
    rate: first
      ? {
          rateClass: first.rateClass ?? '',
          chargeableWeightKg: first.chargeableWeight ?? null,
          rate: first.rateOrCharge ?? null,
          total: first.total ?? null,
          currency: charges.currency,
        }
      : null,
    charges: {
      paymentMode: charges.weightValuation === 'C' ? 'CC' : 'PP',
      prepaidWeightCharge: prepaid?.weightCharge ?? null,
      otherChargesDueCarrier: (prepaid ?? waybill.collectSummary)?.totalOtherChargesDueCarrier ?? null,
      total: (prepaid ?? waybill.collectSummary)?.total ?? null,
      currency: charges.currency,
    },
    dimensions,
    hsCodes: [...hsCodes],
    declaration: { valueForCarriage: String(charges.carriageValue), valueForCustoms: String(charges.customsValue), insurance: String(charges.insuranceAmount) },
    licence: licence
      ? { number: licence.supplementaryInformation, type: licence.informationIdentifier === 'IMP' ? 'IMPORT' : 'EXPORT', country: licence.countryCode ?? '' }
      : null,
    customsDeclarations: entries
      .filter(
        (entry) =>
          entry.informationIdentifier && !['ISS', 'OSS'].includes(entry.informationIdentifier) && entry.customsInformationIdentifier !== LICENCE_IDENTIFIER,
      )
      .map((entry) => ({
        countryCode: entry.countryCode ?? '',
        customsId: entry.informationIdentifier ?? '',
        informationId: entry.customsInformationIdentifier ?? '',
        otherCustomsInfo: entry.supplementaryInformation ?? '',
        supplementaryInfo: '',
      })),
    persons: (security?.regulatedEntities ?? []).map((entity) => ({
      idOrLicense: entity.identifier,
      name: security?.signatory ?? '',
      stationCode: waybill.consignment.origin,
      verifier: entity.category,
    })),
    security: security
      ? {
          status: security.securityStatus ?? '',
          screeningMethod: security.screeningMethods.join(' '),
          regulatedAgent: security.regulatedEntities.find((entity) => entity.category === 'RA')?.identifier ?? '',
          exemptions: security.exemptions.join(' '),
          issuedAt: security.issuedAt ?? '',
        }
      : null,
    specialServiceRequests: waybill.specialServiceRequests,
    otherServiceInformation: waybill.otherServiceInformation,
    houses: (manifest?.houses ?? []).map((house) => ({
      hawbNumber: house.hawb,
      pieces: house.pieces,
      weightKg: weightKg(house.weight),
      description: houseGoodsDescription(house.manifestDescription, house.goodsDescription),
      shipper: house.shipper?.name ?? '',
      consignee: house.consignee?.name ?? '',
    })),
  };
}

function toCm(value: number, unit: 'CMT' | 'INH'): number {
  return unit === 'INH' ? Math.round(value * 2.54) : value;
}

/** The columns and detail of a shipment read from its FWB (and its FHL, if one came). */
export interface ShipmentColumns {
  awb_prefix: string;
  awb_suffix: string;
  origin: string;
  destination: string;
  pieces: number;
  weight_kg: string;
  volume_m3: string | null;
  goods_description: string;
  shipper: string;
  consignee: string;
  notify: string | null;
  agent: string | null;
  routing: string;
  detail: string;
  flight_date: string;
  waybill: string;
  house_manifest: string | null;
}

export function shipmentColumns(waybill: AirWaybill, manifest: HouseManifest | undefined, hsCodes: readonly string[]): ShipmentColumns {
  const executed = parseISO(`${waybill.execution.date}T00:00:00Z`);
  const routing = routingOf(waybill, executed);
  const volume = volumeM3(waybill.consignment.volume);
  return {
    awb_prefix: waybill.consignment.awb.prefix,
    awb_suffix: waybill.consignment.awb.suffix,
    origin: waybill.consignment.origin,
    destination: waybill.consignment.destination,
    pieces: waybill.consignment.pieces,
    weight_kg: weightKg(waybill.consignment.weight).toFixed(1),
    volume_m3: volume === null ? null : volume.toFixed(3),
    goods_description: goodsOf(waybill) || '(no description)',
    shipper: JSON.stringify(partyOf(waybill.shipper)),
    consignee: JSON.stringify(partyOf(waybill.consignee)),
    notify: waybill.notify ? JSON.stringify(partyOf(waybill.notify)) : null,
    agent: waybill.agent
      ? JSON.stringify({ name: waybill.agent.name, address: '', city: waybill.agent.place, country: '', iataCode: waybill.agent.iataCode })
      : null,
    routing: JSON.stringify(routing),
    detail: JSON.stringify(detailOf(waybill, manifest, hsCodes)),
    flight_date: routing[0]?.date ?? waybill.execution.date,
    waybill: JSON.stringify(waybill),
    house_manifest: manifest ? JSON.stringify(manifest) : null,
  };
}

import { isKnownCountryCode } from '../../countries';
import type { CargoAgent, CargoParty, CustomsInformation, PartyContact } from '../model';
import { AGENT_IATA_CODE, CASS_ADDRESS } from '../parties';
import type { XmlElement } from './xmlElement';
import type { XmlReading } from './xmlValues';

/** Cargo-XML parties (ConsignorParty, ConsigneeParty, AssociatedParty, FreightForwarderParty) and customs notes. */

const CONTACT_ELEMENTS: [string, string, string][] = [
  ['DirectTelephoneCommunication', 'CompleteNumber', 'TE'],
  ['FaxCommunication', 'CompleteNumber', 'FX'],
  ['TelexCommunication', 'CompleteNumber', 'TL'],
  ['URIEmailCommunication', 'URIID', 'EM'],
];

export function readXmlParty(element: XmlElement, what: string, reading: XmlReading): CargoParty | undefined {
  const name = reading.requiredText(element, ['Name'], `${what} name`);
  const address = element.child('PostalStructuredAddress');
  if (!address) return reading.missing(element, 'PostalStructuredAddress', `${what} address`);
  const place = reading.requiredText(address, ['CityName'], `${what} city`);
  const countryCode = reading.requiredText(address, ['CountryID'], `${what} country`);
  if (countryCode && !isKnownCountryCode(countryCode)) {
    reading.faults.add(address.line, 'unknown-code', `${address.path}/CountryID: ${countryCode} is not an ISO 3166 country.`, 'CountryID');
    return undefined;
  }
  if (!name || !place || !countryCode) return undefined;
  const contacts: PartyContact[] = [];
  for (const contact of element.children('DefinedTradeContact')) {
    for (const [container, field, type] of CONTACT_ELEMENTS) {
      const number = contact.textAt(container, field);
      if (number) contacts.push({ type, number });
    }
  }
  const streetAddress = address.children('StreetName').flatMap((street) => street.text() ?? []);
  const state = address.textAt('CountrySubDivisionID') ?? address.textAt('CountrySubDivisionName');
  const postcode = address.textAt('PostcodeCode');
  const accountNumber = element.textAt('AccountID');
  return {
    ...(accountNumber ? { accountNumber } : {}),
    name,
    streetAddress,
    place,
    ...(state ? { stateProvince: state } : {}),
    countryCode,
    ...(postcode ? { postcode } : {}),
    contacts,
  };
}

export function readXmlAgent(element: XmlElement, reading: XmlReading): CargoAgent | undefined {
  const name = reading.requiredText(element, ['Name'], 'agent name');
  const iataCode = reading.requiredText(element, ['CargoAgentID'], 'IATA cargo agent code');
  if (iataCode && !AGENT_IATA_CODE.test(iataCode)) return reading.fault(element.child('CargoAgentID') as XmlElement, `the IATA cargo agent code '${iataCode}' must be 7 digits.`);
  const place = element.textAt('FreightForwarderAddress', 'CityName') ?? element.textAt('PostalStructuredAddress', 'CityName');
  if (!place) return reading.missing(element, 'FreightForwarderAddress/CityName', 'agent place');
  const cassAddress = element.textAt('SpecifiedCargoAgentLocation', 'ID');
  if (cassAddress && !CASS_ADDRESS.test(cassAddress)) return reading.fault(element.at('SpecifiedCargoAgentLocation', 'ID') as XmlElement, `the CASS address '${cassAddress}' must be 4 digits.`);
  const accountNumber = element.textAt('AccountID');
  if (!name || !iataCode) return undefined;
  return { ...(accountNumber ? { accountNumber } : {}), iataCode, ...(cassAddress ? { cassAddress } : {}), name, place };
}

/** IncludedCustomsNote: CountryID, SubjectCode (information identifier), ContentCode (customs information identifier), Content. */
export function readXmlCustomsNotes(parent: XmlElement): CustomsInformation[] {
  return parent.children('IncludedCustomsNote').map((note) => {
    const countryCode = note.textAt('CountryID');
    const informationIdentifier = note.textAt('SubjectCode');
    const customsInformationIdentifier = note.textAt('ContentCode');
    const supplementaryInformation = note.textAt('Content');
    return {
      ...(countryCode ? { countryCode } : {}),
      ...(informationIdentifier ? { informationIdentifier } : {}),
      ...(customsInformationIdentifier ? { customsInformationIdentifier } : {}),
      ...(supplementaryInformation ? { supplementaryInformation } : {}),
    };
  });
}

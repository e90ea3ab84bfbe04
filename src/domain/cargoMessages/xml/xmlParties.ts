import type { CargoAgent, CargoParty, CustomsInformation } from '../model';
import { agentFromFields, partyFromFields, type FieldPlace, type PartyRole, type RawContact, type RawField, type RawLines } from '../parties';
import type { XmlElement } from './xmlElement';
import type { XmlReading } from './xmlValues';

/**
 * Cargo-XML parties (ConsignorParty, ConsigneeParty, AssociatedParty, FreightForwarderParty) and
 * customs notes. Only which element holds which text is read here; the party rules (case, blanks,
 * lengths, country codes, ...) are the Cargo-IMP reader's too, in partyFromFields and agentFromFields.
 */

const CONTACT_ELEMENTS: [string, string, string][] = [
  ['DirectTelephoneCommunication', 'CompleteNumber', 'TE'],
  ['FaxCommunication', 'CompleteNumber', 'FX'],
  ['TelexCommunication', 'CompleteNumber', 'TL'],
  ['URIEmailCommunication', 'URIID', 'EM'],
];

function placeOf(element: XmlElement): FieldPlace {
  return { line: element.line, segment: element.name, path: element.path };
}

/** Where a child that is not there would be: faults about it name the parent's line and the child's path. */
function absentPlace(parent: XmlElement, names: string[]): FieldPlace {
  return { line: parent.line, segment: names.at(-1) ?? parent.name, path: [parent.path, ...names].join('/') };
}

/** The text at the first of `paths` that holds one; where the first path would be when none does. */
function field(parent: XmlElement, ...paths: string[][]): RawField {
  for (const names of paths) {
    const element = parent.at(...names);
    if (element?.text() !== undefined) return { text: element.text(), at: placeOf(element) };
  }
  const element = parent.at(...paths[0]);
  return { text: undefined, at: element ? placeOf(element) : absentPlace(parent, paths[0]) };
}

/** The texts of every element at a path, in order: a name in two Name elements, the StreetName lines. */
function lines(parent: XmlElement, ...names: string[]): RawLines {
  const elements = parent.at(...names.slice(0, -1))?.children(names[names.length - 1]) ?? [];
  return { texts: elements.map((element) => element.text() ?? ''), at: elements[0] ? placeOf(elements[0]) : absentPlace(parent, names) };
}

export function readXmlParty(element: XmlElement, role: PartyRole, reading: XmlReading): CargoParty | undefined {
  const address = ['PostalStructuredAddress'];
  const contacts: RawContact[] = [];
  for (const contact of element.children('DefinedTradeContact')) {
    for (const [container, numberName, type] of CONTACT_ELEMENTS) {
      const number = contact.at(container, numberName);
      if (number) contacts.push({ type, number: number.text() ?? '', at: placeOf(number) });
    }
  }
  return partyFromFields(
    {
      accountNumber: field(element, ['AccountID']),
      name: lines(element, 'Name'),
      streetAddress: lines(element, ...address, 'StreetName'),
      place: field(element, [...address, 'CityName']),
      stateProvince: field(element, [...address, 'CountrySubDivisionID'], [...address, 'CountrySubDivisionName']),
      countryCode: field(element, [...address, 'CountryID']),
      postcode: field(element, [...address, 'PostcodeCode']),
      contacts,
    },
    role,
    reading.faults,
  );
}

export function readXmlAgent(element: XmlElement, reading: XmlReading): CargoAgent | undefined {
  return agentFromFields(
    {
      accountNumber: field(element, ['AccountID']),
      iataCode: field(element, ['CargoAgentID']),
      cassAddress: field(element, ['SpecifiedCargoAgentLocation', 'ID']),
      participantIdentifier: { text: undefined, at: placeOf(element) },
      name: lines(element, 'Name'),
      place: field(element, ['FreightForwarderAddress', 'CityName'], ['PostalStructuredAddress', 'CityName']),
    },
    reading.faults,
  );
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

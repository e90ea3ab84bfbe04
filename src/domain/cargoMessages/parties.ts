import { isKnownCountryCode } from '../countries';
import type { Segment, SegmentLine } from './cargoImpLines';
import { checkText, ModelChecks, singleField } from './fieldChecks';
import type { FaultList, ModelFault } from './faults';
import type { CargoAgent, CargoParty, PartyContact } from './model';

/**
 * Shipper, consignee and also-notify (SHP, CNE, NFY) and the agent (AGT).
 *
 *   SHP[/account]            FWB: the account on the tag line, the name on the next;
 *   /name                    FHL parties and NFY: the name on the tag line itself
 *   /street[ /second street]
 *   /place[/state]
 *   /country[/postcode[/contact type/contact number]...]
 *   [/contact type/contact number]...
 */

export const PARTY_LIMITS = { account: 14, name: 35, street: 35, place: 17, state: 9, postcode: 9, contactNumber: 25 } as const;
export const AGENT_LIMITS = { account: 14, name: 35, place: 17, participant: 17 } as const;
/** An agent's IATA cargo agent code (7 digits) and CASS address (4 digits), in both message syntaxes. */
export const AGENT_IATA_CODE = /^\d{7}$/;
export const CASS_ADDRESS = /^\d{4}$/;

const COUNTRY_FIELD = /^[A-Z]{2}$/;
const CONTACT_TYPE = /^[A-Z]{2,3}$/;

export type PartyLayout = 'account-first' | 'name-first';

function readContacts(fields: string[], line: number, label: string, faults: FaultList, tag: string): PartyContact[] | undefined {
  if (fields.length % 2 !== 0) return faults.add(line, 'malformed', `The ${label}'s contact details come in pairs: a contact type (e.g. TE) and a number.`, tag);
  const contacts: PartyContact[] = [];
  for (let index = 0; index < fields.length; index += 2) {
    const [type, number] = [fields[index], fields[index + 1]];
    if (!CONTACT_TYPE.test(type)) return faults.add(line, 'malformed', `The ${label}'s contact type '${type}' must be 2 or 3 letters (TE telephone, FX fax, TL telex, EM e-mail).`, tag);
    if (!checkText(number, PARTY_LIMITS.contactNumber, `the ${label}'s contact number`, line, faults, tag)) return undefined;
    contacts.push({ type, number });
  }
  return contacts;
}

/**
 * Which of the lines after the name holds the country: the 3rd normally, the 4th with two street
 * lines, the 2nd without a street. A known ISO code decides first (a contact line such as /TE/...
 * is not a country); failing that, the shape does, so an unknown code is reported as such.
 */
function countryLineIndex(rest: SegmentLine[]): number | undefined {
  const first = (index: number) => rest[index]?.fields[0] ?? '';
  const positions = [2, 3, 1];
  return positions.find((index) => isKnownCountryCode(first(index))) ?? positions.find((index) => COUNTRY_FIELD.test(first(index)));
}

/** Reads SHP, CNE or NFY; `label` names the party in faults ("shipper"). */
export function readParty(segment: Segment, layout: PartyLayout, label: string, faults: FaultList): CargoParty | undefined {
  const tag = segment.tag;
  const before = faults.faults.length;
  let accountNumber: string | undefined;
  let nameLine: SegmentLine | undefined;
  let rest: SegmentLine[];
  if (layout === 'name-first') {
    nameLine = segment.head;
    rest = segment.continuations;
  } else {
    if (segment.head.fields.length > 1) faults.add(segment.line, 'malformed', `Only the ${label}'s account number may follow ${tag}/ on this line.`, tag);
    const account = segment.head.fields[0] ?? '';
    if (account !== '' && checkText(account, PARTY_LIMITS.account, `the ${label}'s account number`, segment.line, faults, tag)) accountNumber = account;
    nameLine = segment.continuations[0];
    rest = segment.continuations.slice(1);
  }
  if (!nameLine || nameLine.fields.join('') === '') {
    return faults.add(nameLine?.number ?? segment.line, 'missing-segment', `The ${label}'s name is missing.`, tag);
  }
  const name = singleField(nameLine, `the ${label}'s name`, faults, tag);
  if (name !== undefined) checkText(name, PARTY_LIMITS.name, `the ${label}'s name`, nameLine.number, faults, tag);

  const countryIndex = countryLineIndex(rest);
  if (countryIndex === undefined) {
    const last = rest.at(-1)?.number ?? nameLine.number;
    return faults.add(last, 'malformed', `The ${label}'s address must end with a line holding the 2-letter country code (then postcode and contacts), after the street and place lines.`, tag);
  }
  const streetAddress: string[] = [];
  for (const line of rest.slice(0, countryIndex - 1)) {
    const street = singleField(line, `the ${label}'s street address`, faults, tag);
    if (street !== undefined && checkText(street, PARTY_LIMITS.street, `the ${label}'s street address`, line.number, faults, tag)) streetAddress.push(street);
  }
  const placeLine = rest[countryIndex - 1];
  const [place = '', state, ...extra] = placeLine.fields;
  if (extra.length > 0) faults.add(placeLine.number, 'malformed', `The ${label}'s place line holds the place and the state or province only.`, tag);
  checkText(place, PARTY_LIMITS.place, `the ${label}'s place`, placeLine.number, faults, tag);
  if (state !== undefined) checkText(state, PARTY_LIMITS.state, `the ${label}'s state or province`, placeLine.number, faults, tag, false);

  const countryLine = rest[countryIndex];
  const [countryCode, postcode, ...contactFields] = countryLine.fields;
  if (!isKnownCountryCode(countryCode)) faults.add(countryLine.number, 'unknown-code', `The ${label}'s country code ${countryCode} is not an ISO 3166 country.`, tag);
  if (postcode !== undefined) checkText(postcode, PARTY_LIMITS.postcode, `the ${label}'s postcode`, countryLine.number, faults, tag, false);
  const contacts: PartyContact[] = [];
  for (const [fields, number] of [[contactFields, countryLine.number] as const, ...rest.slice(countryIndex + 1).map((line) => [line.fields, line.number] as const)]) {
    const read = readContacts(fields, number, label, faults, tag);
    if (read) contacts.push(...read);
  }
  if (faults.faults.length > before || name === undefined) return undefined;
  return {
    ...(accountNumber !== undefined ? { accountNumber } : {}),
    name,
    streetAddress,
    place,
    ...(state ? { stateProvince: state } : {}),
    countryCode,
    ...(postcode ? { postcode } : {}),
    contacts,
  };
}

export function formatParty(tag: string, party: CargoParty, layout: PartyLayout): string[] {
  const lines = layout === 'name-first' ? [`${tag}/${party.name}`] : [party.accountNumber ? `${tag}/${party.accountNumber}` : tag, `/${party.name}`];
  for (const street of party.streetAddress) lines.push(`/${street}`);
  lines.push(party.stateProvince ? `/${party.place}/${party.stateProvince}` : `/${party.place}`);
  // All contacts go on the country line: a contact line of its own (/TL/...) could read as a country (TL is Timor-Leste).
  const country = [party.countryCode];
  if (party.postcode !== undefined || party.contacts.length > 0) country.push(party.postcode ?? '');
  for (const contact of party.contacts) country.push(contact.type, contact.number);
  lines.push(`/${country.join('/')}`);
  return lines;
}

/** Why a party cannot be written; empty when it can. */
export function partyProblems(party: CargoParty, path: string, layout: PartyLayout): ModelFault[] {
  const checks = new ModelChecks(path);
  if (layout === 'account-first') checks.text(party.accountNumber, PARTY_LIMITS.account, 'accountNumber', true);
  else if (party.accountNumber !== undefined) checks.add('accountNumber', 'This party has no account number in this message.');
  checks.text(party.name, PARTY_LIMITS.name, 'name');
  if (party.streetAddress.length > 2) checks.add('streetAddress', 'At most two street lines fit.');
  party.streetAddress.forEach((street, index) => {
    checks.text(street, PARTY_LIMITS.street, `streetAddress[${index}]`);
    // A street or place line that looks like a country code would be read as the country line.
    if (COUNTRY_FIELD.test(street)) checks.add(`streetAddress[${index}]`, 'A street line of two letters reads as a country code.');
  });
  checks.text(party.place, PARTY_LIMITS.place, 'place');
  if (COUNTRY_FIELD.test(party.place)) checks.add('place', 'A place of two letters reads as a country code.');
  checks.text(party.stateProvince, PARTY_LIMITS.state, 'stateProvince', true);
  if (!isKnownCountryCode(party.countryCode)) checks.add('countryCode', `${party.countryCode} is not an ISO 3166 country.`);
  checks.text(party.postcode, PARTY_LIMITS.postcode, 'postcode', true);
  party.contacts.forEach((contact, index) => {
    checks.pattern(contact.type, CONTACT_TYPE, `contacts[${index}].type`, '2 or 3 letters');
    checks.text(contact.number, PARTY_LIMITS.contactNumber, `contacts[${index}].number`);
  });
  return checks.problems;
}

/** AGT/[account]/IATA code[/CASS address[/participant]], then /name, then /place. */
export function readAgent(segment: Segment, faults: FaultList): CargoAgent | undefined {
  const tag = segment.tag;
  const before = faults.faults.length;
  const [account = '', iataCode = '', cassAddress = '', participantIdentifier = '', ...extra] = segment.head.fields;
  if (extra.length > 0) faults.add(segment.line, 'malformed', 'The agent line holds account, IATA code, CASS address and participant identifier only.', tag);
  if (account !== '') checkText(account, AGENT_LIMITS.account, "the agent's account number", segment.line, faults, tag);
  if (!AGENT_IATA_CODE.test(iataCode)) faults.add(segment.line, 'malformed', `The agent's IATA cargo agent code must be 7 digits${iataCode ? `, not '${iataCode}'` : ''}.`, tag);
  if (cassAddress !== '' && !CASS_ADDRESS.test(cassAddress)) faults.add(segment.line, 'malformed', `The agent's CASS address must be 4 digits, not '${cassAddress}'.`, tag);
  if (participantIdentifier !== '') checkText(participantIdentifier, AGENT_LIMITS.participant, "the agent's participant identifier", segment.line, faults, tag);
  const [nameLine, placeLine, ...more] = segment.continuations;
  if (!nameLine) return faults.add(segment.line, 'missing-segment', "The agent's name line is missing.", tag);
  const name = singleField(nameLine, "the agent's name", faults, tag) ?? '';
  checkText(name, AGENT_LIMITS.name, "the agent's name", nameLine.number, faults, tag);
  if (!placeLine) return faults.add(nameLine.number, 'missing-segment', "The agent's place line is missing.", tag);
  const place = singleField(placeLine, "the agent's place", faults, tag) ?? '';
  checkText(place, AGENT_LIMITS.place, "the agent's place", placeLine.number, faults, tag);
  for (const line of more) faults.add(line.number, 'malformed', 'The agent segment ends after the place line.', tag);
  if (faults.faults.length > before) return undefined;
  return {
    ...(account ? { accountNumber: account } : {}),
    iataCode,
    ...(cassAddress ? { cassAddress } : {}),
    ...(participantIdentifier ? { participantIdentifier } : {}),
    name,
    place,
  };
}

export function formatAgent(agent: CargoAgent): string[] {
  const head = [agent.accountNumber ?? '', agent.iataCode];
  if (agent.cassAddress !== undefined || agent.participantIdentifier !== undefined) head.push(agent.cassAddress ?? '');
  if (agent.participantIdentifier !== undefined) head.push(agent.participantIdentifier);
  return [`AGT/${head.join('/')}`, `/${agent.name}`, `/${agent.place}`];
}

export function agentProblems(agent: CargoAgent, path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  checks.text(agent.accountNumber, AGENT_LIMITS.account, 'accountNumber', true);
  checks.pattern(agent.iataCode, AGENT_IATA_CODE, 'iataCode', '7 digits');
  checks.pattern(agent.cassAddress, CASS_ADDRESS, 'cassAddress', '4 digits', true);
  checks.text(agent.participantIdentifier, AGENT_LIMITS.participant, 'participantIdentifier', true);
  checks.text(agent.name, AGENT_LIMITS.name, 'name');
  checks.text(agent.place, AGENT_LIMITS.place, 'place');
  return checks.problems;
}

import { isKnownCountryCode } from '../countries';
import type { Segment, SegmentLine } from './cargoImpLines';
import { ModelChecks, singleField } from './fieldChecks';
import { wrapWords } from './fields';
import type { FaultList, MessageFaultCode, ModelFault } from './faults';
import type { CargoAgent, CargoParty, PartyContact } from './model';

/** Shipper, consignee and also-notify (SHP, CNE, NFY), the agent (AGT), and the parties of FHL houses. */

export const PARTY_LIMITS = { account: 14, name: 35, street: 35, streetLines: 2, place: 17, state: 9, postcode: 9, contactNumber: 25 } as const;
export const AGENT_LIMITS = { account: 14, name: 35, place: 17, participant: 17 } as const;
/** An agent's IATA cargo agent code (7 digits) and CASS address (4 digits), in both message syntaxes. */
export const AGENT_IATA_CODE = /^\d{7}$/;
export const CASS_ADDRESS = /^\d{4}$/;

const COUNTRY_FIELD = /^[A-Z]{2}$/;
const CONTACT_TYPE = /^[A-Z]{2,3}$/;

export type PartyLayout = 'account-first' | 'name-first';

/*
 * One set of rules for a party, whichever syntax it came in. Each reader (the Cargo-IMP segments
 * below, the Cargo-XML elements in xml/xmlParties.ts) only finds the raw texts and where they are;
 * partyFromFields and agentFromFields then turn them into the model, the same way for both:
 * - every text is trimmed and read in upper case (Cargo-IMP is upper case), and a line break or
 *   tab inside it reads as one space; spaces inside are kept as sent;
 * - a blank text is a text not given: a required one (name, place, country, agent code) is
 *   missing, an optional one (account, state, postcode, a contact's number) is left out;
 * - a name given in pieces (two Name elements) is one name, the pieces joined by a space;
 * - the street address is at most two lines of 35: lines that do not fit as given are broken
 *   again at spaces, and an address longer than two lines is refused;
 * - the country is an ISO 3166 code; every other text longer than the model allows is refused
 *   (too-long), never cut, so that what is screened is what was sent;
 * - an account number is kept only where an FWB has one (its shipper, consignee and agent):
 *   the also-notify party and house parties have none in Cargo-IMP, so a Cargo-XML one is not kept.
 * All faults of a party are reported in one pass.
 */

/** Where a party's text is in the message, or would be. `path` is a Cargo-XML element path. */
export interface FieldPlace {
  line: number;
  segment: string;
  path?: string;
}

/** A text as a reader found it; `text` is undefined when the message does not give it. */
export interface RawField {
  text: string | undefined;
  at: FieldPlace;
}

/** A text given in pieces: a name in two Name elements, the street lines. */
export interface RawLines {
  texts: string[];
  at: FieldPlace;
}

export interface RawContact {
  type: string;
  number: string;
  at: FieldPlace;
}

export interface RawParty {
  accountNumber: RawField;
  name: RawLines;
  streetAddress: RawLines;
  place: RawField;
  stateProvince: RawField;
  countryCode: RawField;
  postcode: RawField;
  contacts: RawContact[];
}

export interface RawAgent {
  accountNumber: RawField;
  iataCode: RawField;
  cassAddress: RawField;
  participantIdentifier: RawField;
  name: RawLines;
  place: RawField;
}

/** Which party: `label` names it in faults ("shipper"); `hasAccount` whether its message field has an account number. */
export interface PartyRole {
  label: string;
  hasAccount: boolean;
}

/** The parties, the same in both syntaxes: in Cargo-IMP, those with an account have it on the tag line (account-first). */
export const PARTY_ROLES = {
  shipper: { label: 'shipper', hasAccount: true },
  consignee: { label: 'consignee', hasAccount: true },
  notify: { label: 'also-notify party', hasAccount: false },
  houseShipper: { label: 'house shipper', hasAccount: false },
  houseConsignee: { label: 'house consignee', hasAccount: false },
} as const satisfies Record<string, PartyRole>;

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A party text as the model keeps it: trimmed, upper case, a line break or tab inside read as one space. */
export function partyText(text: string | undefined): string {
  return (text ?? '')
    .replace(/\s*[\t\n\v\f\r]\s*/g, ' ')
    .trim()
    .toUpperCase();
}

function fieldFault(at: FieldPlace, code: MessageFaultCode, reason: string, faults: FaultList): undefined {
  return faults.add(at.line, code, at.path ? `${at.path}: ${reason}` : reason, at.segment);
}

/** The fault of a required party text that is not given: "The shipper's name is missing." */
export function missingPartyText(at: FieldPlace, what: string, faults: FaultList): undefined {
  return fieldFault(at, 'missing-segment', `${capitalised(what)} is missing.`, faults);
}

/** A text of at most `max` characters; undefined when not given (a fault if required) or too long (a fault). */
function limitedText(text: string, at: FieldPlace, what: string, max: number, required: boolean, faults: FaultList): string | undefined {
  if (text === '') return required ? missingPartyText(at, what, faults) : undefined;
  if (text.length > max) return fieldFault(at, 'too-long', `${capitalised(what)} is ${text.length} characters long; at most ${max} are allowed.`, faults);
  return text;
}

function fieldText(field: RawField, what: string, max: number, required: boolean, faults: FaultList): string | undefined {
  return limitedText(partyText(field.text), field.at, what, max, required, faults);
}

/** A name given in one or more pieces, joined by a space. */
function nameText(name: RawLines, what: string, max: number, faults: FaultList): string | undefined {
  const joined = name.texts.map(partyText).filter(Boolean).join(' ');
  return limitedText(joined, name.at, what, max, true, faults);
}

/** The street lines as given when they fit, else broken again at spaces into at most two lines of 35. */
function streetLines(street: RawLines, label: string, faults: FaultList): string[] {
  const lines = street.texts.map(partyText).filter(Boolean);
  const fits = lines.length <= PARTY_LIMITS.streetLines && lines.every((line) => line.length <= PARTY_LIMITS.street);
  if (fits) return lines;
  const joined = lines.join(' ');
  const wrapped = wrapWords(joined, PARTY_LIMITS.street);
  if (wrapped.length <= PARTY_LIMITS.streetLines) return wrapped;
  fieldFault(
    street.at,
    'too-long',
    `The ${label}'s street address is ${joined.length} characters long; it must fit ${PARTY_LIMITS.streetLines} lines of ${PARTY_LIMITS.street} characters.`,
    faults,
  );
  return [];
}

function countryCodeOf(field: RawField, label: string, faults: FaultList): string | undefined {
  const code = partyText(field.text);
  if (code === '') return missingPartyText(field.at, `the ${label}'s country code`, faults);
  if (!isKnownCountryCode(code)) return fieldFault(field.at, 'unknown-code', `The ${label}'s country code ${code} is not an ISO 3166 country.`, faults);
  return code;
}

/** Contacts in the order given; one without a number is not given. */
function contactsOf(raw: RawContact[], label: string, faults: FaultList): PartyContact[] {
  const contacts: PartyContact[] = [];
  for (const contact of raw) {
    const type = partyText(contact.type);
    const given = partyText(contact.number);
    if (given === '') continue;
    const number = limitedText(given, contact.at, `the ${label}'s contact number`, PARTY_LIMITS.contactNumber, false, faults);
    if (!CONTACT_TYPE.test(type))
      fieldFault(contact.at, 'malformed', `The ${label}'s contact type '${type}' must be 2 or 3 letters (TE telephone, FX fax, TL telex, EM e-mail).`, faults);
    else if (number !== undefined) contacts.push({ type, number });
  }
  return contacts;
}

/** A shipper, consignee or also-notify party from the texts a reader found: the rules above, for both syntaxes. */
export function partyFromFields(raw: RawParty, role: PartyRole, faults: FaultList): CargoParty | undefined {
  const { label } = role;
  const before = faults.faults.length;
  const accountNumber = role.hasAccount ? fieldText(raw.accountNumber, `the ${label}'s account number`, PARTY_LIMITS.account, false, faults) : undefined;
  const name = nameText(raw.name, `the ${label}'s name`, PARTY_LIMITS.name, faults);
  const streetAddress = streetLines(raw.streetAddress, label, faults);
  const place = fieldText(raw.place, `the ${label}'s place`, PARTY_LIMITS.place, true, faults);
  const stateProvince = fieldText(raw.stateProvince, `the ${label}'s state or province`, PARTY_LIMITS.state, false, faults);
  const countryCode = countryCodeOf(raw.countryCode, label, faults);
  const postcode = fieldText(raw.postcode, `the ${label}'s postcode`, PARTY_LIMITS.postcode, false, faults);
  const contacts = contactsOf(raw.contacts, label, faults);
  if (faults.faults.length > before || name === undefined || place === undefined || countryCode === undefined) return undefined;
  return {
    ...(accountNumber !== undefined ? { accountNumber } : {}),
    name,
    streetAddress,
    place,
    ...(stateProvince !== undefined ? { stateProvince } : {}),
    countryCode,
    ...(postcode !== undefined ? { postcode } : {}),
    contacts,
  };
}

/** The agent from the texts a reader found, by the same rules as the other parties. */
export function agentFromFields(raw: RawAgent, faults: FaultList): CargoAgent | undefined {
  const before = faults.faults.length;
  const accountNumber = fieldText(raw.accountNumber, "the agent's account number", AGENT_LIMITS.account, false, faults);
  const iataCode = partyText(raw.iataCode.text);
  if (iataCode === '') missingPartyText(raw.iataCode.at, "the agent's IATA cargo agent code", faults);
  else if (!AGENT_IATA_CODE.test(iataCode))
    fieldFault(raw.iataCode.at, 'malformed', `The agent's IATA cargo agent code must be 7 digits, not '${iataCode}'.`, faults);
  const cassAddress = partyText(raw.cassAddress.text);
  if (cassAddress !== '' && !CASS_ADDRESS.test(cassAddress))
    fieldFault(raw.cassAddress.at, 'malformed', `The agent's CASS address must be 4 digits, not '${cassAddress}'.`, faults);
  const participantIdentifier = fieldText(raw.participantIdentifier, "the agent's participant identifier", AGENT_LIMITS.participant, false, faults);
  const name = nameText(raw.name, "the agent's name", AGENT_LIMITS.name, faults);
  const place = fieldText(raw.place, "the agent's place", AGENT_LIMITS.place, true, faults);
  if (faults.faults.length > before || name === undefined || place === undefined) return undefined;
  return {
    ...(accountNumber !== undefined ? { accountNumber } : {}),
    iataCode,
    ...(cassAddress !== '' ? { cassAddress } : {}),
    ...(participantIdentifier !== undefined ? { participantIdentifier } : {}),
    name,
    place,
  };
}

/*
 * Cargo-IMP: which line holds which text. SHP, CNE and NFY of an FWB, SHP and CNE of an FHL house:
 *
 *   SHP[/account]            FWB: the account on the tag line, the name on the next;
 *   /name                    FHL parties and NFY: the name on the tag line itself
 *   /street[ /second street]
 *   /place[/state]
 *   /country[/postcode[/contact type/contact number]...]
 *   [/contact type/contact number]...
 */

/** The contact pairs of a line: a contact type (e.g. TE) and a number. */
function contactPairs(fields: string[], line: number, label: string, faults: FaultList, tag: string): RawContact[] {
  if (fields.length % 2 !== 0)
    return faults.add(line, 'malformed', `The ${label}'s contact details come in pairs: a contact type (e.g. TE) and a number.`, tag) ?? [];
  const contacts: RawContact[] = [];
  for (let index = 0; index < fields.length; index += 2) contacts.push({ type: fields[index], number: fields[index + 1], at: { line, segment: tag } });
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

/** The one text of a line ('/' cannot appear in it); with a fault, the line's fields as they stand. */
function lineText(line: SegmentLine, what: string, faults: FaultList, tag: string): string {
  return singleField(line, what, faults, tag) ?? line.fields.join('/');
}

/** Reads SHP, CNE or NFY: account-first for a party with an account number, name-first for the others. */
export function readParty(segment: Segment, role: PartyRole, faults: FaultList): CargoParty | undefined {
  const { label } = role;
  const layout: PartyLayout = role.hasAccount ? 'account-first' : 'name-first';
  const tag = segment.tag;
  const at = (line: number): FieldPlace => ({ line, segment: tag });
  const before = faults.faults.length;
  let accountNumber: RawField = { text: undefined, at: at(segment.line) };
  let nameLine: SegmentLine | undefined;
  let rest: SegmentLine[];
  if (layout === 'name-first') {
    nameLine = segment.head;
    rest = segment.continuations;
  } else {
    if (segment.head.fields.length > 1) faults.add(segment.line, 'malformed', `Only the ${label}'s account number may follow ${tag}/ on this line.`, tag);
    accountNumber = { text: segment.head.fields[0], at: at(segment.line) };
    nameLine = segment.continuations[0];
    rest = segment.continuations.slice(1);
  }
  if (!nameLine || partyText(nameLine.fields.join('')) === '') return missingPartyText(at(nameLine?.number ?? segment.line), `the ${label}'s name`, faults);
  const name = lineText(nameLine, `the ${label}'s name`, faults, tag);

  const countryIndex = countryLineIndex(rest);
  if (countryIndex === undefined) {
    const last = rest.at(-1)?.number ?? nameLine.number;
    return faults.add(
      last,
      'malformed',
      `The ${label}'s address must end with a line holding the 2-letter country code (then postcode and contacts), after the street and place lines.`,
      tag,
    );
  }
  const streetLineList = rest.slice(0, countryIndex - 1);
  const streets = streetLineList.map((line) => lineText(line, `the ${label}'s street address`, faults, tag));
  const placeLine = rest[countryIndex - 1];
  const [place = '', state, ...extra] = placeLine.fields;
  if (extra.length > 0) faults.add(placeLine.number, 'malformed', `The ${label}'s place line holds the place and the state or province only.`, tag);
  const countryLine = rest[countryIndex];
  const [countryCode, postcode, ...contactFields] = countryLine.fields;
  const contacts = [
    ...contactPairs(contactFields, countryLine.number, label, faults, tag),
    ...rest.slice(countryIndex + 1).flatMap((line) => contactPairs(line.fields, line.number, label, faults, tag)),
  ];
  const party = partyFromFields(
    {
      accountNumber,
      name: { texts: [name], at: at(nameLine.number) },
      streetAddress: { texts: streets, at: at(streetLineList[0]?.number ?? placeLine.number) },
      place: { text: place, at: at(placeLine.number) },
      stateProvince: { text: state, at: at(placeLine.number) },
      countryCode: { text: countryCode, at: at(countryLine.number) },
      postcode: { text: postcode, at: at(countryLine.number) },
      contacts,
    },
    role,
    faults,
  );
  return faults.faults.length > before ? undefined : party;
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
  if (party.streetAddress.length > PARTY_LIMITS.streetLines) checks.add('streetAddress', `At most ${PARTY_LIMITS.streetLines} street lines fit.`);
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
  const at = (line: number): FieldPlace => ({ line, segment: tag });
  const before = faults.faults.length;
  const [account, iataCode, cassAddress, participantIdentifier, ...extra] = segment.head.fields;
  if (extra.length > 0) faults.add(segment.line, 'malformed', 'The agent line holds account, IATA code, CASS address and participant identifier only.', tag);
  const [nameLine, placeLine, ...more] = segment.continuations;
  for (const line of more) faults.add(line.number, 'malformed', 'The agent segment ends after the place line.', tag);
  const agent = agentFromFields(
    {
      accountNumber: { text: account, at: at(segment.line) },
      iataCode: { text: iataCode, at: at(segment.line) },
      cassAddress: { text: cassAddress, at: at(segment.line) },
      participantIdentifier: { text: participantIdentifier, at: at(segment.line) },
      name: { texts: nameLine ? [lineText(nameLine, "the agent's name", faults, tag)] : [], at: at(nameLine?.number ?? segment.line) },
      place: { text: placeLine && lineText(placeLine, "the agent's place", faults, tag), at: at(placeLine?.number ?? nameLine?.number ?? segment.line) },
    },
    faults,
  );
  return faults.faults.length > before ? undefined : agent;
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

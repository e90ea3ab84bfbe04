import { countryCodeOfName, countryOf } from './countryNames';
import { isoDay, readListDate } from './listDates';
import type { AliasKind, SourceCountry, SourceDate, SourceIdentifier, SourcePlace } from './model';

/**
 * What OFAC's legacy CSV says in an entry's remarks, the one field where it keeps dates of birth, nationalities and
 * documents: "DOB 28 Jul 1963; POB Toledo District, Belize; Passport P0017003 (Belize); a.k.a. 'BURTON BURGESS'."
 * The remarks are statements separated by "; ", a second value of a kind opened by "alt." ("alt. DOB 1961").
 * Read: DOB (a day, month or year, "circa", "X to Y"), POB, nationality (and "Nationality of Registration" of
 * entities and vessels), citizen, Gender, the weak a.k.a./f.k.a./n.k.a. in quotes, identity documents and
 * registration numbers (by the names OFAC gives them: Passport, National ID No., Cedula No., Tax ID No., IMO...,
 * and any other "... No." / "... Number" / "... ID"), and Linked To. Everything else (websites, e-mail and
 * digital currency addresses, phone numbers, aircraft particulars, dates of establishment, directives, secondary
 * sanctions notices, positions held) stays in the remarks text only.
 */
export interface OfacRemarkFacts {
  weakAliases: { name: string; kind: AliasKind }[];
  datesOfBirth: SourceDate[];
  placesOfBirth: SourcePlace[];
  nationalities: SourceCountry[];
  citizenships: SourceCountry[];
  identifiers: SourceIdentifier[];
  gender?: 'Male' | 'Female';
  linkedTo: string[];
  /** Dates of birth written in a way that cannot be read. */
  unreadDates: string[];
}

/** Identifier names OFAC uses, longest first where one begins another; any other "... No.", "... Number", "... ID" is read as well. */
const IDENTIFIER_TYPES = [
  'Aircraft Construction Number (also called L/N or S/N or F/N)',
  "Aircraft Manufacturer's Serial Number (MSN)",
  'Dubai Chamber of Commerce Membership No.',
  'Afghan Money Service Provider License Number',
  'Cartilla de Servicio Militar Nacional',
  'Unified Social Credit Code (USCC)',
  'Vessel Registration Identification',
  'Tazkira National ID Card',
  'Stateless Person ID Card',
  'Refugee ID Card',
  'Personal ID Card',
  'Credencial electoral',
  'Diplomatic Passport',
  'Passport',
  'Cedula No.',
  'NIT #',
  'D.N.I.',
  'SSN',
  'RFC',
  'CURP',
  'MMSI',
  'SWIFT/BIC',
  'BIK (RU)',
  'US FEIN',
  'RTN',
  'C.U.I.T.',
  'R.U.C. #',
  'Matricula Mercantil No',
];

/** Names that end like an identifier's but are none. */
const NOT_IDENTIFIER = /phone|fax|e-?mail|website|digital currency|date|tonnage|model|year|directive|listing|effective|transactions/i;

// Greedy up to the first digit, so "National ID No. 1010" is type "National ID No.", not "National ID".
const GENERIC_IDENTIFIER = /^([A-Z][^\d]*(?:No\.|Number|\bID|#|Identification))\s+(\S.*)$/;

function readIdentifier(statement: string): SourceIdentifier | undefined {
  let type = IDENTIFIER_TYPES.find((name) => statement.startsWith(`${name} `));
  let rest: string;
  if (type) rest = statement.slice(type.length + 1);
  else {
    const generic = GENERIC_IDENTIFIER.exec(statement);
    if (!generic || NOT_IDENTIFIER.test(generic[1])) return undefined;
    [type, rest] = [generic[1], generic[2]];
  }
  const identifier: Partial<SourceIdentifier> = {};
  const notes: string[] = [];
  rest = rest.replace(/\s+(issued|expires)\s+(\d{1,2} [A-Za-z]{3} \d{4}|[A-Za-z]{3} \d{4}|\d{4})/g, (_, which: string, date: string) => {
    const iso = isoDay(date);
    if (iso && which === 'issued') identifier.issuedOn = iso;
    else if (iso) identifier.expiresOn = iso;
    else notes.push(`${which} ${date}`);
    return '';
  });
  let country: SourceCountry | undefined;
  rest = rest.replace(/\s*\(([^()]+)\)/g, (_, inside: string) => {
    if (countryCodeOfName(inside)) country = countryOf(inside);
    else notes.push(inside);
    return '';
  });
  const number = rest.trim().replace(/\.$/, '').trim();
  if (!/[\p{L}\p{N}]/u.test(number)) return undefined;
  return { type, number, ...(country ? { country } : {}), ...identifier, ...(notes.length > 0 ? { note: notes.join('; ') } : {}) };
}

/** "Toledo District, Belize": the country read from the last part when it names one. */
export function placeFromText(written: string): SourcePlace | undefined {
  const text = written.trim().replace(/\.$/, '');
  if (!text) return undefined;
  const comma = text.lastIndexOf(',');
  const last = text.slice(comma + 1).trim();
  const country = countryCodeOfName(last) ? countryOf(last) : undefined;
  if (!country) return { text };
  const before = comma === -1 ? '' : text.slice(0, comma).trim();
  return before ? { text: before, country } : { country };
}

const WEAK_ALIAS = /^([afn])\.k\.a\.,?\s+'(.+)'\.?$/;
const KINDS: Record<string, AliasKind> = { a: 'aka', f: 'fka', n: 'nka' };

export function readOfacRemarks(remarks: string): OfacRemarkFacts {
  const facts: OfacRemarkFacts = {
    weakAliases: [],
    datesOfBirth: [],
    placesOfBirth: [],
    nationalities: [],
    citizenships: [],
    identifiers: [],
    linkedTo: [],
    unreadDates: [],
  };
  const statements = remarks
    .trim()
    .replace(/\.$/, '')
    .split(/;\s*/)
    .map((statement) => statement.trim().replace(/^alt\.\s+/, ''));
  for (const statement of statements) {
    let match = WEAK_ALIAS.exec(statement);
    if (match) {
      facts.weakAliases.push({ name: match[2].trim(), kind: KINDS[match[1]] });
      continue;
    }
    match = /^DOB\s+(.+)$/.exec(statement);
    if (match) {
      const date = readListDate(match[1]);
      if (date) facts.datesOfBirth.push(date);
      else facts.unreadDates.push(match[1]);
      continue;
    }
    match = /^POB\s+(.+)$/.exec(statement);
    if (match) {
      const place = placeFromText(match[1]);
      if (place) facts.placesOfBirth.push(place);
      continue;
    }
    match = /^nationality:?\s+(?:of Registration\s+)?(.+)$/i.exec(statement);
    if (match) {
      const country = countryOf(match[1]);
      if (country) facts.nationalities.push(country);
      continue;
    }
    // "citizen Mexico", not "Citizen's Card Number ...".
    match = /^citizen\s+(.+)$/.exec(statement);
    if (match) {
      const country = countryOf(match[1]);
      if (country) facts.citizenships.push(country);
      continue;
    }
    match = /^Gender\s+(Male|Female)\.?$/.exec(statement);
    if (match) {
      facts.gender = match[1] as 'Male' | 'Female';
      continue;
    }
    match = /^Linked To:\s*(.+)$/.exec(statement);
    if (match) {
      facts.linkedTo.push(match[1].trim());
      continue;
    }
    const identifier = readIdentifier(statement);
    if (identifier) facts.identifiers.push(identifier);
  }
  return facts;
}

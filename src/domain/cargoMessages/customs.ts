import { isKnownCountryCode } from '../countries';
import type { Segment } from './cargoImpLines';
import { segmentLines } from './cargoImpLines';
import { checkText, ModelChecks } from './fieldChecks';
import { readCargoDateTime } from './fields';
import type { FaultList, ModelFault } from './faults';
import type { CustomsInformation } from './model';

/**
 * OCI, other customs, security and regulatory control information:
 *
 *   OCI/AU/ISS/RA/RANUM123     country / information identifier / customs information identifier / supplementary information
 *   ///ED/0115                 the same group, continued (country and information identifier left empty)
 *   //OSS/RA/GLUBBLE           a new group in the same country
 *   /US/SHP/T/XYZ2233          a party's tax id
 */

export const OCI_LIMITS = { informationIdentifier: 3, customsInformationIdentifier: 2, supplementaryInformation: 35 } as const;

export function readCustomsInformation(segment: Segment, faults: FaultList): CustomsInformation[] {
  const lines: CustomsInformation[] = [];
  for (const line of segmentLines(segment)) {
    const before = faults.faults.length;
    const [country = '', information = '', customs = '', supplementary = '', ...extra] = line.fields;
    if (extra.length > 0)
      faults.add(
        line.number,
        'malformed',
        "An OCI line has four fields: country, information identifier, customs information identifier, supplementary information; '/' cannot appear in them.",
        'OCI',
      );
    if (country !== '' && !isKnownCountryCode(country))
      faults.add(line.number, 'unknown-code', `The OCI country code '${country}' is not an ISO 3166 country.`, 'OCI');
    if (information !== '' && !/^[A-Z]{1,3}$/.test(information))
      faults.add(line.number, 'malformed', `The information identifier '${information}' must be up to 3 letters (e.g. ISS, SHP, CNE).`, 'OCI');
    if (customs !== '' && !/^[A-Z0-9]{1,2}$/.test(customs))
      faults.add(line.number, 'malformed', `The customs information identifier '${customs}' must be 1 or 2 letters or digits (e.g. RA, SM, T).`, 'OCI');
    checkText(supplementary, OCI_LIMITS.supplementaryInformation, 'the supplementary customs information', line.number, faults, 'OCI', false);
    if (country === '' && information === '' && customs === '' && supplementary === '') faults.add(line.number, 'malformed', 'The OCI line is empty.', 'OCI');
    if (faults.faults.length > before) continue;
    lines.push({
      ...(country ? { countryCode: country } : {}),
      ...(information ? { informationIdentifier: information } : {}),
      ...(customs ? { customsInformationIdentifier: customs } : {}),
      ...(supplementary ? { supplementaryInformation: supplementary } : {}),
    });
  }
  return lines;
}

export function formatCustomsInformation(lines: CustomsInformation[]): string[] {
  return lines.map((oci, index) => {
    const fields = [oci.countryCode ?? '', oci.informationIdentifier ?? '', oci.customsInformationIdentifier ?? '', oci.supplementaryInformation ?? ''];
    return `${index === 0 ? 'OCI' : ''}/${fields.join('/')}`;
  });
}

export function customsInformationProblems(lines: CustomsInformation[], path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  lines.forEach((oci, index) => {
    if (oci.countryCode !== undefined && !isKnownCountryCode(oci.countryCode))
      checks.add(`[${index}].countryCode`, `${oci.countryCode} is not an ISO 3166 country.`);
    checks.pattern(oci.informationIdentifier, /^[A-Z]{1,3}$/, `[${index}].informationIdentifier`, 'up to 3 letters', true);
    checks.pattern(oci.customsInformationIdentifier, /^[A-Z0-9]{1,2}$/, `[${index}].customsInformationIdentifier`, '1 or 2 letters or digits', true);
    checks.text(oci.supplementaryInformation, OCI_LIMITS.supplementaryInformation, `[${index}].supplementaryInformation`, true);
    if (Object.values(oci).every((value) => value === undefined)) checks.add(`[${index}]`, 'An OCI line needs at least one field.');
  });
  return checks.problems;
}

/** An OCI line with its group filled in: the country and information identifier it continues. */
export interface CustomsEntry {
  countryCode?: string;
  informationIdentifier?: string;
  customsInformationIdentifier?: string;
  supplementaryInformation?: string;
}

/** Fills continuation lines in from the lines above them. */
export function customsEntriesOf(lines: CustomsInformation[]): CustomsEntry[] {
  let country: string | undefined;
  let information: string | undefined;
  return lines.map((oci) => {
    if (oci.informationIdentifier !== undefined) {
      information = oci.informationIdentifier;
      country = oci.countryCode ?? country;
    } else if (oci.countryCode !== undefined) country = oci.countryCode;
    return { ...oci, countryCode: oci.countryCode ?? country, informationIdentifier: information };
  });
}

/** A regulated party of the e-CSD: RA regulated agent, KC known consignor, AC account consignor, AO aircraft operator. */
export interface RegulatedEntity {
  /** The OCI group it is given in: ISS (issued the security status) or OSS (other regulated entity that accepted it). */
  role: string;
  category: string;
  identifier: string;
  countryCode?: string;
  /** Expiry of the approval as written, MMYY. */
  expiry?: string;
}

/** The electronic consignment security declaration (e-CSD) carried in OCI lines. */
export interface SecurityDeclaration {
  regulatedEntities: RegulatedEntity[];
  /** SS: SPX, SCO or SHR. */
  securityStatus?: string;
  /** SM: screening methods, e.g. XRY, ETD, PHS, EDD. */
  screeningMethods: string[];
  /** SE: grounds for exemption. */
  exemptions: string[];
  /** SN: who issued the security status. */
  signatory?: string;
  /** SD: when, as ISO date and time (yyyy-mm-ddThh:mm) when readable, else as written. */
  issuedAt?: string;
}

const REGULATED_CATEGORIES = new Set(['RA', 'KC', 'AC', 'AO']);
const SECURITY_GROUPS = new Set(['ISS', 'OSS']);

/** The e-CSD of a shipment, read from its OCI lines; undefined when they hold none. */
export function securityDeclarationOf(lines: CustomsInformation[]): SecurityDeclaration | undefined {
  const declaration: SecurityDeclaration = { regulatedEntities: [], screeningMethods: [], exemptions: [] };
  let found = false;
  for (const entry of customsEntriesOf(lines)) {
    const group = entry.informationIdentifier ?? '';
    const code = entry.customsInformationIdentifier ?? '';
    const value = entry.supplementaryInformation ?? '';
    if (!SECURITY_GROUPS.has(group)) continue;
    found = true;
    if (REGULATED_CATEGORIES.has(code))
      declaration.regulatedEntities.push({ role: group, category: code, identifier: value, ...(entry.countryCode ? { countryCode: entry.countryCode } : {}) });
    else if (code === 'ED') {
      const last = declaration.regulatedEntities.at(-1);
      if (last) last.expiry = value;
    } else if (code === 'SS') declaration.securityStatus = value;
    else if (code === 'SM') declaration.screeningMethods.push(value);
    else if (code === 'SE') declaration.exemptions.push(value);
    else if (code === 'SN') declaration.signatory = value;
    else if (code === 'SD') declaration.issuedAt = readCargoDateTime(value) ?? value;
  }
  return found ? declaration : undefined;
}

/** A party's identifier given for customs, e.g. the shipper's tax id (`/US/SHP/T/XYZ2233`). */
export interface PartyCustomsIdentifier {
  /** SHP, CNE, NFY, AGT ... */
  party: string;
  countryCode?: string;
  /** The customs information identifier: T tax id, and others a customs authority defines. */
  type: string;
  value: string;
}

const PARTY_GROUPS = new Set(['SHP', 'CNE', 'NFY', 'AGT', 'FFW']);

export function partyCustomsIdentifiersOf(lines: CustomsInformation[]): PartyCustomsIdentifier[] {
  return customsEntriesOf(lines)
    .filter((entry) => PARTY_GROUPS.has(entry.informationIdentifier ?? '') && entry.customsInformationIdentifier && entry.supplementaryInformation)
    .map((entry) => ({
      party: entry.informationIdentifier as string,
      ...(entry.countryCode ? { countryCode: entry.countryCode } : {}),
      type: entry.customsInformationIdentifier as string,
      value: entry.supplementaryInformation as string,
    }));
}

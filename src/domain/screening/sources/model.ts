import type { SanctionPartyType } from '../sanctionList';

/**
 * What the official sanctions files say about a listed party, read from each file format into one shape
 * (issue 34). The parsers keep what a list says as it says it (`full`, `text`) and add what can be
 * computed from it without guessing (ISO country codes, date bounds); they decide nothing about matching.
 */

/**
 * The official lists the portal imports:
 * - OFAC_SDN: OFAC's Specially Designated Nationals list, legacy CSV (sdn.csv, alt.csv, add.csv, sdn_comments.csv);
 * - OFAC_CONS: OFAC's Consolidated (non-SDN) list, the same layout (cons_prim.csv, cons_alt.csv, cons_add.csv, cons_comments.csv);
 * - UN: the UN Security Council Consolidated List, XML (`CONSOLIDATED_LIST`);
 * - US_CSL: the US Consolidated Screening List of trade.gov, CSV with a header.
 * The company's own rows (INTERNAL) are no file and have no parser.
 */
export type SourceId = 'OFAC_SDN' | 'OFAC_CONS' | 'UN' | 'US_CSL';
export const SOURCE_IDS: readonly SourceId[] = ['OFAC_SDN', 'OFAC_CONS', 'UN', 'US_CSL'];

/** A country as the list writes it, with its ISO 3166-1 alpha-2 code when the name is one we know (src/domain/countries.ts and the lists' own spellings). */
export interface SourceCountry {
  /** As written: "Korea, North", "Iran (Islamic Republic of)", "KP", "Palestinian". */
  name: string;
  /** ISO 3166-1 alpha-2 (XK for Kosovo); absent when the name is none we know ("undetermined", "Yugoslavia"). */
  code?: string;
}

/**
 * A name as a list gives it. Only what the list marks is split: nothing is guessed.
 * - OFAC individuals are written "FAMILY, Given Names": `family` is the part before the first comma, `given` the rest
 *   ("DELOS REYES, Feliciano Semborio, Jr." gives family "DELOS REYES", given "Feliciano Semborio, Jr."); an individual
 *   written without a comma ("ABU ZUBAYDAH") and every entity, vessel and aircraft has neither.
 * - UN individuals come in FIRST_NAME..FOURTH_NAME: `parts` holds them in that order, and `full` is them joined by spaces,
 *   which is how the UN writes the name. The UN does not say which part is the family name: the fields follow the
 *   name's own order as the designating State gave it, so FIRST_NAME is the given name in most African, European and
 *   Arabic names (ERIC | BADEGE; QUSAY | SADDAM | HUSSEIN | AL-TIKRITI, where the later parts are the father's and
 *   grandfather's names and the family or tribal name) but the family name in Korean or Chinese ones. So UN names have
 *   `parts` and no `family`/`given`. UN entities have their whole name in FIRST_NAME: no parts.
 * - US_CSL individuals (type "Individual") copied from OFAC's lists are written either "FAMILY, Given" (SDN) or
 *   "Given FAMILY" with the family name in capitals ("Mohammed ABU JHEISHEH"): both are split. Rows of other
 *   agencies have no type and mixed case ("Cesareo Estanislao Benitez"): not split.
 */
export interface SourceName {
  /** The name as the list writes it. */
  full: string;
  /** The family name (surname), where the list marks it. */
  family?: string;
  /** The given names, where the list marks them. */
  given?: string;
  /** The name's fields in the list's order, where the list gives the name in fields (UN FIRST_NAME..FOURTH_NAME). */
  parts?: string[];
}

/**
 * How strongly an alias names the party.
 * - strong: a name the party is or was known by; screen against it as against the primary name.
 * - weak: a name the list itself calls weak or low-quality (broad, generic, a nickname): a hit on it alone says little.
 * OFAC: alt.csv's aka, fka and nka are strong; the "a.k.a. '...'" in an entry's remarks are OFAC's weak AKAs (OFAC
 * moved them out of alt.csv into the remarks, FAQ 91). UN: QUALITY Good and the entities' a.k.a./f.k.a. are strong,
 * QUALITY Low is weak. US_CSL: its alt_names carry no quality and are strong.
 */
export type AliasQuality = 'strong' | 'weak';

/** aka: also known as; fka: formerly known as; nka: now known as (OFAC alt_type, UN entities' QUALITY). */
export type AliasKind = 'aka' | 'fka' | 'nka';

export interface SourceAlias extends SourceName {
  quality: AliasQuality;
  kind: AliasKind;
  /** What the list notes with the alias (UN NOTE). */
  note?: string;
  /** Where the person was born under this name, when the list says (UN CITY_OF_BIRTH, COUNTRY_OF_BIRTH). */
  placeOfBirth?: SourcePlace;
}

/**
 * A date as the lists give them: a day, a month, a year, or between two of these, perhaps approximate.
 * `earliest` and `latest` are the first and last day it can be, so a date of birth on a document matches when it falls
 * between them (wider when `approximate`).
 */
export interface SourceDate {
  /** As written: "28 Jul 1963", "circa 1964", "1973 to 1974", "1966-09-09", "Nov. 1973". */
  text: string;
  /** day: one day; month: one month; year: one year; range: between two dates or years (UN BETWEEN, OFAC "1973 to 1974"). */
  precision: 'day' | 'month' | 'year' | 'range';
  /** First day the date can be, ISO 8601 (yyyy-mm-dd). */
  earliest: string;
  /** Last day the date can be, ISO 8601 (yyyy-mm-dd). */
  latest: string;
  /** The list says it is approximate: UN TYPE_OF_DATE APPROXIMATELY, OFAC "circa". */
  approximate: boolean;
}

/**
 * An address or a place of birth. UN files give the parts; OFAC's add.csv gives the street, one field for
 * "city, state/province, postal code" (kept whole in `city`) and the country; OFAC's "POB ..." remarks and US_CSL
 * give one text, whose last part is the country when it names one.
 */
export interface SourcePlace {
  /** The address or place in one text, as written, without the country when the country is read apart. */
  text?: string;
  street?: string;
  /** The city; in OFAC's add.csv the whole "city/state/postal code" field, e.g. "Geneva 1208". */
  city?: string;
  stateOrProvince?: string;
  postalCode?: string;
  country?: SourceCountry;
  /** What the list notes with it: "as of June 2016". */
  note?: string;
}

/** An identity document or registration number: passport, national id, tax id, company registration, IMO number... */
export interface SourceIdentifier {
  /** As the list names it: "Passport", "National ID No.", "Tax ID No.", "Registration Number", "National Identification Number". */
  type: string;
  number: string;
  /** The issuing country. */
  country?: SourceCountry;
  /** ISO date of issue, when the list gives a whole day. */
  issuedOn?: string;
  /** ISO date of expiry, when the list gives a whole day. */
  expiresOn?: string;
  /** Anything else the list says of it: "Connecticut", "Expired 28 Nov. 2016", a second document type. */
  note?: string;
}

/** A vessel's particulars (OFAC's and US_CSL's vessel columns). */
export interface SourceVessel {
  callSign?: string;
  /** "Crude Oil Tanker". */
  vesselType?: string;
  tonnage?: string;
  grossRegisteredTonnage?: string;
  flag?: SourceCountry;
  owner?: string;
}

/** One listed party of one source. */
export interface SourceEntry {
  source: SourceId;
  /** Unique over all sources: the source, a hyphen, the list's own id: OFAC_SDN-36, OFAC_CONS-9639, UN-QDi.001, US_CSL-52291. */
  entryId: string;
  /** The list's own id: OFAC's ent_num, the UN REFERENCE_NUMBER, the CSL _id. */
  listId: string;
  /** The list's second number for the record, where it has one: the UN DATAID, the CSL entity_number (OFAC's ent_num on rows from OFAC). */
  recordId?: string;
  /**
   * Individual, Entity, Vessel or Aircraft. OFAC leaves the type of entities blank (read as Entity); UN INDIVIDUAL
   * and ENTITY; US_CSL's type column, blank on the rows of the Commerce and State lists: then absent (the list does not say).
   */
  partyType?: SanctionPartyType;
  name: SourceName;
  /** The name in its original script (UN NAME_ORIGINAL_SCRIPT), e.g. Arabic; not an alias. */
  originalScriptName?: string;
  /** Strong aliases first, in the list's order, then weak ones. */
  aliases: SourceAlias[];
  /** Sanctions programmes: OFAC's program column split ("SDGT] [IFSR" -> SDGT, IFSR), the UN_LIST_TYPE ("DRC", "Iraq"), US_CSL's programs. */
  programs: string[];
  /** US_CSL only: the list inside the CSL the row comes from, e.g. "Entity List (EL) - Bureau of Industry and Security". */
  sourceList?: string;
  /** Nationalities (individuals) and OFAC's "Nationality of Registration" (entities, vessels). */
  nationalities: SourceCountry[];
  /** Citizenships (OFAC's "citizen ...", US_CSL's citizenships). */
  citizenships: SourceCountry[];
  datesOfBirth: SourceDate[];
  placesOfBirth: SourcePlace[];
  addresses: SourcePlace[];
  identifiers: SourceIdentifier[];
  gender?: 'Male' | 'Female';
  /** Titles and positions: OFAC's title column, UN TITLE and DESIGNATION, US_CSL's title. */
  titles: string[];
  /** Parties the list links the entry to (OFAC's "Linked To: ..."). */
  linkedTo: string[];
  vessel?: SourceVessel;
  /** ISO date the party was listed: UN LISTED_ON, US_CSL start_date. OFAC's legacy CSV gives none. */
  listedOn?: string;
  /** ISO date of the entry's last change (UN LAST_DAY_UPDATED, the latest). */
  updatedOn?: string;
  /** ISO date the listing ends (US_CSL end_date, e.g. a denial order's end). */
  endsOn?: string;
  /** The list's remarks as written: OFAC's remarks with their continuation from the comments file, UN COMMENTS1, US_CSL's remarks. */
  remarks?: string;
}

/** Something wrong with a file: where (file part, line, entry) and why, in words an administrator understands. */
export interface SourceProblem {
  /** Which file of the source: 'primary', 'alt', 'add', 'comments' (OFAC) or 'list' (UN, US_CSL). */
  file: SourceFileRole;
  /** The line of the file (1-based) where the row or element is. */
  line?: number;
  /** The entry concerned, e.g. OFAC_SDN-36. */
  entry?: string;
  reason: string;
}

/** The files a source is made of: OFAC's legacy set has four (the primary one required), UN and US_CSL one. */
export type SourceFileRole = 'primary' | 'alt' | 'add' | 'comments' | 'list';

/** What one parsed source file (or OFAC file set) holds. */
export interface SourceFileSummary {
  source: SourceId;
  /**
   * When the list was published, as the file says: the UN's dateGenerated attribute (an ISO timestamp). OFAC's legacy
   * CSV and the CSL CSV carry no date: the importer takes it from the download or the upload.
   */
  publishedAt?: string;
  entries: number;
  /** All aliases, strong and weak. */
  aliases: number;
  weakAliases: number;
  /** Entries by party type; `unknown` counts the US_CSL rows without a type. */
  partyTypes: Record<SanctionPartyType | 'unknown', number>;
  /** Things read and left out that do not make the file wrong: an alias of an entry the primary file lacks, a date that cannot be read. */
  warnings: SourceProblem[];
}

/** A parser's answer: every entry, or why the file is refused (whole: nothing of it is to be used). */
export type SourceParseResult = { ok: true; entries: SourceEntry[]; summary: SourceFileSummary } | { ok: false; problems: SourceProblem[] };

/**
 * An incremental parser of one source. Feed it the file piece by piece as it arrives (`push`), then call `end` once.
 * Each push does work in proportion to its piece (pieces of some 64 KB keep each step to milliseconds) and keeps
 * no more of the file than the row or element it is in. A piece is text or UTF-8 bytes (a byte sequence may be cut
 * anywhere, even inside a character); one file's pieces come in order, an OFAC set's files in any order, even
 * interleaved. After the first problem the parser only looks for more problems (up to MAX_PROBLEMS).
 */
export interface SourceParser {
  readonly source: SourceId;
  /** The files it reads; the first is required, the others optional. */
  readonly files: readonly SourceFileRole[];
  /** The next piece of a file (by default the first of `files`). */
  push(chunk: string | Uint8Array, file?: SourceFileRole): void;
  /** Every file is complete: the entries, or the problems. */
  end(): SourceParseResult;
}

/** A file with more problems than this is refused with the first ones and a count of the rest. */
export const MAX_PROBLEMS = 50;

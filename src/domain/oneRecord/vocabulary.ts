/**
 * IATA ONE Record as the portal serves it (issue 37): API 2.3.0 with the cargo data model 3.3.0 and the
 * code lists 1.1.0 (../shared/reference/one-record/). Names of the vocabularies, the versions served and
 * the JSON-LD context every answer carries.
 */

export const CARGO = 'https://onerecord.iata.org/ns/cargo#';
export const API = 'https://onerecord.iata.org/ns/api#';
export const CODE_LISTS = 'https://onerecord.iata.org/ns/code-lists/';
export const XSD = 'http://www.w3.org/2001/XMLSchema#';

export const API_VERSION = '2.3.0';
export const DATA_MODEL_VERSION = '3.3.0';
/** The versions a client may name in `Accept: application/ld+json; version=...` and be answered in (the latest). */
export const SUPPORTED_API_VERSIONS = [API_VERSION] as const;
export const CONTENT_TYPE = 'application/ld+json';
export const CONTENT_LANGUAGE = 'en-US';
/** The orchestration release whose FWB mapping the derived objects follow (BRIEF.md, section 3). */
export const ORCHESTRATION_VERSION = '1.2.0';

/** hasSupportedOntology: unversioned; hasSupportedOntologyVersion: the version IRIs of the pinned ontologies. */
export const SUPPORTED_ONTOLOGIES = ['https://onerecord.iata.org/ns/cargo', 'https://onerecord.iata.org/ns/api', 'https://onerecord.iata.org/ns/code-lists'];
export const SUPPORTED_ONTOLOGY_VERSIONS = [
  'https://onerecord.iata.org/ns/cargo/3.3',
  'https://onerecord.iata.org/ns/api/2.3.0',
  'https://onerecord.iata.org/ns/code-lists/1.1.0',
];

/**
 * The context of every answer: the two vocabularies by prefix, and the datatype of each typed property the
 * portal writes, so that a JSON number or string expands to the literal the ontology's range names.
 */
export const CONTEXT = {
  cargo: CARGO,
  api: API,
  xsd: XSD,
  'cargo:numericalValue': { '@type': 'xsd:double' },
  'cargo:destinationCurrencyRate': { '@type': 'xsd:double' },
  'cargo:lineItemNumber': { '@type': 'xsd:integer' },
  'cargo:ociLineNumber': { '@type': 'xsd:integer' },
  'cargo:slac': { '@type': 'xsd:integer' },
  'cargo:rateSlac': { '@type': 'xsd:integer' },
  'cargo:movementTimestamp': { '@type': 'xsd:dateTime' },
  'cargo:issuedOn': { '@type': 'xsd:dateTime' },
  'cargo:carrierDeclarationDate': { '@type': 'xsd:dateTime' },
  'cargo:eventDate': { '@type': 'xsd:dateTime' },
  'cargo:creationDate': { '@type': 'xsd:dateTime' },
  'cargo:actionEndTime': { '@type': 'xsd:dateTime' },
  'cargo:date': { '@type': 'xsd:dateTime' },
  'api:hasTotalItems': { '@type': 'xsd:nonNegativeInteger' },
  'api:hasRevision': { '@type': 'xsd:positiveInteger' },
  'api:hasLatestRevision': { '@type': 'xsd:positiveInteger' },
  'api:hasServerEndpoint': { '@type': 'xsd:anyURI' },
  'api:hasSupportedOntology': { '@type': 'xsd:anyURI' },
  'api:hasSupportedOntologyVersion': { '@type': 'xsd:anyURI' },
  'api:hasResource': { '@type': 'xsd:anyURI' },
  'api:hasProperty': { '@type': 'xsd:anyURI' },
  'api:p': { '@type': 'xsd:anyURI' },
  'api:hasDatatype': { '@type': 'xsd:anyURI' },
  'api:isRequestedAt': { '@type': 'xsd:dateTime' },
  'api:hasRequestStatusSince': { '@type': 'xsd:dateTime' },
  'api:isRevokedAt': { '@type': 'xsd:dateTime' },
  'api:hasTopic': { '@type': 'xsd:anyURI' },
  'api:hasLogisticsObjectType': { '@type': 'xsd:anyURI' },
  'api:hasChangedProperty': { '@type': 'xsd:anyURI' },
  'api:expiresAt': { '@type': 'xsd:dateTime' },
} as const;

/** A time as the canonical lexical form of an xsd:dateTime in UTC: fractional seconds without trailing zeros, none when whole. */
export const xsdDateTime = (date: Date) => date.toISOString().replace(/\.?0+Z$/, 'Z');

/** A code of one of the code lists, as the IRI the data model links to (`code-lists/SpecialHandlingCode#DGR`). */
export const code = (list: string, value: string) => ({ '@id': `${CODE_LISTS}${list}#${encodeURIComponent(value)}` });

/** The IRI of a logistics object the portal serves. */
export const logisticsObjectIri = (base: string, id: string) => `${base}/logistics-objects/${id}`;

/**
 * What every id of this ONE Record server is made of (in a path: an object's, an event's, an action request's): letters,
 * digits and -._~ (a partner's, PARTNER_OBJECT_ID; the portal's derived ones; UUIDs) and _ (a company's, ACCOUNT_ID_PATTERN).
 */
export const POSSIBLE_ID = /^[\w.~-]+$/;

/** The api:Change bodies the ONE Record tests send (API 2.3.0 "Update a Logistics Object"), written as a partner writes them. */

export const CARGO = 'https://onerecord.iata.org/ns/cargo#';
export const API = 'https://onerecord.iata.org/ns/api#';
export const XSD = 'http://www.w3.org/2001/XMLSchema#';
export const CONTEXT = { cargo: CARGO, api: API };

export const change = (objectIri: string, revision: number, operations: unknown[], description = 'test change') => ({
  '@context': CONTEXT,
  '@type': 'api:Change',
  'api:hasLogisticsObject': { '@id': objectIri },
  'api:hasDescription': description,
  'api:hasOperation': operations,
  'api:hasRevision': { '@type': `${XSD}positiveInteger`, '@value': String(revision) },
});

export const operation = (op: 'ADD' | 'DELETE', s: string, p: string, datatype: string, value: string) => ({
  '@type': 'api:Operation',
  'api:op': { '@id': `api:${op}` },
  'api:s': s,
  'api:p': p,
  'api:o': [{ '@type': 'api:OperationObject', 'api:hasDatatype': datatype, 'api:hasValue': value }],
});

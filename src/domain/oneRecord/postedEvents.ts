import { isAbsoluteIri, readOneNode } from './jsonLdReading';
import { CARGO, XSD, xsdDateTime } from './vocabulary';

/**
 * Logistics events a partner posts to a logistics object (issue 37, 4; API 2.3.0 "Create a Logistics Event"): the
 * JSON-LD body read by expanding it (jsonld, safe mode, no context fetched: only contexts written in the body), then
 * checked as a cargo:LogisticsEvent of the properties this server keeps. The server sets the event's IRI, its
 * creationDate (one in the body is not kept), the object it is for and, for a registered client, its
 * recordingOrganization (one in the body must be the caller's). Anything else is
 * refused with what is wrong, and nothing is stored.
 */

const EVENT_TIME_TYPES = ['ACTUAL', 'ESTIMATED', 'EXPECTED', 'PLANNED', 'REQUESTED'] as const;
export type EventTimeType = (typeof EVENT_TIME_TYPES)[number];
export const EVENT_NAME_MAX = 500;
/** The properties a posted event may hold (its class's, less those the server sets). */
const KEPT = [
  'eventDate',
  'eventCode',
  'eventName',
  'eventTimeType',
  'partialEventIndicator',
  'eventLocation',
  'eventFor',
  'recordingOrganization',
  'creationDate',
] as const;

export interface PostedEvent {
  eventDate: Date;
  eventCode?: string;
  eventName?: string;
  eventTimeType?: EventTimeType;
  partialEventIndicator?: boolean;
  eventLocation?: string;
  /** The organisation the body says recorded it (the server checks it is the caller's). */
  recordingOrganization?: string;
}

export type EventReading = { ok: true; event: PostedEvent } | { ok: false; message: string };

type Expanded = Record<string, unknown[] | string | boolean | undefined>;

const refuse = (message: string): EventReading => ({ ok: false, message });

/** The one value of an expanded property, or undefined; more than one is refused by the caller. */
function single(node: Expanded, property: string): Record<string, unknown> | undefined | 'many' {
  const values = node[`${CARGO}${property}`] as Record<string, unknown>[] | undefined;
  if (!values || values.length === 0) return undefined;
  return values.length === 1 ? values[0] : 'many';
}

/** Reads a posted body as a LogisticsEvent for the object at `objectIri`. */
export async function readPostedEvent(body: unknown, objectIri: string): Promise<EventReading> {
  const read = await readOneNode(body, 'a cargo:LogisticsEvent', `${CARGO}LogisticsEvent`);
  if (!read.ok) return refuse(read.message);
  const node = read.node as Expanded;
  if (node['@id'] !== undefined) return refuse('A posted event has no @id: the server gives it one.');
  const unknown = Object.keys(node).filter((key) => key !== '@type' && !KEPT.some((property) => key === `${CARGO}${property}`));
  if (unknown.length > 0) return refuse(`This server keeps no ${unknown.join(', ')} on a logistics event.`);
  for (const property of KEPT) if (single(node, property) === 'many') return refuse(`cargo:${property} takes one value.`);

  const date = single(node, 'eventDate') as Record<string, unknown> | undefined;
  if (!date) return refuse('cargo:eventDate is required (an xsd:dateTime).');
  const dateValue = date['@value'];
  if (typeof dateValue !== 'string' || (date['@type'] !== undefined && date['@type'] !== `${XSD}dateTime`))
    return refuse('cargo:eventDate must be an xsd:dateTime.');
  const eventDate = new Date(dateValue);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(dateValue) || Number.isNaN(eventDate.getTime()))
    return refuse('cargo:eventDate must be a date and time with its offset, e.g. 2026-11-30T08:15:00Z.');

  const event: PostedEvent = { eventDate };
  const code = single(node, 'eventCode') as Record<string, unknown> | undefined;
  if (code) {
    if (!isAbsoluteIri(code['@id']))
      return refuse('cargo:eventCode must link a code list element by its IRI, e.g. https://onerecord.iata.org/ns/code-lists/StatusCode#DEP.');
    event.eventCode = code['@id'];
  }
  const name = single(node, 'eventName') as Record<string, unknown> | undefined;
  if (name) {
    if (typeof name['@value'] !== 'string') return refuse('cargo:eventName must be text.');
    if (name['@value'].length > EVENT_NAME_MAX) return refuse(`cargo:eventName may hold at most ${EVENT_NAME_MAX} characters.`);
    event.eventName = name['@value'];
  }
  const timeType = single(node, 'eventTimeType') as Record<string, unknown> | undefined;
  if (timeType) {
    const value = typeof timeType['@id'] === 'string' ? timeType['@id'].replace(CARGO, '') : undefined;
    if (!EVENT_TIME_TYPES.includes(value as EventTimeType))
      return refuse(`cargo:eventTimeType must be one of ${EVENT_TIME_TYPES.map((type) => `cargo:${type}`).join(', ')}.`);
    event.eventTimeType = value as EventTimeType;
  }
  const partial = single(node, 'partialEventIndicator') as Record<string, unknown> | undefined;
  if (partial) {
    if (typeof partial['@value'] !== 'boolean') return refuse('cargo:partialEventIndicator must be true or false.');
    event.partialEventIndicator = partial['@value'];
  }
  const location = single(node, 'eventLocation') as Record<string, unknown> | undefined;
  if (location) {
    if (!isAbsoluteIri(location['@id'])) return refuse('cargo:eventLocation must link a Location by its IRI.');
    event.eventLocation = location['@id'];
  }
  const recorder = single(node, 'recordingOrganization') as Record<string, unknown> | undefined;
  if (recorder) {
    if (!isAbsoluteIri(recorder['@id'])) return refuse('cargo:recordingOrganization must link an Organization by its IRI.');
    event.recordingOrganization = recorder['@id'];
  }
  const eventFor = single(node, 'eventFor') as Record<string, unknown> | undefined;
  if (eventFor && eventFor['@id'] !== objectIri) return refuse(`cargo:eventFor, when given, must be the logistics object posted to: ${objectIri}.`);
  return { ok: true, event };
}

/** A posted event as stored, told as the LogisticsEvent the server answers. */
export interface StoredEvent extends PostedEvent {
  eventId: string;
  createdAt: Date;
}

export function postedEventNode(objectIri: string, stored: StoredEvent) {
  return {
    '@id': `${objectIri}/logistics-events/${stored.eventId}`,
    '@type': 'cargo:LogisticsEvent',
    'cargo:eventFor': { '@id': objectIri },
    'cargo:eventDate': xsdDateTime(stored.eventDate),
    'cargo:creationDate': xsdDateTime(stored.createdAt),
    ...(stored.eventCode ? { 'cargo:eventCode': { '@id': stored.eventCode } } : {}),
    ...(stored.eventName !== undefined ? { 'cargo:eventName': stored.eventName } : {}),
    ...(stored.eventTimeType ? { 'cargo:eventTimeType': { '@id': `cargo:${stored.eventTimeType}` } } : {}),
    ...(stored.partialEventIndicator !== undefined ? { 'cargo:partialEventIndicator': stored.partialEventIndicator } : {}),
    ...(stored.eventLocation ? { 'cargo:eventLocation': { '@id': stored.eventLocation } } : {}),
    ...(stored.recordingOrganization ? { 'cargo:recordingOrganization': { '@id': stored.recordingOrganization } } : {}),
  };
}

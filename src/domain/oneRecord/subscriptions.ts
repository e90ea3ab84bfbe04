import { isAbsoluteIri, readOneNode, optionalDescription, optionalExpiry, optionalFlag, type Expanded } from './jsonLdReading';
import type { Reading } from './objectReading';
import { isLogisticsObjectClass } from './ontology';
import { API, CONTENT_TYPE } from './vocabulary';

/**
 * Subscriptions (issue 37, 1; API 2.3.0 "Publish & Subscribe"): an api:Subscription a partner posts to be notified
 * of logistics objects of a type, or of one object, read from its JSON-LD; and the topic a publisher proposes when it
 * asks this server for its own subscription (GET /subscriptions).
 */

export const TOPIC_TYPES = ['LOGISTICS_OBJECT_TYPE', 'LOGISTICS_OBJECT_IDENTIFIER'] as const;
export type TopicType = (typeof TOPIC_TYPES)[number];
export const SUBSCRIPTION_EVENT_TYPES = ['LOGISTICS_OBJECT_CREATED', 'LOGISTICS_OBJECT_UPDATED', 'LOGISTICS_EVENT_RECEIVED'] as const;
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];

export interface Subscription {
  subscriber: string;
  topicType: TopicType;
  topic: string;
  eventTypes: SubscriptionEventType[];
  sendBody: boolean;
  notify: boolean;
  description?: string;
  expiresAt?: Date;
}

const refuse = (message: string, property?: string): { ok: false; message: string; property?: string } => ({
  ok: false,
  message,
  ...(property ? { property } : {}),
});
const values = (node: Expanded, property: string) => (node[`${API}${property}`] as Expanded[] | undefined) ?? [];
const KEYS = [
  'hasSubscriber',
  'hasTopicType',
  'hasTopic',
  'includeSubscriptionEventType',
  'sendLogisticsObjectBody',
  'notifyRequestStatusChange',
  'hasDescription',
  'expiresAt',
  'hasContentType',
];

/** A topic (type and topic, short or full IRIs) as this server takes it; the message says what is wrong. */
export function readTopic(topicType: string | undefined, topic: string | undefined): Reading<{ topicType: TopicType; topic: string }> {
  const type = topicType?.replace(API, '').replace(/^https:\/\/onerecord\.iata\.org\/ns\/api\//, '');
  if (!TOPIC_TYPES.includes(type as TopicType))
    return refuse(`topicType must be ${TOPIC_TYPES.map((each) => `${API}${each}`).join(' or ')}.`, `${API}hasTopicType`);
  if (!topic) return refuse('topic is required: a logistics object class, or the IRI of a logistics object.', `${API}hasTopic`);
  if (!isAbsoluteIri(topic)) return refuse('topic must be an absolute IRI.', `${API}hasTopic`);
  if (type === 'LOGISTICS_OBJECT_TYPE' && !isLogisticsObjectClass(topic))
    return refuse(`${topic} is no logistics object class of the data model 3.3.0 (e.g. https://onerecord.iata.org/ns/cargo#Shipment).`, `${API}hasTopic`);
  return { ok: true, value: { topicType: type as TopicType, topic } };
}

/** Reads a posted body as an api:Subscription. */
export async function readSubscription(body: unknown): Promise<Reading<Subscription>> {
  const read = await readOneNode(body, 'an api:Subscription', `${API}Subscription`);
  if (!read.ok) return read;
  const { node } = read;
  const unknown = Object.keys(node).filter((key) => key !== '@type' && key !== '@id' && !KEYS.some((name) => key === `${API}${name}`));
  if (unknown.length > 0) return refuse(`An api:Subscription holds no ${unknown.join(', ')}.`, unknown[0]);
  const subscriber = values(node, 'hasSubscriber');
  if (subscriber.length !== 1 || !isAbsoluteIri(subscriber[0]['@id']))
    return refuse('api:hasSubscriber must link one organisation, the one to notify.', `${API}hasSubscriber`);
  const topicTypes = values(node, 'hasTopicType');
  const topics = values(node, 'hasTopic');
  if (topicTypes.length !== 1 || topics.length !== 1) return refuse('api:hasTopicType and api:hasTopic take one value each.', `${API}hasTopic`);
  const topicValue = topics[0]['@value'] ?? topics[0]['@id'];
  const topic = readTopic(topicTypes[0]['@id'] as string | undefined, typeof topicValue === 'string' ? topicValue : undefined);
  if (!topic.ok) return topic;
  const eventTypes: SubscriptionEventType[] = [];
  for (const each of values(node, 'includeSubscriptionEventType')) {
    const name = typeof each['@id'] === 'string' ? each['@id'].replace(API, '') : '';
    if (!SUBSCRIPTION_EVENT_TYPES.includes(name as SubscriptionEventType))
      return refuse(
        `api:includeSubscriptionEventType takes ${SUBSCRIPTION_EVENT_TYPES.map((type) => `api:${type}`).join(', ')}.`,
        `${API}includeSubscriptionEventType`,
      );
    if (!eventTypes.includes(name as SubscriptionEventType)) eventTypes.push(name as SubscriptionEventType);
  }
  if (eventTypes.length === 0) return refuse('api:includeSubscriptionEventType needs at least one event type.', `${API}includeSubscriptionEventType`);
  const sendBody = optionalFlag(node, 'sendLogisticsObjectBody');
  if (!sendBody.ok) return sendBody;
  const notify = optionalFlag(node, 'notifyRequestStatusChange');
  if (!notify.ok) return notify;
  for (const type of values(node, 'hasContentType'))
    if (typeof type['@value'] !== 'string' || type['@value'].split(';')[0].trim() !== CONTENT_TYPE)
      return refuse(`api:hasContentType: this server sends ${CONTENT_TYPE} only.`, `${API}hasContentType`);
  const description = optionalDescription(node);
  if (!description.ok) return description;
  const expiresAt = optionalExpiry(node);
  if (!expiresAt.ok) return expiresAt;
  return {
    ok: true,
    value: {
      subscriber: subscriber[0]['@id'] as string,
      ...topic.value,
      eventTypes,
      sendBody: sendBody.value ?? false,
      notify: notify.value ?? false,
      ...(description.value !== undefined ? { description: description.value } : {}),
      ...(expiresAt.value ? { expiresAt: expiresAt.value } : {}),
    },
  };
}

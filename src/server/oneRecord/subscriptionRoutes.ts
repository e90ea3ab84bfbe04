import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { expandSafely } from '../../domain/oneRecord/jsonLdReading';
import { membersOf } from '../../domain/oneRecord/ontology';
import { readSubscription, readTopic, SUBSCRIPTION_EVENT_TYPES } from '../../domain/oneRecord/subscriptions';
import { API, CONTENT_TYPE, logisticsObjectIri } from '../../domain/oneRecord/vocabulary';
import type { AppContext } from '../context';
import { actionRequestIri } from './actionRequestRoutes';
import { jsonLdAnswer, jsonLdBody, LENT_REFUSAL, noBody, REFUSALS, sendError, sendJsonLd } from './answers';
import { organisationOf, requesterOf, type OneRecordCaller } from './callers';
import { subscribe } from './subscriptionStore';

/**
 * Publish and subscribe (issue 37, 1; API 2.3.0 "Subscriptions", "Notifications"): a partner subscribes to logistics
 * objects of a type, or to one object it may see, for its own organisation (its registered organisation, its
 * company's, or an organisation object its company created here: the server notifies no third party); a publisher
 * asks the portal for its subscription to a topic; any signed-in partner posts notifications to the portal.
 */

/** The most a notification may hold. */
const NOTIFICATION_BYTES = 262_144;
const NOTIFICATION_EVENT_TYPE = `${API}NotificationEventType`;

export interface SubscriptionDependencies {
  /** Whether the caller's company may see the logistics object of this id ('missing': no such object here). */
  objectAccess(caller: OneRecordCaller, objectId: string): Promise<'visible' | 'refused' | 'lent' | 'missing'>;
  /** Whether an IRI is an organisation object the caller's company holds on this server. */
  holdsOrganisation(caller: OneRecordCaller, iri: string): Promise<boolean>;
  /** The organisation that runs the portal (ServerInformation.hasDataHolder). */
  dataHolder: string;
}

export function subscriptionRoutes(app: FastifyInstance, ctx: AppContext, base: string, dependencies: SubscriptionDependencies) {
  const objectsBase = logisticsObjectIri(base, '');

  app.post(
    '/subscriptions',
    {
      bodyLimit: NOTIFICATION_BYTES,
      schema: {
        summary: 'Subscribe to ONE Record logistics objects',
        description:
          "An api:Subscription (application/ld+json): api:hasSubscriber the organisation to notify (the caller's own: its registered organisation, its company, or an organisation object its company created here), api:hasTopicType LOGISTICS_OBJECT_TYPE with a logistics object class as api:hasTopic, or LOGISTICS_OBJECT_IDENTIFIER with the IRI of an object the caller may see (a company a shipment is lent to: the objects its summary shows, and is told of the decisions and of those objects as it sees them, while the shipment is lent); api:includeSubscriptionEventType the events wanted. Accepted at once: 201 with Location (the api:SubscriptionRequest) and Type. 422 for a topic object that is not this server's, or a subscription already active.",
        tags: ['ONE Record'],
        response: {
          201: noBody('subscribed; Location is the api:SubscriptionRequest, Type its class'),
          ...REFUSALS,
          422: jsonLdAnswer('api:Error: a topic this server does not publish, or a subscription already active'),
        },
      },
      config: { documentOnly: { consumes: [CONTENT_TYPE], body: { type: 'object', description: 'an api:Subscription (JSON-LD, API 2.3.0)' } } },
    },
    async (request, reply) => {
      const resource = `${base}/subscriptions`;
      const body = jsonLdBody(request, reply, resource);
      if (!body) return reply;
      const reading = await readSubscription(body.json);
      if (!reading.ok) return sendError(reply, 400, reading.message, resource, reading.property);
      const subscription = reading.value;
      const caller = request.oneRecordCaller as OneRecordCaller;
      const own = organisationOf(caller, base);
      if (subscription.subscriber !== own && !(await dependencies.holdsOrganisation(caller, subscription.subscriber)))
        return sendError(
          reply,
          403,
          `api:hasSubscriber must be your organisation (${own}) or an organisation your company created on this server: this server notifies no third party.`,
          resource,
          `${API}hasSubscriber`,
        );
      if (subscription.topicType === 'LOGISTICS_OBJECT_IDENTIFIER') {
        const access = subscription.topic.startsWith(objectsBase)
          ? await dependencies.objectAccess(caller, subscription.topic.slice(objectsBase.length))
          : 'missing';
        if (access === 'missing') return sendError(reply, 422, `${subscription.topic} is no logistics object of this server.`, resource, `${API}hasTopic`);
        if (access === 'refused') return sendError(reply, 403, 'This logistics object is not shared with your company.', resource, `${API}hasTopic`);
        if (access === 'lent') return sendError(reply, 403, LENT_REFUSAL, resource, `${API}hasTopic`);
      }
      const made = await subscribe(ctx.db, subscription, requesterOf(caller, base), dependencies.dataHolder);
      if (!made.ok) return sendError(reply, 422, `This subscription is already active: ${actionRequestIri(base, made.requestId)}.`, resource, `${API}hasTopic`);
      return reply.code(201).header('Location', actionRequestIri(base, made.requestId)).header('Type', `${API}SubscriptionRequest`).send();
    },
  );

  app.get<{ Querystring: { topicType?: string; topic?: string } }>(
    '/subscriptions',
    {
      schema: {
        summary: "The portal's subscription to a publisher's topic",
        description:
          'A publisher asks what the portal subscribes to (`topicType` LOGISTICS_OBJECT_TYPE with a logistics object class, or LOGISTICS_OBJECT_IDENTIFIER with an object IRI, as `topic`): the api:Subscription of the portal, notified at its `/notifications` of every event type. 400 for a topic that is no logistics object class or IRI.',
        tags: ['ONE Record'],
        querystring: Type.Object({ topicType: Type.Optional(Type.String()), topic: Type.Optional(Type.String()) }),
        response: { 200: jsonLdAnswer('api:Subscription'), ...REFUSALS },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const resource = `${base}/subscriptions`;
      if (request.validationError) return sendError(reply, 400, request.validationError.message, resource);
      const topic = readTopic(request.query.topicType, request.query.topic);
      if (!topic.ok) return sendError(reply, 400, topic.message, resource, topic.property);
      return sendJsonLd(reply, {
        '@id': `urn:uuid:${randomUUID()}`,
        '@type': 'api:Subscription',
        'api:hasSubscriber': { '@id': dependencies.dataHolder },
        'api:hasTopicType': { '@id': `api:${topic.value.topicType}` },
        'api:hasTopic': topic.value.topic,
        'api:includeSubscriptionEventType': SUBSCRIPTION_EVENT_TYPES.map((type) => ({ '@id': `api:${type}` })),
        'api:hasContentType': CONTENT_TYPE,
        'api:sendLogisticsObjectBody': false,
        'api:notifyRequestStatusChange': false,
      });
    },
  );

  app.post(
    '/notifications',
    {
      bodyLimit: NOTIFICATION_BYTES,
      schema: {
        summary: 'Receive a ONE Record notification',
        description:
          'A partner’s server notifies the portal (application/ld+json, an api:Notification with its api:hasEventType): kept with who sent it. Answers 204.',
        tags: ['ONE Record'],
        response: { 204: noBody('received'), ...REFUSALS },
      },
      config: { documentOnly: { consumes: [CONTENT_TYPE], body: { type: 'object', description: 'an api:Notification (JSON-LD, API 2.3.0)' } } },
    },
    async (request, reply) => {
      const resource = `${base}/notifications`;
      const body = jsonLdBody(request, reply, resource);
      if (!body) return reply;
      if (!body.json || typeof body.json !== 'object' || Array.isArray(body.json))
        return sendError(reply, 400, 'The body must be one JSON-LD object, an api:Notification.', resource);
      const expansion = await expandSafely(body.json);
      if (!expansion.ok) return sendError(reply, 400, expansion.message, resource);
      const [node] = expansion.nodes;
      if (expansion.nodes.length !== 1 || !((node['@type'] as string[] | undefined) ?? []).includes(`${API}Notification`))
        return sendError(reply, 400, `The body must be one api:Notification (${API}Notification).`, resource);
      const eventType = (node[`${API}hasEventType`] as { '@id'?: string }[] | undefined)?.[0]?.['@id'];
      if (!eventType || !membersOf(NOTIFICATION_EVENT_TYPE).includes(eventType))
        return sendError(
          reply,
          400,
          'api:hasEventType must be one of the API’s notification event types, e.g. api:LOGISTICS_OBJECT_UPDATED.',
          resource,
          `${API}hasEventType`,
        );
      const object = (node[`${API}hasLogisticsObject`] as { '@id'?: string }[] | undefined)?.[0]?.['@id'];
      const caller = request.oneRecordCaller as OneRecordCaller;
      await ctx.db
        .insertInto('onerecord_notifications')
        .values({
          notification_id: randomUUID(),
          recipient_company_id: null,
          sender_company_id: caller.companyId,
          sender_user_id: 'userId' in caller ? caller.userId : null,
          sender_client_id: 'clientId' in caller ? caller.clientId : null,
          event_type: eventType.replace(API, ''),
          logistics_object: typeof object === 'string' ? object : null,
          body: JSON.stringify(body.json),
        })
        .execute();
      return reply.code(204).send();
    },
  );
}

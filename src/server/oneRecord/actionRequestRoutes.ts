import type { RequestLife, RequestStatus } from '../../domain/oneRecord/actionRequests';
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API, logisticsObjectIri, xsdDateTime } from '../../domain/oneRecord/vocabulary';
import type { AppContext } from '../context';
import { jsonLdAnswer, noBody, REFUSALS, sendError, sendJsonLd } from './answers';
import { organisationOf, type OneRecordCaller } from './callers';
import { actionRequest, decideChange, revokeChange, type ActionRequestRow } from './partnerObjects';
import { decideDelegation, delegationRequest, revokeDelegation, type DelegationRow } from './delegationStore';
import { revokeSubscription, subscriptionRequest, type SubscriptionRow } from './subscriptionStore';

/**
 * ONE Record action requests (issue 37; API 2.3.0 "Action Requests"): the change requests of partners' objects and
 * the subscription requests partners make, read at `/action-requests/{id}` by the company that made them (and, for
 * a change, the holder of its object), revoked by them while they may be (a change while pending, a subscription
 * while pending or accepted), and answered when asked for the status they already have.
 */

/** What every action request says of its status: who asked and when, the status, since when, the statuses it had. */
function statusFields(found: RequestLife) {
  return {
    'api:isRequestedBy': { '@id': found.requestedBy },
    'api:isRequestedAt': xsdDateTime(found.requestedAt),
    'api:hasRequestStatus': { '@id': `api:${found.status}` },
    'api:hasRequestStatusSince': xsdDateTime(found.statusSince),
    ...(found.history.length > 0
      ? {
          'api:hasRequestStatusHistory': found.history.map((entry) => ({
            '@type': 'api:RequestStatusEntry',
            'api:hasRequestStatus': { '@id': `api:${entry.status}` },
            'api:hasRequestStatusSince': xsdDateTime(new Date(entry.since)),
            'api:isChangedBy': { '@id': entry.changedBy },
          })),
        }
      : {}),
    ...(found.revokedBy ? { 'api:isRevokedBy': { '@id': found.revokedBy } } : {}),
    ...(found.revokedAt ? { 'api:isRevokedAt': xsdDateTime(found.revokedAt) } : {}),
  };
}

export const actionRequestIri = (base: string, requestId: string) => `${base}/action-requests/${requestId}`;

export function changeRequestNode(base: string, found: ActionRequestRow) {
  const { change } = found;
  return {
    '@id': actionRequestIri(base, found.requestId),
    '@type': `api:${found.type}`,
    'api:hasChange': {
      '@type': 'api:Change',
      'api:hasLogisticsObject': { '@id': logisticsObjectIri(base, found.objectId) },
      'api:hasRevision': change.revision,
      ...(change.description !== undefined ? { 'api:hasDescription': change.description } : {}),
      'api:notifyRequestStatusChange': change.notify,
      'api:hasOperation': change.operations.map((operation) => ({
        '@type': 'api:Operation',
        'api:op': { '@id': `api:${operation.op}` },
        'api:s': operation.s,
        'api:p': operation.p,
        'api:o': operation.o.map((object) => ({ '@type': 'api:OperationObject', 'api:hasDatatype': object.datatype, 'api:hasValue': object.value })),
      })),
    },
    ...(found.errors.length > 0
      ? {
          'api:hasError': found.errors.map((error) => ({
            '@type': 'api:Error',
            'api:hasTitle': error.title,
            'api:hasErrorDetail': [
              { '@type': 'api:ErrorDetail', 'api:hasMessage': error.message, ...(error.property ? { 'api:hasProperty': error.property } : {}) },
            ],
          })),
        }
      : {}),
    ...statusFields(found),
  };
}

export function subscriptionRequestNode(base: string, found: SubscriptionRow) {
  return {
    '@id': actionRequestIri(base, found.requestId),
    '@type': 'api:SubscriptionRequest',
    'api:hasSubscription': {
      '@type': 'api:Subscription',
      'api:hasSubscriber': { '@id': found.subscriber },
      'api:hasTopicType': { '@id': `api:${found.topicType}` },
      'api:hasTopic': found.topic,
      'api:includeSubscriptionEventType': found.eventTypes.map((type) => ({ '@id': `api:${type}` })),
      'api:hasContentType': 'application/ld+json',
      'api:sendLogisticsObjectBody': found.sendBody,
      'api:notifyRequestStatusChange': found.notify,
      ...(found.description !== undefined ? { 'api:hasDescription': found.description } : {}),
      ...(found.expiresAt ? { 'api:expiresAt': xsdDateTime(found.expiresAt) } : {}),
    },
    ...statusFields(found),
  };
}

export function delegationRequestNode(base: string, found: DelegationRow) {
  return {
    '@id': actionRequestIri(base, found.requestId),
    '@type': 'api:AccessDelegationRequest',
    'api:hasAccessDelegation': {
      '@type': 'api:AccessDelegation',
      'api:hasPermission': found.permissions.map((permission) => ({ '@id': `api:${permission}` })),
      'api:isRequestedFor': { '@id': found.requestedFor },
      'api:hasLogisticsObject': found.objectIds.map((id) => ({ '@id': logisticsObjectIri(base, id) })),
      'api:notifyRequestStatusChange': found.notify,
      ...(found.description !== undefined ? { 'api:hasDescription': found.description } : {}),
      ...(found.expiresAt ? { 'api:expiresAt': xsdDateTime(found.expiresAt) } : {}),
    },
    ...statusFields(found),
  };
}

/** An action request of any kind, as the routes below need it. */
interface RequestView {
  type: 'ChangeRequest' | 'SubscriptionRequest' | 'AccessDelegationRequest';
  requesterCompanyId: string;
  /** The company holding the objects (none for a subscription: the portal publishes, and decides when it is made). */
  holderCompanyId?: string;
  /** Other companies that may read it (a delegation's grantee). */
  readers: string[];
  status: RequestStatus;
  statusSince: Date;
  /** The statuses from which it may be revoked. */
  revocable: RequestStatus[];
  node: object;
  /** The holder's decision on a pending request (false: it was not pending). */
  decide?: (status: 'REQUEST_ACCEPTED' | 'REQUEST_REJECTED', by: string) => Promise<boolean>;
  revoke: (by: string) => Promise<boolean>;
}

export function actionRequestRoutes(app: FastifyInstance, ctx: AppContext, base: string) {
  async function findRequest(requestId: string): Promise<RequestView | undefined> {
    const id = requestId.toLowerCase();
    const change = await actionRequest(ctx.db, requestId);
    if (change)
      return {
        type: 'ChangeRequest',
        requesterCompanyId: change.companyId,
        holderCompanyId: change.holderCompanyId,
        readers: [],
        status: change.status,
        statusSince: change.statusSince,
        revocable: ['REQUEST_PENDING'],
        node: changeRequestNode(base, change),
        // A change of a portal's shipment is decided by an operator on its AWB detail page (shipmentChangeRequests.ts).
        ...(change.shipmentId === null
          ? { decide: (status: 'REQUEST_ACCEPTED' | 'REQUEST_REJECTED', by: string) => decideChange(ctx.db, id, status, by) }
          : {}),
        revoke: (by) => revokeChange(ctx.db, id, by),
      };
    const subscription = await subscriptionRequest(ctx.db, requestId);
    if (subscription)
      return {
        type: 'SubscriptionRequest',
        requesterCompanyId: subscription.companyId,
        readers: [],
        status: subscription.status,
        statusSince: subscription.statusSince,
        revocable: ['REQUEST_PENDING', 'REQUEST_ACCEPTED'],
        node: subscriptionRequestNode(base, subscription),
        revoke: (by) => revokeSubscription(ctx.db, id, by),
      };
    const delegation = await delegationRequest(ctx.db, requestId);
    if (delegation)
      return {
        type: 'AccessDelegationRequest',
        requesterCompanyId: delegation.companyId,
        holderCompanyId: delegation.holderCompanyId,
        readers: [delegation.granteeCompanyId],
        status: delegation.status,
        statusSince: delegation.statusSince,
        revocable: ['REQUEST_PENDING', 'REQUEST_ACCEPTED'],
        node: delegationRequestNode(base, delegation),
        decide: (status, by) => decideDelegation(ctx.db, id, status, by),
        revoke: (by) => revokeDelegation(ctx.db, id, by),
      };
    return undefined;
  }

  /** The action request when the caller's company made it or holds its object; else the refusal is sent. */
  async function visibleRequest(reply: FastifyReply, caller: OneRecordCaller, requestId: string) {
    const resource = actionRequestIri(base, requestId);
    const found = await findRequest(requestId);
    if (!found) {
      sendError(reply, 404, 'No action request has this id.', resource);
      return undefined;
    }
    if (found.requesterCompanyId !== caller.companyId && found.holderCompanyId !== caller.companyId && !found.readers.includes(caller.companyId)) {
      sendError(reply, 403, 'This action request is not shared with your company.', resource);
      return undefined;
    }
    return found;
  }

  /** Revokes the request when it still may be (by its requester or the holder); else the refusal is sent. */
  async function revoke(reply: FastifyReply, caller: OneRecordCaller, requestId: string, found: RequestView) {
    const resource = actionRequestIri(base, requestId);
    if (found.requesterCompanyId !== caller.companyId && found.holderCompanyId !== caller.companyId) {
      sendError(reply, 403, 'Only the requester or the holder revokes a request.', resource);
      return false;
    }
    const revoked = found.revocable.includes(found.status) ? await found.revoke(organisationOf(caller, base)) : false;
    if (!revoked) {
      const may = found.revocable.map((status) => status.replace('REQUEST_', '').toLowerCase()).join(' or ');
      sendError(reply, 422, `The request is ${found.status}: only a ${may} request may be revoked.`, resource, `${API}hasRequestStatus`);
      return false;
    }
    return true;
  }

  app.get<{ Params: { requestId: string } }>(
    '/action-requests/:requestId',
    {
      schema: {
        summary: 'A ONE Record action request',
        description:
          "An action request the caller's company made (api:ChangeRequest, api:SubscriptionRequest), or a change request of an object it holds: what was asked, who asked and when, its status, since when, and the statuses it had.",
        tags: ['ONE Record'],
        params: Type.Object({ requestId: Type.String() }),
        response: { 200: jsonLdAnswer('the action request (headers Type, Last-Modified)'), ...REFUSALS },
      },
    },
    async (request, reply) => {
      const found = await visibleRequest(reply, request.oneRecordCaller as OneRecordCaller, request.params.requestId);
      if (!found) return reply;
      return sendJsonLd(reply, found.node, {
        Type: `${API}${found.type}`,
        'Last-Modified': found.statusSince.toUTCString(),
        Location: actionRequestIri(base, request.params.requestId.toLowerCase()),
      });
    },
  );

  app.patch<{ Params: { requestId: string }; Querystring: { status?: string } }>(
    '/action-requests/:requestId',
    {
      schema: {
        summary: 'The status of a ONE Record action request',
        description:
          '`status` REQUEST_ACCEPTED, REQUEST_REJECTED or REQUEST_REVOKED (or their IRIs). A holder’s own change requests are accepted and applied when made, and the portal decides on a subscription when it is made: asking for the status a request already has answers 204 and changes nothing; REQUEST_REVOKED revokes a subscription (pending or accepted) as DELETE does; any other move of a request no longer pending is refused (422).',
        tags: ['ONE Record'],
        params: Type.Object({ requestId: Type.String() }),
        querystring: Type.Object({ status: Type.Optional(Type.String()) }),
        response: {
          204: noBody('done (or already so); Location and Type of the request'),
          ...REFUSALS,
          422: jsonLdAnswer('api:Error: the request can no longer move to that status'),
        },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const { requestId } = request.params;
      const resource = actionRequestIri(base, requestId);
      // A query the schema refused (attachValidation) is not read: `status` may be anything there, a repeated key an array.
      const status = request.validationError ? undefined : request.query.status?.replace(API, '');
      if (!status || !['REQUEST_ACCEPTED', 'REQUEST_REJECTED', 'REQUEST_REVOKED'].includes(status))
        return sendError(reply, 400, 'status must be REQUEST_ACCEPTED, REQUEST_REJECTED or REQUEST_REVOKED.', resource);
      const caller = request.oneRecordCaller as OneRecordCaller;
      const found = await visibleRequest(reply, caller, requestId);
      if (!found) return reply;
      if (found.status !== status) {
        if (status === 'REQUEST_REVOKED') {
          if (!(await revoke(reply, caller, requestId, found))) return reply;
        } else if (!found.decide && found.status === 'REQUEST_PENDING')
          return sendError(
            reply,
            422,
            "A change request of the portal's shipment is accepted or rejected by an operator on the shipment's AWB detail page.",
            resource,
            `${API}hasRequestStatus`,
          );
        else if (!found.decide || found.status !== 'REQUEST_PENDING')
          return sendError(reply, 422, `The request is ${found.status}: it can no longer become ${status}.`, resource, `${API}hasRequestStatus`);
        else if (found.holderCompanyId !== caller.companyId)
          return sendError(reply, 403, 'Only the holder of the logistics objects decides on their requests.', resource);
        else if (!(await found.decide(status as 'REQUEST_ACCEPTED' | 'REQUEST_REJECTED', organisationOf(caller, base))))
          return sendError(reply, 422, 'The request was decided meanwhile.', resource, `${API}hasRequestStatus`);
      }
      return reply.code(204).header('Location', resource).header('Type', `${API}${found.type}`).send();
    },
  );

  app.delete<{ Params: { requestId: string } }>(
    '/action-requests/:requestId',
    {
      schema: {
        summary: 'Revoke a ONE Record action request',
        description:
          'The requester (or the holder of the object) revokes an action request: a subscription while pending or accepted (its notifications stop), a change request while pending. A request no longer revocable is refused (422).',
        tags: ['ONE Record'],
        params: Type.Object({ requestId: Type.String() }),
        response: { 204: noBody('revoked'), ...REFUSALS, 422: jsonLdAnswer('api:Error: the request may no longer be revoked') },
      },
    },
    async (request, reply) => {
      const { requestId } = request.params;
      const caller = request.oneRecordCaller as OneRecordCaller;
      const found = await visibleRequest(reply, caller, requestId);
      if (!found) return reply;
      if (!(await revoke(reply, caller, requestId, found))) return reply;
      return reply.code(204).send();
    },
  );
}

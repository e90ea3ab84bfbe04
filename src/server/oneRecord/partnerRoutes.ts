import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readChange } from '../../domain/oneRecord/changes';
import { compactNode, isNode, readNewObject, type StoredNode, type Value } from '../../domain/oneRecord/objectReading';
import { isSubclassOf } from '../../domain/oneRecord/ontology';
import { API, CARGO, CONTENT_TYPE, logisticsObjectIri } from '../../domain/oneRecord/vocabulary';
import { DERIVED_ID_PATTERN, shipmentIdOf } from '../../domain/oneRecord/waybillObjects';
import type { AppContext } from '../context';
import { jsonLdAnswer, jsonLdBody, noBody, objectHeaders, REFUSALS, sendError, sendJsonLd } from './answers';
import { COMPANY_PREFIX, requesterOf, type OneRecordCaller } from './callers';
import { changeRequestNode } from './actionRequestRoutes';
import { auditTrail, createObject, partnerObject, partnerObjectsOf, requestChange, requestShipmentChange, type PartnerObject } from './partnerObjects';
import { checkShipmentChange } from './shipmentChangeRequests';
import { revisionsWith } from './objects';
import { derivedObject } from './checks';
import { CHECK_TEMPLATES } from '../../domain/oneRecord/decisionEvents';
import { accessOf } from '../shipments/scope';
import { isPermitted, permittedAmong } from './delegationStore';
import type { Permission } from '../../domain/oneRecord/delegations';
import { isRequestStatus, REQUEST_STATUSES } from '../../domain/oneRecord/actionRequests';

/**
 * Partners' own logistics objects on the ONE Record server (issue 37, 4): POST /logistics-objects, their GET (in
 * routes.ts, with the portal's objects), PATCH with an api:Change, the resulting action requests and the object's
 * audit trail. The caller's company is the holder of what it creates; nobody else sees it (deny by default).
 */

/** The most a posted object or change may hold. */
const OBJECT_BYTES = 262_144;
/** Ids the portal gives its own objects, which a partner may not take. */
const RESERVED_IDS = ['data-holder', ...Object.keys(CHECK_TEMPLATES)];
/** Query dates: ISO 8601 basic, UTC (API 2.3.0). */
const BASIC_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const ORGANIZATION = `${CARGO}Organization`;

/** A `YYYYMMDDThhmmssZ` query date, or undefined when it is not one. */
export function basicTime(text: string): Date | undefined {
  const parts = BASIC_TIME.exec(text);
  const time = parts ? new Date(`${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}Z`) : undefined;
  return time && !Number.isNaN(time.getTime()) ? time : undefined;
}

/** Whether an id is the portal's to give (its shipments' objects, its companies' `company-…`, the data holder). */
export const isReservedId = (id: string) => RESERVED_IDS.includes(id) || DERIVED_ID_PATTERN.test(id) || id.startsWith(COMPANY_PREFIX);

/** A new object's id: a UUID, never one of the portal's own (about one UUID in 40 reads as a shipment's object id). */
export function newPartnerObjectId(): string {
  for (;;) {
    const id = randomUUID();
    if (!isReservedId(id)) return id;
  }
}

export function partnerObjectRoutes(app: FastifyInstance, ctx: AppContext, base: string) {
  const objectsBase = logisticsObjectIri(base, '');
  const requestIri = (requestId: string) => `${base}/action-requests/${requestId}`;

  app.post(
    '/logistics-objects',
    {
      bodyLimit: OBJECT_BYTES,
      schema: {
        summary: 'Create a ONE Record logistics object',
        description:
          "A partner creates a logistics object of its own (application/ld+json, at most 256 KB, no @graph): one node whose @type is a class of the data model 3.3.0 that inherits from cargo:LogisticsObject, its properties the data model's, literals of their ranges. Objects written inside it are kept inside it, each given an id (`{object IRI}#{n}`). The caller's company is its holder and the only one that sees it. The server gives it its id unless the body's @id gives one under this server's `/logistics-objects/`. Answers 201 with Location and Type (the most specific class), no body; 409 when the id is taken.",
        tags: ['ONE Record'],
        response: {
          201: noBody('created; Location is the IRI of the object, Type its most specific class'),
          ...REFUSALS,
          409: jsonLdAnswer('api:Error: an object already has the id given'),
        },
      },
      config: { documentOnly: { consumes: [CONTENT_TYPE], body: { type: 'object', description: 'a logistics object (JSON-LD, data model 3.3.0)' } } },
    },
    async (request, reply) => {
      const resource = `${base}/logistics-objects`;
      const body = jsonLdBody(request, reply, resource);
      if (!body) return reply;
      const reading = await readNewObject(body.json, { objectsBase, newObjectId: newPartnerObjectId, reserved: isReservedId });
      if (!reading.ok) return sendError(reply, 400, reading.message, resource, reading.property);
      const { node, type } = reading.value;
      const objectId = node['@id'].slice(objectsBase.length);
      const caller = request.oneRecordCaller as OneRecordCaller;
      const created = await createObject(ctx.db, objectId, type, node, requesterOf(caller, base));
      if (created === 'exists') return sendError(reply, 409, 'A logistics object already has this id.', node['@id']);
      return reply.code(201).header('Location', node['@id']).header('Type', type).send();
    },
  );

  /** Whether the caller's company may do this with the object: its holder may do anything, another company what a delegation permits. */
  const mayUse = async (caller: OneRecordCaller, object: { objectId: string; companyId: string }, permission: Permission) =>
    object.companyId === caller.companyId || (await isPermitted(ctx.db, caller.companyId, object.objectId, permission));

  /** The partner's object when the caller's company holds it or a delegation permits `permission`; else the refusal is sent. */
  async function usableObject(
    reply: FastifyReply,
    caller: OneRecordCaller,
    id: string,
    resource: string,
    permission: Permission,
    at?: Date,
  ): Promise<PartnerObject | undefined> {
    const object = await partnerObject(ctx.db, id, at);
    if (!object) {
      sendError(reply, 404, at ? 'The logistics object did not exist at that time.' : 'No logistics object has this id.', resource);
      return undefined;
    }
    if (!(await mayUse(caller, object, permission))) {
      sendError(reply, 403, 'This logistics object is not shared with your company.', resource);
      return undefined;
    }
    return object;
  }

  /**
   * GET of a partner's object (routes.ts hands it on): its revision of now or of `at`; with `embedded`, each linked
   * object of the same holder put in place of its link (once, at its revision of the same time).
   */
  async function answerObject(reply: FastifyReply, caller: OneRecordCaller, id: string, query: { at?: string; atTime?: Date; embedded: boolean }) {
    const resource = logisticsObjectIri(base, id);
    const object = await usableObject(reply, caller, id, resource, 'GET_LOGISTICS_OBJECT', query.atTime);
    if (!object) return reply;
    // The objects to embed, read a level of links at a time: each level in one query, its delegations in one more
    // (an object may link thousands of pieces; read one by one, each was two round trips).
    const reachable = new Map<string, PartnerObject>();
    let frontier: StoredNode[] = query.embedded ? [object.body] : [];
    while (frontier.length > 0) {
      const iris = [...new Set(frontier.flatMap((node) => linksOf(node, objectsBase)))].filter((iri) => iri !== object.body['@id'] && !reachable.has(iri));
      const found = await partnerObjectsOf(
        ctx.db,
        iris.map((iri) => iri.slice(objectsBase.length)),
        query.atTime,
      );
      const foreign = [...found.values()].filter((other) => other.companyId !== caller.companyId).map((other) => other.objectId);
      const permitted = await permittedAmong(ctx.db, caller.companyId, foreign, 'GET_LOGISTICS_OBJECT');
      frontier = [];
      for (const other of found.values())
        if (other.companyId === caller.companyId || permitted.has(other.objectId)) {
          reachable.set(logisticsObjectIri(base, other.objectId), other);
          frontier.push(other.body);
        }
    }
    // Each linked object once, where it is first met depth first; later links to it stay links.
    const placed = new Set([object.body['@id']]);
    const embedLinks = (node: StoredNode): StoredNode => {
      const out: StoredNode = { '@id': node['@id'], '@type': node['@type'] };
      for (const [property, values] of Object.entries(node)) {
        if (property === '@id' || property === '@type') continue;
        out[property] = (values as Value[]).map((value) => {
          if (isNode(value)) return embedLinks(value);
          const iri = '@value' in value ? undefined : value['@id'];
          const other = iri === undefined ? undefined : reachable.get(iri);
          if (!iri || !other || placed.has(iri)) return value;
          placed.add(iri);
          return withRevision(embedLinks(other.body), other);
        });
      }
      return out;
    };
    const body = query.embedded ? embedLinks(object.body) : object.body;
    return sendJsonLd(
      reply,
      { ...compactNode(body), 'api:hasRevision': object.revision, 'api:hasLatestRevision': object.latestRevision },
      objectHeaders(object.type, object.revision, object.latestRevision, object.since, query.at ? `${resource}?at=${query.at}` : resource),
    );
  }

  app.patch<{ Params: { id: string } }>(
    '/logistics-objects/:id',
    {
      bodyLimit: OBJECT_BYTES,
      schema: {
        summary: 'Request a change of a ONE Record logistics object',
        description:
          "An api:Change of a partner's logistics object (application/ld+json): api:hasLogisticsObject the object patched, api:hasRevision its latest revision, api:hasOperation the operations (api:ADD and api:DELETE of api:s, api:p, api:o). The holder's change is applied at once, as one: all deletes, then all adds, the result checked against the data model; the object's revision goes up by one. Another company's (a delegation with PATCH_LOGISTICS_OBJECT) is checked the same way and waits for the holder (PATCH /action-requests/{id}?status=). Answers 201 with Location (the api:ChangeRequest) and Type; 422, with nothing changed, when the revision is not the latest or an operation cannot be applied. A change to an object of the portal's shipments (by a company that sees the shipment: the master Shipment's cargo:totalGrossWeight, cargo:pieces and cargo:goodsDescription, its parties' names and addresses) is checked the same way, and waits for an operator on the AWB detail page, whose acceptance takes it in as a newer FWB; anything else of those objects changes by a newer FWB or FHL (422).",
        tags: ['ONE Record'],
        params: Type.Object({ id: Type.String() }),
        response: {
          201: noBody('the change request, accepted and applied: Location is its IRI, Type api:ChangeRequest'),
          ...REFUSALS,
          422: jsonLdAnswer('api:Error: a change for an older revision, or one that cannot be applied'),
        },
      },
      config: { documentOnly: { consumes: [CONTENT_TYPE], body: { type: 'object', description: 'an api:Change (JSON-LD, API 2.3.0)' } } },
      attachValidation: true,
    },
    async (request, reply) => {
      const { id } = request.params;
      const resource = logisticsObjectIri(base, id);
      const body = jsonLdBody(request, reply, resource);
      if (!body) return reply;
      const caller = request.oneRecordCaller as OneRecordCaller;
      if (isReservedId(id)) return changeOfShipment(reply, caller, id, resource, body.json);
      const object = await usableObject(reply, caller, id, resource, 'PATCH_LOGISTICS_OBJECT');
      if (!object) return reply;
      const change = await readChange(body.json, resource);
      if (!change.ok) return sendError(reply, 400, change.message, resource, change.property);
      const outcome = await requestChange(ctx.db, id, change.value, requesterOf(caller, base), object.companyId === caller.companyId);
      if (!outcome.ok) return changeRefused(reply, resource, change.value.revision, outcome);
      return changeRequested(reply, outcome.requestId);
    },
  );

  /** A change refused, nothing kept (422): made for an older revision, or one that cannot be applied. */
  function changeRefused(
    reply: FastifyReply,
    resource: string,
    revision: number,
    refusal: { reason: 'revision'; latest: number } | { reason: 'unprocessable'; message: string; property?: string },
  ) {
    return refusal.reason === 'revision'
      ? sendError(
          reply,
          422,
          `The change is for revision ${revision}; the logistics object is at revision ${refusal.latest}. Read it again and send the change for that revision.`,
          resource,
          `${API}hasRevision`,
        )
      : sendError(reply, 422, refusal.message, resource, refusal.property);
  }

  /** A change request made: 201 with its IRI. */
  const changeRequested = (reply: FastifyReply, requestId: string) =>
    reply.code(201).header('Location', requestIri(requestId)).header('Type', `${API}ChangeRequest`).send();

  /** One of the objects the portal derives from a shipment the caller's company sees, with its revision; else the refusal is sent. */
  async function shipmentObject(reply: FastifyReply, caller: OneRecordCaller, id: string, resource: string) {
    const shipmentId = DERIVED_ID_PATTERN.test(id) ? shipmentIdOf(id) : undefined;
    const cached = shipmentId ? await ctx.shipments.rowWithMessages(shipmentId) : undefined;
    const found = cached && (await derivedObject(ctx.db, base, cached.row, revisionsWith(cached.row, cached.messageTimes), id));
    if (!cached || !found || !shipmentId) {
      sendError(reply, 404, 'No logistics object has this id.', resource);
      return undefined;
    }
    if (accessOf(await ctx.access.scope(caller), cached.row) !== 'full') {
      sendError(reply, 403, 'This logistics object is not shared with your company.', resource);
      return undefined;
    }
    return { shipmentId, row: cached.row, latestRevision: found.latestRevision, since: found.lastModified, isCheck: found.isCheck };
  }

  /**
   * A change request to one of the objects the portal derives from a shipment: by a company that sees the shipment,
   * for its latest revision, one the FWB can take (shipmentChangeRequests.ts); kept pending for an operator.
   */
  async function changeOfShipment(reply: FastifyReply, caller: OneRecordCaller, id: string, resource: string, body: unknown) {
    const found = await shipmentObject(reply, caller, id, resource);
    if (!found) return reply;
    const change = await readChange(body, resource);
    if (!change.ok) return sendError(reply, 400, change.message, resource, change.property);
    if (found.isCheck)
      return sendError(reply, 422, 'A Check records a decision the portal made on the shipment; it does not change.', resource, `${API}hasLogisticsObject`);
    const checked = await checkShipmentChange(ctx.db, found.row, id, change.value, base);
    if (!checked.ok) return changeRefused(reply, resource, change.value.revision, checked);
    return changeRequested(reply, await requestShipmentChange(ctx.db, id, found.shipmentId, change.value, requesterOf(caller, base)));
  }

  app.get<{ Params: { id: string }; Querystring: { 'updated-from'?: string; 'updated-to'?: string; status?: string } }>(
    '/logistics-objects/:id/audit-trail',
    {
      schema: {
        summary: "A ONE Record logistics object's audit trail",
        description:
          "The change requests of a partner's logistics object, oldest first, and its latest revision (api:AuditTrail): `updated-from` and `updated-to` (YYYYMMDDThhmmssZ) keep those made in that time, `status` (comma-separated, short or full) those of these statuses.",
        tags: ['ONE Record'],
        params: Type.Object({ id: Type.String() }),
        querystring: Type.Object({
          'updated-from': Type.Optional(Type.String()),
          'updated-to': Type.Optional(Type.String()),
          status: Type.Optional(Type.String()),
        }),
        response: { 200: jsonLdAnswer('api:AuditTrail'), ...REFUSALS },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const { id } = request.params;
      const resource = `${logisticsObjectIri(base, id)}/audit-trail`;
      const query = request.query;
      if (request.validationError) return sendError(reply, 400, request.validationError.message, resource);
      const from = query['updated-from'] === undefined ? undefined : basicTime(query['updated-from']);
      const to = query['updated-to'] === undefined ? undefined : basicTime(query['updated-to']);
      if ((query['updated-from'] !== undefined && !from) || (query['updated-to'] !== undefined && !to))
        return sendError(reply, 400, 'updated-from and updated-to must be UTC dates and times written YYYYMMDDThhmmssZ.', resource);
      const statuses = (query.status ?? '')
        .split(',')
        .map((each) => each.trim().replace(API, ''))
        .filter(Boolean);
      const unknown = statuses.find((status) => !isRequestStatus(status));
      if (unknown) return sendError(reply, 400, `status must be one or more of ${REQUEST_STATUSES.join(', ')}; ${unknown} is none of them.`, resource);
      const caller = request.oneRecordCaller as OneRecordCaller;
      const object = isReservedId(id)
        ? await shipmentObject(reply, caller, id, logisticsObjectIri(base, id))
        : await usableObject(reply, caller, id, resource, 'GET_LOGISTICS_OBJECT');
      if (!object) return reply;
      const requests = await auditTrail(ctx.db, id, { from, to, statuses: statuses.filter(isRequestStatus) });
      return sendJsonLd(
        reply,
        {
          '@id': resource,
          '@type': 'api:AuditTrail',
          'api:hasLatestRevision': object.latestRevision,
          ...(requests.length > 0 ? { 'api:hasActionRequest': requests.map((each) => changeRequestNode(base, each)) } : {}),
        },
        { 'Last-Modified': object.since.toUTCString() },
      );
    },
  );

  /** Whether an IRI is an organisation object (a cargo:Organization) the caller's company holds on this server. */
  async function holdsOrganisation(caller: OneRecordCaller, iri: string): Promise<boolean> {
    if (!iri.startsWith(objectsBase)) return false;
    const object = await partnerObject(ctx.db, iri.slice(objectsBase.length));
    return object?.companyId === caller.companyId && (object.type === ORGANIZATION || isSubclassOf(object.type, ORGANIZATION));
  }

  return { answerObject, holdsOrganisation, mayUse };
}

/** The IRIs of this server's objects a kept node links, its inner objects' links included. */
function linksOf(node: StoredNode, objectsBase: string): string[] {
  const links: string[] = [];
  for (const [property, values] of Object.entries(node)) {
    if (property === '@id' || property === '@type') continue;
    for (const value of values as Value[]) {
      if (isNode(value)) links.push(...linksOf(value, objectsBase));
      else if (!('@value' in value) && value['@id'].startsWith(objectsBase)) links.push(value['@id']);
    }
  }
  return links;
}

function withRevision(node: StoredNode, object: PartnerObject): StoredNode {
  return {
    ...node,
    [`${API}hasRevision`]: [{ '@value': String(object.revision), '@type': 'http://www.w3.org/2001/XMLSchema#positiveInteger' }],
    [`${API}hasLatestRevision`]: [{ '@value': String(object.latestRevision), '@type': 'http://www.w3.org/2001/XMLSchema#positiveInteger' }],
  };
}

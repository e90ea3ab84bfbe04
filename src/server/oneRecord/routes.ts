import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { FunctionId } from '../../domain/access';
import { isAddressAllowed } from '../../domain/ipRange';
import {
  API,
  CARGO,
  CONTENT_LANGUAGE,
  CONTENT_TYPE,
  logisticsObjectIri,
  POSSIBLE_ID,
  SUPPORTED_API_VERSIONS,
  SUPPORTED_ONTOLOGIES,
  SUPPORTED_ONTOLOGY_VERSIONS,
} from '../../domain/oneRecord/vocabulary';
import { DERIVED_ID_PATTERN, shipmentIdOf, type JsonLdNode } from '../../domain/oneRecord/waybillObjects';
import { CHECK_TEMPLATES_RELEASED, checkTemplate, isCheckTemplateId, screeningStatusDocument, shipmentObjectId } from '../../domain/oneRecord/decisionEvents';
import { readPostedEvent } from '../../domain/oneRecord/postedEvents';
import type { AppContext } from '../context';
import { verifyOneRecordToken } from '../auth/accessTokens';
import { accountOfSession, bearerClaims } from '../http/authenticate';
import { eventById, eventPage, recordEvent, type EventsOf } from './eventStore';
import { acceptsJsonLd, jsonLdAnswer, jsonLdBody, LENT_REFUSAL, objectHeaders, REFUSALS, sendError, sendJsonLd } from './answers';
import { companyIdOf, organisationOf, type OneRecordCaller } from './callers';
import { holderOf } from './partnerObjects';
import { basicTime, partnerObjectRoutes } from './partnerRoutes';
import { actionRequestRoutes } from './actionRequestRoutes';
import { subscriptionRoutes } from './subscriptionRoutes';
import { delegationRoutes } from './delegationRoutes';
import { accessOf } from '../shipments/scope';
import { currentObjects, objectsAt, revisionsWith, type ObjectsAtRevision } from './objects';
import { borrowerSees, decisionCheckOf, derivedObject, isCheckId } from './checks';
import { borrowerView } from '../../domain/oneRecord/borrowerView';
import type { ShipmentRow } from '../shipments/shipmentRecord';

/**
 * The portal as a ONE Record server (issue 37), under /onerecord: the server information and the logistics
 * objects derived from its shipments (GET and HEAD, `embedded`, `at`). Callers sign in as for the portal's
 * API (a user's bearer token, as that user's company); access follows the portal's own scope (an airline its
 * prefixes, the forwarder it is the agent of, a handler its stations), deny by default. Every refusal is an
 * api:Error with the standard title.
 */

/** The base of the objects' IRIs: PUBLIC_URL and this server's path. */
export const oneRecordBase = (publicUrl: string) => `${publicUrl}/onerecord`;
/** The id of the data holder, the organisation that runs the portal (ServerInformation.hasDataHolder). */
const DATA_HOLDER_ID = 'data-holder';
const DATA_HOLDER_NAME = 'Cargo Portal';
/** The refusals' messages (api:ErrorDetail hasMessage) of the sign-in checks. */
export const ONE_RECORD_REFUSALS = {
  ipRestricted: 'Calls from this address are not allowed for your company.',
  functionDenied: 'Your role may not see shipments.',
} as const;
/** Events answered at once unless `limit` says otherwise, and the most. */
const EVENTS_PAGE = 100;
const EVENTS_MAX = 1000;
/** The most a posted event's body may hold. */
const POSTED_EVENT_BYTES = 65_536;
/** When the server information last changed: this build's start. */
const STARTED = new Date();

declare module 'fastify' {
  interface FastifyRequest {
    oneRecordCaller?: OneRecordCaller;
  }
}

/** The path's ids, each with the answer when no such thing can exist. */
const PATH_IDS: readonly (readonly [string, string])[] = [
  ['id', 'No logistics object has this id.'],
  ['eventId', 'No logistics event has this id.'],
  ['requestId', 'No action request has this id.'],
];

export async function oneRecordRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const base = oneRecordBase(ctx.config.publicUrl);

  // Signed in as for the portal's API, with the shipment function, from an address the company allows; or a registered
  // ONE Record client of a company (its token from /auth/token), live, from an address its company allows.
  app.addHook('preHandler', async (request, reply) => {
    if (!acceptsJsonLd(request.headers.accept)) return sendError(reply, 415, `This server answers ${CONTENT_TYPE} only.`);
    const claims = bearerClaims(ctx, request);
    if (!claims) {
      const client = await oneRecordClientOf(request.headers.authorization);
      if (client === 'none') {
        reply.header('WWW-Authenticate', 'Bearer');
        return sendError(reply, 401, 'A valid bearer token is required.');
      }
      if (client === 'revoked') {
        reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
        return sendError(reply, 401, 'The token is no longer valid.');
      }
      if (!isAddressAllowed(request.ip, client.ipRanges)) return sendError(reply, 403, ONE_RECORD_REFUSALS.ipRestricted);
      request.oneRecordCaller = { companyId: client.companyId, clientId: client.clientId, organisationIri: client.organisationIri };
      return;
    }
    // The portal's session checks (admitSession's), answered as API 2.3.0 errors: a user locked or gone is a token no longer valid here.
    const account = await accountOfSession(ctx, claims);
    if (typeof account === 'string') {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return sendError(reply, 401, 'The token is no longer valid.');
    }
    if (!isAddressAllowed(request.ip, account.ipRanges)) return sendError(reply, 403, ONE_RECORD_REFUSALS.ipRestricted);
    if (!(await ctx.access.roleHoldsFunction(account.roleId, FunctionId.SHIPMENT))) return sendError(reply, 403, ONE_RECORD_REFUSALS.functionDenied);
    request.oneRecordCaller = { companyId: account.companyId, userId: account.userId };
  });

  // An id in the path that no id of this server can be (POSSIBLE_ID) names nothing: answered so before any query
  // (PostgreSQL refuses a text holding NUL; a longer path parameter than 100 is the router's 414).
  app.addHook('preHandler', async (request, reply) => {
    const params = request.params as Record<string, string | undefined>;
    for (const [name, message] of PATH_IDS) {
      const value = params[name];
      if (value !== undefined && !POSSIBLE_ID.test(value)) return sendError(reply, 404, message);
    }
  });

  /** The live registered client a ONE Record token stands for ('revoked' when it was since revoked; 'none' for no such token). */
  async function oneRecordClientOf(authorization: string | undefined) {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
    const claims = token ? verifyOneRecordToken(ctx.jwtSecret, token, ctx.config.publicUrl, base) : undefined;
    if (!claims) return 'none' as const;
    const client = await ctx.access.oneRecordClient(claims.clientId);
    return client && client.companyId === claims.companyId ? client : ('revoked' as const);
  }

  // Partners' bodies (events, objects, changes) arrive as JSON-LD text: read in the handler (JSON.parse after the nesting
  // check, answers.ts), so that a malformed body is an api:Error too. Each route sets the most it takes.
  app.addContentTypeParser(CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const partners = partnerObjectRoutes(app, ctx, base);
  actionRequestRoutes(app, ctx, base);
  delegationRoutes(app, ctx, base, partners.mayUse);
  subscriptionRoutes(app, ctx, base, { objectAccess, holdsOrganisation: partners.holdsOrganisation, dataHolder: logisticsObjectIri(base, DATA_HOLDER_ID) });

  /**
   * Whether the caller's company may see the logistics object of this id (a shipment's, in its scope, or what a borrower
   * sees of one lent to it: 'lent' for the rest; a partner's, its holder).
   */
  async function objectAccess(caller: OneRecordCaller, id: string): Promise<'visible' | 'refused' | 'lent' | 'missing'> {
    if (DERIVED_ID_PATTERN.test(id)) {
      const shipmentId = shipmentIdOf(id) as string;
      const cached = await ctx.shipments.rowById(shipmentId);
      const found = cached && (await derivedObject(ctx.db, base, cached.row, { at: [cached.row.message_date] }, id));
      if (!cached || !found) return 'missing';
      const scope = await ctx.access.scope(caller);
      const access = accessOf(scope, cached.row);
      if (access === 'full') return 'visible';
      if (access === 'none') return 'refused';
      return borrowerSees(cached.row, base, id, found.node) ? 'visible' : 'lent';
    }
    const holder = await holderOf(ctx.db, id);
    if (!holder) return 'missing';
    return (await partners.mayUse(caller, { objectId: id, companyId: holder.companyId }, 'GET_LOGISTICS_OBJECT')) ? 'visible' : 'refused';
  }

  /** Whether a shipment has the derived object of this id (checks.ts); its revisions do not matter here. */
  const derivedObjectExists = async (shipment: ShipmentRow, id: string) =>
    (await derivedObject(ctx.db, base, shipment, { at: [shipment.message_date] }, id)) !== undefined;

  app.get(
    '/',
    {
      schema: {
        summary: 'ONE Record server information',
        description: 'ONE Record API 2.3.0 ServerInformation (application/ld+json): the data holder, the API versions, content types and ontologies served.',
        tags: ['ONE Record'],
        response: { 200: jsonLdAnswer('api:ServerInformation'), 401: REFUSALS[401], 403: REFUSALS[403], 415: REFUSALS[415] },
      },
    },
    async (_request, reply) =>
      sendJsonLd(
        reply,
        {
          '@id': `${base}/`,
          '@type': 'api:ServerInformation',
          'api:hasDataHolder': { '@id': logisticsObjectIri(base, DATA_HOLDER_ID), '@type': 'cargo:Company' },
          'api:hasServerEndpoint': base,
          'api:hasSupportedApiVersion': [...SUPPORTED_API_VERSIONS],
          'api:hasSupportedContentType': [CONTENT_TYPE],
          'api:hasSupportedLanguage': [CONTENT_LANGUAGE],
          'api:hasSupportedOntology': SUPPORTED_ONTOLOGIES,
          'api:hasSupportedOntologyVersion': SUPPORTED_ONTOLOGY_VERSIONS,
        },
        { 'Last-Modified': STARTED.toUTCString() },
      ),
  );

  app.get<{ Params: { id: string }; Querystring: { embedded?: string; at?: string } }>(
    '/logistics-objects/:id',
    {
      schema: {
        summary: 'A ONE Record logistics object',
        description:
          'GET (and HEAD) of a logistics object derived from a shipment (application/ld+json, data model 3.3.0): `embedded=true` puts the linked objects of the same shipment in place of their links; `at=YYYYMMDDThhmmssZ` answers the revision of that time. Each decision on a shipment (accepted, rejected, on hold, released) is also a cargo:Check of its Shipment (`{shipmentId}-check-{eventId}`, one revision, linked from its event by cargo:externalReferences), with a cargo:CheckTotalResult (passed or not) and the cargo:CheckTemplate it followed (`check-template-acceptance`, `check-template-sanctions`, served to every caller); never why: hit details and remarks stay in the portal. A company the shipment is lent to sees what its summary shows: the master Waybill (number, airports), the Shipment (weight, pieces), the Pieces (handling codes), the airports and the decisions; any other object is refused (403).',
        tags: ['ONE Record'],
        params: Type.Object({ id: Type.String() }),
        querystring: Type.Object({ embedded: Type.Optional(Type.String()), at: Type.Optional(Type.String()) }),
        response: { 200: jsonLdAnswer('the logistics object (headers Type, Revision, Latest-Revision, Last-Modified)'), ...REFUSALS },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const { id } = request.params;
      const resource = logisticsObjectIri(base, id);
      const { embedded, at } = request.query;
      if (request.validationError) return sendError(reply, 400, request.validationError.message, resource);
      if (embedded !== undefined && embedded !== 'true' && embedded !== 'false') return sendError(reply, 400, 'embedded must be true or false.', resource);
      // `at` names a whole second: the object as it was at its end (a change within that second included).
      let atTime: Date | undefined;
      if (at !== undefined) {
        const second = basicTime(at);
        if (!second) return sendError(reply, 400, 'at must be a UTC date and time written YYYYMMDDThhmmssZ.', resource);
        if (second.getTime() > Date.now()) return sendError(reply, 400, 'at must not be in the future.', resource);
        atTime = new Date(second.getTime() + 999);
      }
      const account = request.oneRecordCaller as OneRecordCaller;

      if (id === DATA_HOLDER_ID)
        return sendJsonLd(
          reply,
          { '@id': resource, '@type': 'cargo:Company', 'cargo:name': DATA_HOLDER_NAME, 'api:hasRevision': 1, 'api:hasLatestRevision': 1 },
          objectHeaders('cargo:Company', 1, 1, STARTED, resource),
        );
      const companyId = companyIdOf(id);
      if (companyId !== undefined) {
        // A portal company, the organisation its users act for: its name, to every caller.
        const company = await ctx.db.selectFrom('companies').select(['company_name', 'created_at']).where('company_id', '=', companyId).executeTakeFirst();
        if (!company) return sendError(reply, 404, 'No logistics object has this id.', resource);
        if (atTime && atTime < company.created_at) return sendError(reply, 404, 'The logistics object did not exist at that time.', resource);
        return sendJsonLd(
          reply,
          { '@id': resource, '@type': 'cargo:Company', 'cargo:name': company.company_name, 'api:hasRevision': 1, 'api:hasLatestRevision': 1 },
          objectHeaders('cargo:Company', 1, 1, company.created_at, resource),
        );
      }
      if (isCheckTemplateId(id)) {
        if (atTime && atTime < CHECK_TEMPLATES_RELEASED) return sendError(reply, 404, 'The logistics object did not exist at that time.', resource);
        return sendJsonLd(
          reply,
          { ...checkTemplate(base, id), 'api:hasRevision': 1, 'api:hasLatestRevision': 1 },
          objectHeaders('cargo:CheckTemplate', 1, 1, CHECK_TEMPLATES_RELEASED, resource),
        );
      }
      if (!DERIVED_ID_PATTERN.test(id)) return partners.answerObject(reply, account, id, { at, atTime, embedded: embedded === 'true' });
      if (isCheckId(id)) return answerCheck(reply, account, id, { at, atTime, embedded: embedded === 'true' });

      const shared = await sharedShipment(reply, account, id, resource);
      if (!shared) return reply;
      const shipment = shared.row;
      const revisions = revisionsWith(shipment, shared.messageTimes);
      const all: ObjectsAtRevision | undefined =
        atTime && at ? await objectsAt(ctx.db, shipment, revisions, atTime, at, base) : currentObjects(shipment, revisions, base);
      if (!all) return sendError(reply, 404, 'The logistics object did not exist at that time.', resource);
      if (!all.objects.has(id)) return sendError(reply, 404, 'No logistics object has this id.', resource);
      const found = seenOf(all, shared);
      const node = found.objects.get(id);
      if (!node) return sendError(reply, 403, LENT_REFUSAL, resource);
      const body = embedded === 'true' ? embed(node, found) : withRevision(node, found);
      return sendJsonLd(
        reply,
        body,
        objectHeaders(node['@type'], found.revision, found.latestRevision, found.lastModified, at ? `${resource}?at=${at}` : resource),
      );
    },
  );

  /**
   * GET of a decision's Check: seen by whoever sees the shipment; one revision, made with the decision. With `embedded`,
   * the Shipment it checked in place of its link (as it is now, or at `at`); with `at` alone, the link carries it.
   */
  async function answerCheck(reply: FastifyReply, account: OneRecordCaller, id: string, query: { at?: string; atTime?: Date; embedded: boolean }) {
    const resource = logisticsObjectIri(base, id);
    const shared = await sharedShipment(reply, account, id, resource);
    if (!shared) return reply;
    const check = await decisionCheckOf(ctx.db, base, id);
    if (!check) return sendError(reply, 404, 'No logistics object has this id.', resource);
    if (query.atTime && query.atTime < check.at) return sendError(reply, 404, 'The logistics object did not exist at that time.', resource);
    const body: JsonLdNode = { ...check.node, 'api:hasRevision': 1, 'api:hasLatestRevision': 1 };
    const checked = body['cargo:checkedObject'] as { '@id': string };
    if (query.embedded) {
      const revisions = revisionsWith(shared.row, shared.messageTimes);
      const all =
        query.atTime && query.at ? await objectsAt(ctx.db, shared.row, revisions, query.atTime, query.at, base) : currentObjects(shared.row, revisions, base);
      const found = all && seenOf(all, shared);
      const shipment = found?.objects.get(shipmentObjectId(check.shipmentId));
      if (found && shipment) body['cargo:checkedObject'] = embed(shipment, found);
    } else if (query.at) body['cargo:checkedObject'] = { '@id': `${checked['@id']}?at=${query.at}` };
    return sendJsonLd(reply, body, objectHeaders('cargo:Check', 1, 1, check.at, query.at ? `${resource}?at=${query.at}` : resource));
  }

  /**
   * The shipment a derived object's id names, when it exists and the caller's company may see it (`lent`: a borrower,
   * who sees what the summary shows; borrowerView.ts); else the refusal is sent.
   */
  async function sharedShipment(reply: FastifyReply, account: OneRecordCaller, id: string, resource: string) {
    const shipmentId = shipmentIdOf(id);
    const cached = shipmentId && DERIVED_ID_PATTERN.test(id) ? await ctx.shipments.rowWithMessages(shipmentId) : undefined;
    if (!cached || !shipmentId) {
      sendError(reply, 404, 'No logistics object has this id.', resource);
      return undefined;
    }
    const scope = await ctx.access.scope(account);
    const access = accessOf(scope, cached.row);
    if (access === 'none') {
      sendError(reply, 403, 'This logistics object is not shared with your company.', resource);
      return undefined;
    }
    return { ...cached, shipmentId, lent: access === 'lent' };
  }

  /** The objects the caller sees of what was found: all of them, or a borrower's view. */
  const seenOf = (found: ObjectsAtRevision, shared: { shipmentId: string; lent: boolean }): ObjectsAtRevision =>
    shared.lent ? { ...found, objects: borrowerView(shared.shipmentId, found.objects) } : found;

  /** The object's events (eventStore.ts) when it exists and the caller's company may see its shipment; else the refusal is sent. */
  async function eventsOf(
    reply: FastifyReply,
    account: OneRecordCaller,
    id: string,
    resource: string,
    permission: 'GET_LOGISTICS_EVENT' | 'POST_LOGISTICS_EVENT' = 'GET_LOGISTICS_EVENT',
  ): Promise<{ since: Date; of: EventsOf } | undefined> {
    if (!DERIVED_ID_PATTERN.test(id)) {
      // A partner's object: its holder's only.
      const holder = await holderOf(ctx.db, id);
      if (!holder) sendError(reply, 404, 'No logistics object has this id.', resource);
      else if (!(await partners.mayUse(account, { objectId: id, companyId: holder.companyId }, permission)))
        sendError(reply, 403, 'This logistics object is not shared with your company.', resource);
      else return { since: holder.createdAt, of: { base, shipmentId: null, objectId: id } };
      return undefined;
    }
    const shared = await sharedShipment(reply, account, id, resource);
    if (!shared) return undefined;
    const shipment = shared.row;
    if (!(await derivedObjectExists(shipment, id))) {
      sendError(reply, 404, 'No logistics object has this id.', resource);
      return undefined;
    }
    // A borrower reads the decisions (the status its summary shows), and nothing else: no partner's event, no posting.
    if (shared.lent && (permission !== 'GET_LOGISTICS_EVENT' || id !== shipmentObjectId(shared.shipmentId))) {
      sendError(reply, 403, LENT_REFUSAL, resource);
      return undefined;
    }
    return { since: shipment.message_date, of: { base, shipmentId: shared.shipmentId, objectId: id, decisionsOnly: shared.lent } };
  }

  // Also with a trailing slash, as IATA's unit tests ask for it.
  for (const url of ['/logistics-objects/:id/logistics-events', '/logistics-objects/:id/logistics-events/'])
    app.get<{ Params: { id: string }; Querystring: { 'event-code'?: string; limit?: string; skip?: string } }>(
      url,
      {
        schema: {
          summary: "A ONE Record logistics object's events",
          description:
            "The logistics events of a logistics object (api:Collection): the portal's decisions on a shipment (accepted, rejected) and its sanction hold and release (on hold, released) are events of its Shipment, coded in the portal's ScreeningStatus code list (`/onerecord/code-lists/ScreeningStatus`), each linking its cargo:Check. `event-code` keeps the events whose code's IRI holds it; `limit` (1 to 1000, 100 unless given) and `skip` page them, oldest first.",
          tags: ['ONE Record'],
          params: Type.Object({ id: Type.String() }),
          querystring: Type.Object({ 'event-code': Type.Optional(Type.String()), limit: Type.Optional(Type.String()), skip: Type.Optional(Type.String()) }),
          response: { 200: jsonLdAnswer('api:Collection of cargo:LogisticsEvent'), ...REFUSALS },
        },
        attachValidation: true,
      },
      async (request, reply) => {
        const { id } = request.params;
        const resource = `${logisticsObjectIri(base, id)}/logistics-events`;
        const query = request.query;
        if (request.validationError) return sendError(reply, 400, request.validationError.message, resource);
        const limit = query.limit === undefined ? EVENTS_PAGE : /^\d{1,4}$/.test(query.limit) ? Number(query.limit) : Number.NaN;
        const skip = query.skip === undefined ? 0 : /^\d{1,9}$/.test(query.skip) ? Number(query.skip) : Number.NaN;
        if (!(limit >= 1 && limit <= EVENTS_MAX)) return sendError(reply, 400, `limit must be a whole number from 1 to ${EVENTS_MAX}.`, resource);
        if (Number.isNaN(skip)) return sendError(reply, 400, 'skip must be a whole number of 0 or more.', resource);
        const found = await eventsOf(reply, request.oneRecordCaller as OneRecordCaller, id, resource);
        if (!found) return reply;
        // Comma-separated codes: an event whose code's IRI holds any of them.
        const codes =
          query['event-code']
            ?.split(',')
            .map((each) => each.trim())
            .filter(Boolean) ?? [];
        const page = await eventPage(ctx.db, found.of, { codes, skip, limit });
        return sendJsonLd(
          reply,
          { '@id': resource, '@type': 'api:Collection', 'api:hasTotalItems': page.total, 'api:hasItem': page.items },
          { Type: `${API}Collection`, 'Last-Modified': (page.lastAt ?? found.since).toUTCString() },
        );
      },
    );

  app.post<{ Params: { id: string } }>(
    '/logistics-objects/:id/logistics-events',
    {
      bodyLimit: POSTED_EVENT_BYTES,
      schema: {
        summary: 'Post a logistics event to a ONE Record logistics object',
        description:
          'A partner records a cargo:LogisticsEvent on a logistics object it may see (application/ld+json, at most 64 KB): `eventDate` required; `eventCode` (a code list element IRI), `eventName`, `eventTimeType`, `partialEventIndicator`, `eventLocation` kept; `eventFor`, when given, must be the object. The server gives the event its IRI, `creationDate` and, for a registered client, `recordingOrganization`. Events are never changed or deleted. Answers 201 with Location and Type, and no body.',
        tags: ['ONE Record'],
        params: Type.Object({ id: Type.String() }),
        response: { 201: { description: "created, no body: Location is the event's IRI, Type its class", type: 'null' }, ...REFUSALS },
      },
      config: { documentOnly: { consumes: [CONTENT_TYPE], body: { type: 'object', description: 'a cargo:LogisticsEvent (JSON-LD, data model 3.3.0)' } } },
      attachValidation: true,
    },
    async (request, reply) => {
      const { id } = request.params;
      const objectIri = logisticsObjectIri(base, id);
      const resource = `${objectIri}/logistics-events`;
      const body = jsonLdBody(request, reply, resource);
      if (!body) return reply;
      const caller = request.oneRecordCaller as OneRecordCaller;
      const found = await eventsOf(reply, caller, id, resource, 'POST_LOGISTICS_EVENT');
      if (!found) return reply;
      const reading = await readPostedEvent(body.json, objectIri);
      if (!reading.ok) return sendError(reply, 400, reading.message, resource);
      const { event } = reading;
      const organisation = 'organisationIri' in caller ? caller.organisationIri : undefined;
      const recorder = event.recordingOrganization;
      if (recorder !== undefined && recorder !== organisationOf(caller, base) && !(await partners.holdsOrganisation(caller, recorder)))
        return sendError(
          reply,
          400,
          `cargo:recordingOrganization, when given, must be your organisation (${organisationOf(caller, base)}) or an organisation your company created on this server.`,
          resource,
        );
      const eventId = await recordEvent(ctx.db, found.of, { ...caller, organisationIri: recorder ?? organisation }, event);
      return reply.code(201).header('Location', `${resource}/${eventId}`).header('Type', `${CARGO}LogisticsEvent`).send();
    },
  );

  app.get<{ Params: { id: string; eventId: string } }>(
    '/logistics-objects/:id/logistics-events/:eventId',
    {
      schema: {
        summary: 'A ONE Record logistics event',
        description: 'One logistics event of a logistics object (see its events).',
        tags: ['ONE Record'],
        params: Type.Object({ id: Type.String(), eventId: Type.String() }),
        response: { 200: jsonLdAnswer('cargo:LogisticsEvent'), ...REFUSALS },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const { id, eventId } = request.params;
      const resource = `${logisticsObjectIri(base, id)}/logistics-events/${eventId}`;
      const found = await eventsOf(reply, request.oneRecordCaller as OneRecordCaller, id, resource);
      if (!found) return reply;
      const event = await eventById(ctx.db, found.of, eventId);
      if (!event) return sendError(reply, 404, 'No logistics event has this id.', resource);
      return sendJsonLd(reply, event, {
        Type: `${CARGO}LogisticsEvent`,
        'Last-Modified': new Date(event['cargo:creationDate']).toUTCString(),
        Location: resource,
      });
    },
  );

  app.get(
    '/code-lists/ScreeningStatus',
    {
      schema: {
        summary: "The portal's ScreeningStatus code list",
        description:
          "The codes the portal's decision events carry (cargo:CodeListElement each, at its own IRI): the standard's StatusCode list has none for them.",
        tags: ['ONE Record'],
        response: { 200: jsonLdAnswer('the code list'), 401: REFUSALS[401], 403: REFUSALS[403], 415: REFUSALS[415] },
      },
    },
    async (_request, reply) => {
      const { '@context': _context, ...document } = screeningStatusDocument(base);
      return sendJsonLd(reply, document, { 'Last-Modified': STARTED.toUTCString() });
    },
  );
}

function withRevision(node: JsonLdNode, found: ObjectsAtRevision): JsonLdNode {
  return { ...node, 'api:hasRevision': found.revision, 'api:hasLatestRevision': found.latestRevision };
}

/**
 * The object with each link to another object of the same shipment replaced by that object, every one with its
 * revision: each object once in the answer (where it is first met, depth first; later links to it stay links, and
 * so does a link back to an object being embedded). Embedded once per path, an object linked from two places came
 * twice, each copy with blank nodes of its own (its codes), which JSON-LD reads as one object with two of each
 * (SHACL: more values than the data model allows).
 */
function embed(node: JsonLdNode, found: ObjectsAtRevision): JsonLdNode {
  const byIri = new Map([...found.objects.values()].map((object) => [object['@id'], object]));
  const placed = new Set<string>();
  const expand = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((item) => expand(item));
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const target = typeof record['@id'] === 'string' && record['@type'] === undefined ? byIri.get(record['@id'].split('?')[0]) : undefined;
    if (target) return placed.has(target['@id']) ? record : inner(target);
    return Object.fromEntries(Object.entries(record).map(([key, inside]) => [key, expand(inside)]));
  };
  const inner = (object: JsonLdNode): JsonLdNode => {
    placed.add(object['@id']);
    const expanded = Object.fromEntries(Object.entries(object).map(([key, value]) => [key, key === '@id' || key === '@type' ? value : expand(value)]));
    return withRevision(expanded as JsonLdNode, found);
  };
  return inner(node);
}

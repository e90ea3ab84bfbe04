import type { FastifyInstance } from 'fastify';
import { readDelegation } from '../../domain/oneRecord/delegations';
import { isLogisticsObjectClass, isSubclassOf } from '../../domain/oneRecord/ontology';
import { API, CARGO, CONTENT_TYPE, logisticsObjectIri } from '../../domain/oneRecord/vocabulary';
import { DERIVED_ID_PATTERN } from '../../domain/oneRecord/waybillObjects';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { actionRequestIri } from './actionRequestRoutes';
import { jsonLdAnswer, jsonLdBody, noBody, REFUSALS, sendError } from './answers';
import { companyIdOf, requesterOf, type OneRecordCaller } from './callers';
import { requestDelegation } from './delegationStore';
import { partnerObject } from './partnerObjects';

/**
 * POST /access-delegations (issue 37, 4; API 2.3.0 "Request Access Delegation"): a user of partners' logistics objects
 * asks their holder to let one organisation read them, read or post their events, or ask for changes. The organisation
 * must be one this server knows as a company (a portal company, an organisation object a company created here, or a
 * registered client's organisation). The holder's own delegation is accepted at once; another's waits for the holder
 * (PATCH /action-requests/{id}?status=).
 */

const BODY_BYTES = 65_536;

/** The company an organisation IRI stands for on this server, if one. */
export async function companyOfOrganisation(db: Db, iri: string, objectsBase: string): Promise<string | undefined> {
  if (iri.startsWith(objectsBase)) {
    const id = iri.slice(objectsBase.length);
    const company = companyIdOf(id);
    if (company !== undefined) {
      const found = await db.selectFrom('companies').select('company_id').where('company_id', '=', company).executeTakeFirst();
      return found?.company_id;
    }
    const object = await partnerObject(db, id);
    const organisation = `${CARGO}Organization`;
    return object && (object.type === organisation || isSubclassOf(object.type, organisation)) ? object.companyId : undefined;
  }
  const clients = await db
    .selectFrom('onerecord_clients')
    .select('company_id')
    .distinct()
    .where('organisation_iri', '=', iri)
    .where('revoked_at', 'is', null)
    .execute();
  return clients.length === 1 ? clients[0].company_id : undefined;
}

export function delegationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  base: string,
  mayUse: (caller: OneRecordCaller, object: { objectId: string; companyId: string }, permission: 'GET_LOGISTICS_OBJECT') => Promise<boolean>,
) {
  const objectsBase = logisticsObjectIri(base, '');

  app.post(
    '/access-delegations',
    {
      bodyLimit: BODY_BYTES,
      schema: {
        summary: 'Request a ONE Record access delegation',
        description:
          "An api:AccessDelegation (application/ld+json): api:hasPermission (GET_LOGISTICS_OBJECT, GET_LOGISTICS_EVENT, POST_LOGISTICS_EVENT, PATCH_LOGISTICS_OBJECT), api:isRequestedFor one organisation this server knows as a company, api:hasLogisticsObject partners' objects of one holder that the caller may read. The holder's own delegation is accepted at once; another's waits for the holder. 201 with Location (the api:AccessDelegationRequest) and Type. The portal's own shipments are shared by lending them, not by delegation (422).",
        tags: ['ONE Record'],
        response: {
          201: noBody('requested; Location is the api:AccessDelegationRequest, Type its class'),
          ...REFUSALS,
          422: jsonLdAnswer('api:Error: an organisation this server knows no company of, objects of several holders, or of the portal'),
        },
      },
      config: { documentOnly: { consumes: [CONTENT_TYPE], body: { type: 'object', description: 'an api:AccessDelegation (JSON-LD, API 2.3.0)' } } },
    },
    async (request, reply) => {
      const resource = `${base}/access-delegations`;
      const body = jsonLdBody(request, reply, resource);
      if (!body) return reply;
      const reading = await readDelegation(body.json);
      if (!reading.ok) return sendError(reply, 400, reading.message, resource, reading.property);
      const delegation = reading.value;
      const caller = request.oneRecordCaller as OneRecordCaller;
      const objectIds: string[] = [];
      let holder: string | undefined;
      for (const iri of delegation.objects) {
        const id = iri.startsWith(objectsBase) ? iri.slice(objectsBase.length) : undefined;
        if (id !== undefined && DERIVED_ID_PATTERN.test(id))
          return sendError(
            reply,
            422,
            "The portal's shipments are shared by lending them (the AWB detail page), not by delegation.",
            resource,
            `${API}hasLogisticsObject`,
          );
        const object = id === undefined ? undefined : await partnerObject(ctx.db, id);
        if (!object || !isLogisticsObjectClass(object.type))
          return sendError(reply, 422, `${iri} is no logistics object of this server.`, resource, `${API}hasLogisticsObject`);
        if (!(await mayUse(caller, object, 'GET_LOGISTICS_OBJECT')))
          return sendError(reply, 403, `${iri} is not shared with your company.`, resource, `${API}hasLogisticsObject`);
        if (holder !== undefined && holder !== object.companyId)
          return sendError(reply, 422, 'A delegation names objects of one holder: ask each holder apart.', resource, `${API}hasLogisticsObject`);
        holder = object.companyId;
        objectIds.push(object.objectId);
      }
      const grantee = await companyOfOrganisation(ctx.db, delegation.requestedFor, objectsBase);
      if (!grantee)
        return sendError(
          reply,
          422,
          `This server knows no company of ${delegation.requestedFor}: a portal company, an organisation object created here, or the organisation of a registered ONE Record client.`,
          resource,
          `${API}isRequestedFor`,
        );
      const requestId = await requestDelegation(ctx.db, delegation, {
        objectIds,
        holderCompanyId: holder as string,
        granteeCompanyId: grantee,
        requester: requesterOf(caller, base),
        accepted: holder === caller.companyId,
      });
      return reply.code(201).header('Location', actionRequestIri(base, requestId)).header('Type', `${API}AccessDelegationRequest`).send();
    },
  );
}

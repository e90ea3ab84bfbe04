import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { FunctionId } from '../../domain/access';
import {
  CLIENT_NAME_MAX,
  DEFAULT_NOTIFY_AUTH_METHOD,
  NOTIFY_AUTH_METHODS,
  NOTIFY_CLIENT_ID_MAX,
  NOTIFY_SCOPE_MAX,
  NOTIFY_SECRET_MAX,
  ORGANISATION_IRI_MAX,
  TOKEN_URL_MAX,
  type OneRecordClientRecord,
} from '../../domain/oneRecord/clients';
import type { AppContext } from '../context';
import { Answer, NullableText, PageAnswer, Refusal, type Holds, type Same } from '../http/answerSchemas';
import { accountOf } from '../http/authenticate';
import { requireFunction } from '../http/requireFunction';
import { listQuerystringSchema, parseListQuery, sendPage } from '../users/listQuery';
import { sendOutcome } from '../users/outcomes';
import { actorOf } from '../users/userAudit';
import { NOTIFY_SECRET, sealerFor } from '../sealedSecrets';
import { listClients, registerClient, revokeClient, setNotifyAuth } from './clients';

/**
 * The `onerecordclients` resource (issue 37, 4): the ONE Record clients of the signed-in admin's company, under
 * /classicapi with the user-management function (83). A registration answers the client's secret, this once. PUT sets
 * how the portal signs in when it notifies the client's organisation (all blank: without a token).
 */

const ClientRecordSchema = Type.Object({
  id: Type.String({ description: 'the client id: ClientId at /auth/token' }),
  name: Type.String(),
  organisation_iri: Type.String(),
  created_by: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  revoked_by: NullableText,
  revoked_at: NullableText,
  last_used_at: NullableText,
  notify_token_url: Type.Union([Type.String(), Type.Null()], {
    description:
      "the token address of the identity provider the client's organisation trusts, where the portal signs in to notify it; null: notifications go without a token",
  }),
  notify_client_id: NullableText,
  notify_scope: NullableText,
  notify_auth_method: Type.Union([Type.Enum(NOTIFY_AUTH_METHODS, { type: 'string' }), Type.Null()], {
    description: 'how the client credentials reach the identity provider: an HTTP Basic header, or the form body; null: without a token',
  }),
  notify_secret_lost: Type.Boolean({
    description: "the secret kept (sealed under the portal's token key) cannot be opened since that key changed: the sign-in must be entered again",
  }),
});
export type ClientRecordSchemaIsRecord = Holds<Same<Static<typeof ClientRecordSchema>, OneRecordClientRecord>>;

const RegisteredSchema = Type.Object({
  ...ClientRecordSchema.properties,
  secret: Type.String({ description: 'ClientSecret at /auth/token: answered this once, kept only as a hash' }),
});
/** How the portal signs in to notify the client's organisation (OAuth 2.0 client credentials); all blank: without a token. */
const NotifyAuthProperties = {
  notify_token_url: Type.Optional(Type.String({ maxLength: TOKEN_URL_MAX * 2 })),
  notify_client_id: Type.Optional(Type.String({ maxLength: NOTIFY_CLIENT_ID_MAX * 2 })),
  notify_client_secret: Type.Optional(Type.String({ maxLength: NOTIFY_SECRET_MAX * 2, description: 'kept, never answered' })),
  notify_scope: Type.Optional(Type.String({ maxLength: NOTIFY_SCOPE_MAX * 2 })),
  notify_auth_method: Type.Optional(
    Type.String({
      maxLength: 100,
      description: `${NOTIFY_AUTH_METHODS.join(' or ')}: an HTTP Basic header, or the form body; blank: ${DEFAULT_NOTIFY_AUTH_METHOD}`,
    }),
  ),
};
const ClientBody = Type.Object(
  { name: Type.String({ maxLength: CLIENT_NAME_MAX * 2 }), organisation_iri: Type.String({ maxLength: ORGANISATION_IRI_MAX * 2 }), ...NotifyAuthProperties },
  { additionalProperties: false },
);
const NotifyAuthBody = Type.Object(NotifyAuthProperties, { additionalProperties: false });
const ClientParams = Type.Object({ id: Type.String({ pattern: '^orc_[a-z0-9]{24}$' }) });

export async function oneRecordClientRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;
  const sealer = sealerFor(ctx.jwtSecret, NOTIFY_SECRET);
  app.addHook('preHandler', requireFunction(ctx, FunctionId.USER_MANAGEMENT));

  app.get(
    '/onerecordclients',
    {
      schema: {
        querystring: listQuerystringSchema,
        response: { 200: PageAnswer(ClientRecordSchema), '4xx': Refusal },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query, ['id', 'created_at'] as const, 'created_at');
      const clients = await listClients(db, sealer, accountOf(request).companyId);
      return sendPage(reply, 'onerecordclients', clients.slice(query.offset, query.offset + query.limit), query.offset, clients.length);
    },
  );

  app.post('/onerecordclients', { schema: { body: ClientBody, response: { 200: Answer(RegisteredSchema), '4xx': Refusal } } }, async (request, reply) =>
    sendOutcome(reply, await registerClient(db, sealer, actorOf(request), request.body)),
  );

  app.put(
    '/onerecordclients/:id',
    { schema: { params: ClientParams, body: NotifyAuthBody, response: { 200: Answer(ClientRecordSchema), '4xx': Refusal } } },
    async (request, reply) => sendOutcome(reply, await setNotifyAuth(db, sealer, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/onerecordclients/:id',
    { schema: { params: ClientParams, response: { 200: Answer(ClientRecordSchema), '4xx': Refusal } } },
    async (request, reply) => sendOutcome(reply, await revokeClient(db, sealer, actorOf(request), request.params.id)),
  );
}

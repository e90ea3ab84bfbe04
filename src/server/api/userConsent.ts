import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { normaliseAddress } from '../../domain/ipRange';
import { CONSENT_VERSIONS } from '../../domain/consent';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { Refusal, StatusField, StatusAnswer } from '../http/answerSchemas';
import { accountOf, authenticate } from '../http/authenticate';
import { ipRestriction } from '../http/ipRestriction';

const categoryId = Type.Integer({ minimum: 1, maximum: 32767 });

const ConsentBody = Type.Object({
  ip_address: Type.String({ maxLength: 45 }),
  category_id: categoryId,
  consent_version: Type.Integer({ minimum: 1, maximum: 32767 }),
});

/**
 * How many consents of the category's current version the user gave (0 or 1), beside the status: no
 * `data` envelope (spec 3). Absent when authenticate answers the invalid-profile status with HTTP 200.
 */
const ConsentCountAnswer = Type.Object(
  { status: StatusField, message: Type.Optional(Type.String()), total: Type.Optional(Type.Integer({ minimum: 0 })) },
  { additionalProperties: true },
);

/**
 * /mobileapi/authentication: the signed-in user's privacy consent (spec 3, 7). getuserconsent
 * answers how many consents of the category's current version the user gave (`total`);
 * createuserconsent records one (again is fine: it stays one).
 */
export async function userConsentRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;
  app.addHook('preHandler', authenticate(ctx));
  app.addHook('preHandler', ipRestriction);

  app.get(
    '/authentication/getuserconsent/:categoryId',
    { schema: { params: Type.Object({ categoryId }), response: { 200: ConsentCountAnswer, '4xx': Refusal } } },
    async (request, reply) => {
      const version = CONSENT_VERSIONS[request.params.categoryId];
      if (version === undefined)
        return reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message: `There is no consent category ${request.params.categoryId}.` });
      const account = accountOf(request);
      const row = await db
        .selectFrom('user_consents')
        .select(db.fn.countAll<string>().as('total'))
        .where('company_id', '=', account.companyId)
        .where('user_id', '=', account.userId)
        .where('category_id', '=', request.params.categoryId)
        .where('consent_version', '=', version)
        .executeTakeFirstOrThrow();
      return { status: StatusCode.SUCCESS, total: Number(row.total) };
    },
  );

  app.post('/authentication/createuserconsent', { schema: { body: ConsentBody, response: { 200: StatusAnswer, '4xx': Refusal } } }, async (request, reply) => {
    const { ip_address, category_id, consent_version } = request.body;
    if (CONSENT_VERSIONS[category_id] === undefined)
      return reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message: `There is no consent category ${category_id}.` });
    if (CONSENT_VERSIONS[category_id] !== consent_version) {
      return reply
        .code(400)
        .send({ status: StatusCode.VALIDATION_FAIL, message: `Consent category ${category_id} asks for version ${CONSENT_VERSIONS[category_id]}.` });
    }
    const address = normaliseAddress(ip_address);
    if (!address) return reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message: 'ip_address must be an IPv4 or IPv6 address.' });
    const account = accountOf(request);
    await db
      .insertInto('user_consents')
      .values({ company_id: account.companyId, user_id: account.userId, category_id, consent_version, ip_address: address, request_ip: request.ip })
      .onConflict((oc) => oc.columns(['company_id', 'user_id', 'category_id', 'consent_version']).doNothing())
      .execute();
    return { status: StatusCode.SUCCESS };
  });
}

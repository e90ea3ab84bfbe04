import type { FastifyInstance } from 'fastify';
import { normaliseAddress } from '../../domain/ipRange';
import { CONSENT_VERSIONS } from '../../domain/consent';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf, authenticate } from '../http/authenticate';
import { ipRestriction } from '../http/ipRestriction';

const categoryId = { type: 'integer', minimum: 1, maximum: 32767 } as const;

/**
 * /mobileapi/authentication: the signed-in user's privacy consent (spec 3, 7). getuserconsent
 * answers how many consents of the category's current version the user gave (`total`);
 * createuserconsent records one (again is fine: it stays one).
 */
export async function userConsentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const { db } = ctx;
  app.addHook('preHandler', authenticate(ctx));
  app.addHook('preHandler', ipRestriction);

  app.get<{ Params: { categoryId: number } }>(
    '/authentication/getuserconsent/:categoryId',
    { schema: { params: { type: 'object', required: ['categoryId'], properties: { categoryId } } } },
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

  app.post<{ Body: { ip_address: string; category_id: number; consent_version: number } }>(
    '/authentication/createuserconsent',
    {
      schema: {
        body: {
          type: 'object',
          required: ['ip_address', 'category_id', 'consent_version'],
          properties: {
            ip_address: { type: 'string', maxLength: 45 },
            category_id: categoryId,
            consent_version: { type: 'integer', minimum: 1, maximum: 32767 },
          },
        },
      },
    },
    async (request, reply) => {
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
    },
  );
}

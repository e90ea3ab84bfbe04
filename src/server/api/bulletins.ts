import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { BULLETIN_PAGE_SIZE, type Bulletin, type BulletinsAnswer } from '../../domain/bulletins';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf, authenticate } from '../http/authenticate';
import { ipRestriction } from '../http/ipRestriction';

const bulletinSchema = {
  type: 'object',
  required: ['bulletin_id', 'company_id', 'severity', 'title', 'body', 'published_at'],
  properties: {
    bulletin_id: { type: 'string' },
    company_id: { type: ['string', 'null'] },
    severity: { type: 'string' },
    title: { type: 'string' },
    body: { type: 'string' },
    published_at: { type: 'string' },
  },
} as const;

const answerSchema = {
  type: 'object',
  properties: {
    status: { type: 'integer' },
    data: { type: 'object', properties: { total: { type: 'integer' }, rows: { type: 'array', items: bulletinSchema } } },
  },
} as const;

/**
 * GET /userapi/bulletins: the bulletins in force for the signed-in user's company (its own and
 * those for every company), newest first, at most BULLETIN_PAGE_SIZE of them. Any signed-in user
 * may read them: the bulletin page has no function id (spec 6).
 */
export async function bulletinRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.addHook('preHandler', authenticate(ctx));
  app.addHook('preHandler', ipRestriction);

  app.get('/bulletins', { schema: { response: { 200: answerSchema } } }, async (request, reply): Promise<BulletinsAnswer> => {
    const { companyId } = accountOf(request);
    const inForce = ctx.db
      .selectFrom('bulletins')
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
      .where('published_at', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]));
    const [rows, count] = await Promise.all([
      inForce
        .select(['bulletin_id', 'company_id', 'severity', 'title', 'body', 'published_at'])
        .orderBy('published_at', 'desc')
        .orderBy('bulletin_id', 'desc')
        .limit(BULLETIN_PAGE_SIZE)
        .execute(),
      inForce.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    ]);
    reply.header('Cache-Control', 'no-store');
    return {
      status: StatusCode.SUCCESS,
      data: {
        total: Number(count.total),
        rows: rows.map((row): Bulletin => ({ ...row, bulletin_id: String(row.bulletin_id), published_at: row.published_at.toISOString() })),
      },
    };
  });
}

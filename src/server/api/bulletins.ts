import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type, type Static } from 'typebox';
import { BULLETIN_PAGE_SIZE, BULLETIN_SEVERITIES, type Bulletin, type BulletinsAnswer } from '../../domain/bulletins';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { Answer, NullableText, Refusal } from '../http/answerSchemas';
import { accountOf, authenticate } from '../http/authenticate';
import { ipRestriction } from '../http/ipRestriction';
import type { Holds, Same } from '../http/answerSchemas';

/** One bulletin (the domain's Bulletin, which the browser reads). */
const BulletinSchema = Type.Object({
  bulletin_id: Type.String(),
  company_id: NullableText,
  severity: Type.Enum(BULLETIN_SEVERITIES),
  title: Type.String(),
  body: Type.String({ description: 'plain text, line breaks kept' }),
  published_at: Type.String({ format: 'date-time' }),
});

/** The schema is the domain's Bulletin, field for field (checked by the compiler). */
export type BulletinSchemaIsBulletin = Holds<Same<Static<typeof BulletinSchema>, Bulletin>>;

/** The domain's BulletinsAnswer: the bulletins in force and how many there are in all. */
const BulletinsAnswerSchema = Answer(Type.Object({ total: Type.Integer({ minimum: 0 }), rows: Type.Array(BulletinSchema) }));

/**
 * GET /userapi/bulletins: the bulletins in force for the signed-in user's company (its own and
 * those for every company), newest first, at most BULLETIN_PAGE_SIZE of them. Any signed-in user
 * may read them: the bulletin page has no function id (spec 6).
 */
export async function bulletinRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', authenticate(ctx));
  app.addHook('preHandler', ipRestriction);

  app.get('/bulletins', { schema: { response: { 200: BulletinsAnswerSchema, '4xx': Refusal } } }, async (request, reply): Promise<BulletinsAnswer> => {
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

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { LogLevel, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { Refusal, StatusAnswer } from '../http/answerSchemas';
import { accountOf, authenticate } from '../http/authenticate';

const PINO_LEVEL: Record<number, 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  [LogLevel.debug]: 'debug',
  [LogLevel.info]: 'info',
  [LogLevel.warning]: 'warn',
  [LogLevel.error]: 'error',
  [LogLevel.fatal]: 'fatal',
};

/** ClientLogRequest (src/domain/shipmentWire.ts): the message and its LogLevel. */
const clientLogBody = Type.Object({
  iMsg: Type.String({ minLength: 1, maxLength: 4000 }),
  iLogType: Type.Integer({ minimum: LogLevel.debug, maximum: LogLevel.fatal }),
});

/** POST /logapi/clientlogging {iMsg, iLogType}: what the browser reports, kept and written to the server log (spec 7, 9). */
export async function clientLoggingRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/clientlogging',
    {
      preHandler: authenticate(ctx),
      // The answer is the status alone: the line is kept, there is nothing to show.
      schema: { body: clientLogBody, response: { 200: StatusAnswer, 400: Refusal, 401: Refusal } },
    },
    async (request) => {
      const account = accountOf(request);
      const { iMsg, iLogType } = request.body;
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      ctx.logs.client({
        at: new Date(),
        company_id: account.companyId,
        user_id: account.userId,
        log_type: iLogType,
        message: iMsg,
        ip_address: request.ip,
        user_agent: userAgent,
      });
      request.log[PINO_LEVEL[iLogType]]({ clientLog: { companyId: account.companyId, userId: account.userId, message: iMsg } }, 'client log');
      return { status: StatusCode.SUCCESS };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { LogLevel, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf, authenticate } from '../http/authenticate';

const PINO_LEVEL: Record<number, 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  [LogLevel.debug]: 'debug',
  [LogLevel.info]: 'info',
  [LogLevel.warning]: 'warn',
  [LogLevel.error]: 'error',
  [LogLevel.fatal]: 'fatal',
};

/** POST /logapi/clientlogging {iMsg, iLogType}: what the browser reports, kept and written to the server log (spec 7, 9). */
export async function clientLoggingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post<{ Body: { iMsg: string; iLogType: number } }>(
    '/clientlogging',
    {
      preHandler: authenticate(ctx),
      schema: {
        body: {
          type: 'object',
          required: ['iMsg', 'iLogType'],
          properties: {
            iMsg: { type: 'string', minLength: 1, maxLength: 4000 },
            iLogType: { type: 'integer', minimum: LogLevel.debug, maximum: LogLevel.fatal },
          },
        },
      },
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

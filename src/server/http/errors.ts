import type { FastifyError, FastifyInstance } from 'fastify';
import { Messages, StatusCode } from '../../domain/statusCodes';

/**
 * One error handler: bad input answers 400 with a specific message (OAuth style on the auth host,
 * the spec's VALIDATION_FAIL status elsewhere); only a real fault answers 500, and it is logged.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const isAuthHost = request.url.startsWith('/auth/');
    const httpStatus = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : error.validation ? 400 : 500;
    if (httpStatus >= 500) {
      request.log.error({ err: error }, 'request failed');
      const body = isAuthHost
        ? { error: 'server_error', error_description: Messages.unexpectedError }
        : { status: StatusCode.SYSTEM_EXCEPTION, message: Messages.unexpectedError };
      return reply.code(500).send(body);
    }
    const message = error.validation ? `Invalid request: ${error.message}` : error.message;
    if (httpStatus === 429)
      return reply.code(429).send(isAuthHost ? { error: 'too_many_requests', error_description: message } : { status: StatusCode.FAILURE, message });
    return reply.code(httpStatus).send(isAuthHost ? { error: 'invalid_request', error_description: message } : { status: StatusCode.VALIDATION_FAIL, message });
  });
}

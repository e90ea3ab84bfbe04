import type { FastifyReply } from 'fastify';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import { formatMessage, StatusCode } from '../../domain/statusCodes';
import type { ShipmentAccess } from './scope';

/**
 * The answers of the shipment calls: the spec's body status, with the HTTP status spec 8 recognises
 * for it (200, 400, 403, 404), so the browser's answer mapping (body status first) and plain HTTP
 * clients agree. A business refusal is an answer, not an HTTP error: HTTP 200 with status -1.
 */
export function ok<T>(data: T): { status: 1; data: T } {
  return { status: StatusCode.SUCCESS, data };
}

export function shipmentNotFound(reply: FastifyReply, awb?: string): FastifyReply {
  const message = awb ? formatMessage(ShipmentMessages.shipmentNotFound, { awb }) : ShipmentMessages.recordNotFound;
  return reply.code(404).send({ status: StatusCode.SHIPMENT_NOT_FOUND, message });
}

/** Lent: the summary shows the row, the details are refused; none: no relation at all. */
export function shipmentRefused(reply: FastifyReply, access: Exclude<ShipmentAccess, 'full'>): FastifyReply {
  const message = access === 'lent' ? ShipmentMessages.awbLent : ShipmentMessages.awbNotAccessible;
  return reply.code(403).send({ status: StatusCode.USER_ACL_EXCEPTION, message, data: { reason: access === 'lent' ? 'lent' : 'notAccessible' } });
}

/**
 * A business refusal (stale UpdateDT, wrong status, block, lock): nothing changed. HTTP 200 with
 * FAILURE and data.reason, as the spec's wire answers (its HTTP codes have no 409): the user is
 * told why on the screen, and the browser does not report an expected answer as a failed request.
 */
export function refused(reply: FastifyReply, reason: string, message: string, data: Record<string, unknown> = {}): FastifyReply {
  return reply.code(200).send({ status: StatusCode.FAILURE, message, data: { reason, ...data } });
}

/**
 * The same refusal at a file address (a document, several, a printout): the browser opens it itself
 * and download clients read only the HTTP status, so it must not look like a file: HTTP 409.
 */
export function fileRefused(reply: FastifyReply, reason: string, message: string): FastifyReply {
  return reply.code(409).send({ status: StatusCode.FAILURE, message, data: { reason } });
}

/** Bad input that passed the schema but breaks a domain rule. */
export function invalid(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message });
}

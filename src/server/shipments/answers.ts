import type { FastifyReply } from 'fastify';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import { formatMessage, StatusCode } from '../../domain/statusCodes';
import type { ShipmentAccess } from './scope';

/**
 * The answers of the shipment calls: the spec's body status with a matching HTTP status, so the
 * browser's answer mapping (body status first) and plain HTTP clients agree.
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

/** A business refusal (stale UpdateDT, wrong status, block, lock): nothing changed. */
export function refused(reply: FastifyReply, reason: string, message: string, data: Record<string, unknown> = {}): FastifyReply {
  return reply.code(409).send({ status: StatusCode.FAILURE, message, data: { reason, ...data } });
}

/** Bad input that passed the schema but breaks a domain rule. */
export function invalid(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message });
}

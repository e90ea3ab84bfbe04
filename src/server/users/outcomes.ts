import type { FastifyReply } from 'fastify';
import { StatusCode } from '../../domain/statusCodes';

/**
 * What a change of a user-management resource (users, address ranges, ONE Record clients) comes to: its record, or a
 * refusal with its HTTP status, the portal's status, the message and the field at fault; and how it is answered.
 */

export type Refusal<Field extends string = string> = {
  ok: false;
  httpStatus: number;
  status: number;
  message: string;
  errors?: Partial<Record<Field, string>>;
};

export type Outcome<Record, Field extends string = string> = { ok: true; record: Record } | Refusal<Field>;

export function refusal<Field extends string>(httpStatus: number, status: number, message: string, field?: Field): Refusal<Field> {
  return { ok: false, httpStatus, status, message, ...(field ? { errors: { [field]: message } as Partial<Record<Field, string>> } : {}) };
}

/** The record as `{status, data}`, or the refusal with its HTTP status and the field at fault. */
export function sendOutcome(reply: FastifyReply, outcome: Outcome<unknown>) {
  if (outcome.ok) return reply.send({ status: StatusCode.SUCCESS, data: outcome.record });
  const { httpStatus, status, message, errors } = outcome;
  return reply.code(httpStatus).send({ status, message, ...(errors ? { errors } : {}) });
}

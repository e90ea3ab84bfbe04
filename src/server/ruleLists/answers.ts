import type { FastifyReply } from 'fastify';
import type { RuleListPlugin } from '../../../plugins/types';
import type { RuleValues } from '../../domain/ruleListFields';
import { RuleListMessages } from '../../domain/ruleListMessages';
import { describeKey, explainedProblem, fieldProblem, type FieldProblem } from '../../domain/ruleListValidation';
import { formatMessage, StatusCode } from '../../domain/statusCodes';
import type { StoredRow } from './rowStore';

/** The refusals of the rule-list routes, each with a specific message; react-admin puts `errors` on the form's fields. */

export function sendFieldProblems(reply: FastifyReply, plugin: RuleListPlugin, found: Record<string, FieldProblem>): FastifyReply {
  const problems = Object.fromEntries(
    Object.entries(found).map(([source, problem]) => {
      const field = plugin.fields.find((candidate) => candidate.source === source);
      return [source, field ? explainedProblem(field, problem) : problem];
    }),
  );
  const labels = Object.keys(problems).map(
    (source) => `${plugin.fields.find((field) => field.source === source)?.label ?? source} ${problems[source].message}`,
  );
  return reply.code(400).send({
    status: StatusCode.VALIDATION_FAIL,
    message: formatMessage(RuleListMessages.correctFields, { fields: labels.join('; ') }),
    errors: Object.fromEntries(Object.entries(problems).map(([source, problem]) => [source, problem.message])),
  });
}

export function sendDuplicate(reply: FastifyReply, plugin: RuleListPlugin, values: RuleValues): FastifyReply {
  const key = plugin.uniqueKey.map((source) => plugin.fields.find((field) => field.source === source)?.label ?? source).join(' / ');
  return reply.code(409).send({
    status: StatusCode.FAILURE,
    message: formatMessage(RuleListMessages.duplicate, { key, value: describeKey(plugin.uniqueKey, values) }),
    errors: Object.fromEntries(plugin.uniqueKey.map((source) => [source, fieldProblem('duplicateRecord').message])),
  });
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ status: StatusCode.FAILURE, message: RuleListMessages.recordNotFound });
}

export function sendStale(reply: FastifyReply, current: StoredRow): FastifyReply {
  return reply.code(409).send({
    status: StatusCode.FAILURE,
    message: formatMessage(RuleListMessages.stale, {
      user: current.updated_by,
      time: `${current.updated_at.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
    }),
    data: { version: current.version },
  });
}

export function sendRefusal(reply: FastifyReply, httpStatus: number, message: string): FastifyReply {
  return reply.code(httpStatus).send({ status: httpStatus === 400 ? StatusCode.VALIDATION_FAIL : StatusCode.FAILURE, message });
}

import { Type } from 'typebox';
import { StatusField } from '../http/answerSchemas';

/**
 * The answer of the calls that only say how they went (sign-out, password change, consent given,
 * password reset): the status, and a message when it is a refusal. The shared Answer(data) would
 * promise a `data` these never send.
 */
export const StatusAnswer = Type.Object({ status: StatusField, message: Type.Optional(Type.String()) }, { additionalProperties: true });

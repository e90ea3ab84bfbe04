import { Type } from 'typebox';
import { StatusField } from '../http/answerSchemas';

/**
 * The answer of the calls that only say how they went (sign-out, password change, consent given,
 * password reset): the status, and a message when it is a refusal. The shared Answer(data) would
 * promise a `data` these never send.
 */
export const StatusAnswer = Type.Object({ status: StatusField, message: Type.Optional(Type.String()) }, { additionalProperties: true });

/** Whether two types are the same, each assignable to the other. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A compile-time check that holds a schema to the domain type it describes (the browser reads the
 * domain's): `type X = Holds<Same<Static<typeof Schema>, DomainType>>` fails the typecheck when a field
 * is added to one and not the other, with no code at run time.
 */
export type Holds<Check extends true> = Check;

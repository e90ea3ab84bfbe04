import { Type, type TSchema } from 'typebox';

/**
 * The answer shapes every API route shares, as TypeBox schemas (issue 21): written once, they give
 * Fastify its validation and serialiser, the TypeScript types (`Static<typeof …>`, or the route's
 * own through `app.withTypeProvider<TypeBoxTypeProvider>()`) and the OpenAPI document.
 *
 * `message` and `data` are optional because the same route also answers its refusals through these
 * schemas: the authentication hook answers USER_PROFILE_INVALID with HTTP 200 and no data, and a
 * serialiser that demanded `data` would turn that answer into a 500. Extra properties still travel
 * (additionalProperties), so an answer never silently loses a field its schema forgot.
 */

export const StatusField = Type.Integer({ description: 'StatusCode (src/domain/statusCodes.ts): 1 success, 0 no response, negative a refusal or failure' });

/** `{status, message?, data?}` with `data` of the given shape. */
export function Answer<T extends TSchema>(data: T) {
  return Type.Object({ status: StatusField, message: Type.Optional(Type.String()), data: Type.Optional(data) }, { additionalProperties: true });
}

/** A page of records, as ra-data-simple-rest reads it: `{status, data: [...], total}`. */
export function PageAnswer<T extends TSchema>(item: T) {
  return Type.Object(
    { status: StatusField, message: Type.Optional(Type.String()), data: Type.Optional(Type.Array(item)), total: Type.Optional(Type.Integer({ minimum: 0 })) },
    { additionalProperties: true },
  );
}

/** A refusal: the status, its specific message, and for forms the message of each field at fault. */
export const Refusal = Type.Object(
  { status: StatusField, message: Type.String(), errors: Type.Optional(Type.Record(Type.String(), Type.String())) },
  { additionalProperties: true },
);

/** Text or null, as nullable columns travel. */
export const NullableText = Type.Union([Type.String(), Type.Null()]);

/**
 * The answer of the calls that only say how they went (sign-out, password change, consent given,
 * password reset): the status, and a message when it is a refusal. The shared Answer(data) would
 * promise a `data` these never send.
 */
export const StatusAnswer = Type.Object({ status: StatusField, message: Type.Optional(Type.String()) }, { additionalProperties: true });

/** The refusals of every /awbapi and /logapi call with their HTTP status: bad input (400), signed out (401), an address or a function not the caller's (403). */
export const REFUSALS = { 400: Refusal, 401: Refusal, 403: Refusal } as const;

/** Those of a call on a shipment (answers.ts): also a shipment lent or not the caller's (403), or not found (404). */
export const SHIPMENT_REFUSALS = { ...REFUSALS, 404: Refusal } as const;

/** Whether two types are the same, each assignable to the other. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A compile-time check that holds a schema to the domain type it describes (the browser reads the
 * domain's): `type X = Holds<Same<Static<typeof Schema>, DomainType>>` fails the typecheck when a field
 * is added to one and not the other, with no code at run time.
 */
export type Holds<Check extends true> = Check;

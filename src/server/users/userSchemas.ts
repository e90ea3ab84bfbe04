import { Type, type Static } from 'typebox';
import type { UserAuditRecord, UserRecord } from '../../domain/userProfile';
import type { Holds, Same } from '../http/answerSchemas';
import { Answer, NullableText, PageAnswer, Refusal } from '../http/answerSchemas';

/**
 * The schemas of the user management routes (TypeBox, issue 21): bad shapes are refused before a
 * handler runs (HTTP 400, VALIDATION_FAIL), unknown fields are dropped, and the answers are described
 * field for field. Field rules with their own clear messages (id format, password policy, e-mail) are
 * the domain's, so lengths here only bound the input.
 */

const text = (maxLength: number) => Type.String({ maxLength });

export const UserIdParams = Type.Object({ id: text(200) });

export const CreateUserBody = Type.Object(
  {
    company_id: Type.Optional(text(200)),
    user_id: text(200),
    user_name: text(1000),
    email: text(1000),
    role_id: text(100),
    password: text(200),
    mfa_required: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** A new user as userChanges.ts creates it: the form without the company, which is always the admin's own. */
export type NewUserInput = Omit<Static<typeof CreateUserBody>, 'company_id'>;

export const EditUserBody = Type.Object(
  {
    user_name: text(1000),
    email: text(1000),
    role_id: text(100),
    password: Type.Optional(text(200)),
    mfa_required: Type.Optional(Type.Boolean()),
    is_locked: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export type EditUserInput = Static<typeof EditUserBody>;

export const LockBody = Type.Object({ locked: Type.Boolean() }, { additionalProperties: false });

export const MfaBody = Type.Object({ required: Type.Boolean() }, { additionalProperties: false });

/** A user as the users resource answers it (the domain's UserRecord, which the browser reads). */
export const UserRecordSchema = Type.Object({
  id: Type.String({ description: '"COMPANY|user"' }),
  company_id: Type.String(),
  user_id: Type.String(),
  user_name: Type.String(),
  email: NullableText,
  role_id: Type.String(),
  role_name: Type.String(),
  role_type: Type.Integer(),
  mfa_required: Type.Boolean(),
  is_locked: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

/** A role as the roles resource answers it (userRepository.ts's RoleRecord). */
export const RoleRecordSchema = Type.Object({ id: Type.String(), role_name: Type.String(), role_type: Type.Integer() });

/** One entry of the user management audit (the domain's UserAuditRecord); before and after are the changed fields as recorded. */
export const UserAuditRecordSchema = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actor_user_id: Type.String(),
  ip_address: NullableText,
  entity: Type.String(),
  entity_key: Type.String(),
  action: Type.String(),
  before: Type.Unknown({ description: 'the changed fields before, or null' }),
  after: Type.Unknown({ description: 'the changed fields after, or null' }),
});

/** A company address range (ipRanges.ts). */
export const IpRangeRecordSchema = Type.Object({
  id: Type.String(),
  cidr: Type.String(),
  description: Type.String(),
  created_by: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});

export type IpRangeRecord = Static<typeof IpRangeRecordSchema>;

/** Where the caller stands: its address as the server sees it, and whether the company's ranges let it in. */
export const CurrentAddressSchema = Type.Object({
  id: Type.Literal('current-address'),
  address: Type.String(),
  restricted: Type.Boolean(),
  allowed: Type.Boolean(),
});

/**
 * The answers of one user: the record, or a refusal (400 invalid or duplicate, with the message of each
 * field at fault; 403 another company's user or a function not held; 404 not found; 401 from the sign-in hook).
 */
export const userAnswers = { 200: Answer(UserRecordSchema), '4xx': Refusal } as const;

export const userPageAnswers = { 200: PageAnswer(UserRecordSchema), '4xx': Refusal } as const;

export const IpRangeBody = Type.Object({ cidr: text(200), description: Type.Optional(text(1000)) }, { additionalProperties: false });

export const IpRangeParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) });

/** The record schemas are the domain's types, field for field (checked by the compiler). */
export type UserRecordSchemaIsUserRecord = Holds<Same<Static<typeof UserRecordSchema>, UserRecord>>;
export type UserAuditRecordSchemaIsUserAuditRecord = Holds<Same<Static<typeof UserAuditRecordSchema>, UserAuditRecord>>;

/**
 * JSON schemas of the user management routes: bad shapes are refused before a handler runs (HTTP 400,
 * VALIDATION_FAIL), unknown fields are dropped, and answers cannot carry more than they declare.
 * Field rules with their own clear messages (id format, password policy, e-mail) are the domain's,
 * so lengths here only bound the input.
 */

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const userIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: text(200) },
} as const;

export const createUserBodySchema = {
  type: 'object',
  required: ['user_id', 'user_name', 'email', 'role_id', 'password'],
  additionalProperties: false,
  properties: {
    company_id: text(200),
    user_id: text(200),
    user_name: text(1000),
    email: text(1000),
    role_id: text(100),
    password: text(200),
    mfa_required: { type: 'boolean' },
  },
} as const;

export const editUserBodySchema = {
  type: 'object',
  required: ['user_name', 'email', 'role_id'],
  additionalProperties: false,
  properties: {
    user_name: text(1000),
    email: text(1000),
    role_id: text(100),
    password: text(200),
    mfa_required: { type: 'boolean' },
    is_locked: { type: 'boolean' },
  },
} as const;

export const lockBodySchema = {
  type: 'object',
  required: ['locked'],
  additionalProperties: false,
  properties: { locked: { type: 'boolean' } },
} as const;

export const mfaBodySchema = {
  type: 'object',
  required: ['required'],
  additionalProperties: false,
  properties: { required: { type: 'boolean' } },
} as const;

const userRecordSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    company_id: { type: 'string' },
    user_id: { type: 'string' },
    user_name: { type: 'string' },
    email: { type: ['string', 'null'] },
    role_id: { type: 'string' },
    role_name: { type: 'string' },
    role_type: { type: 'integer' },
    mfa_required: { type: 'boolean' },
    is_locked: { type: 'boolean' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

/** The success answer of a single user, and of a page of users. */
export const userAnswerSchema = {
  // `message` too: the authentication hook answers USER_PROFILE_INVALID with HTTP 200 through these routes.
  200: { type: 'object', properties: { status: { type: 'integer' }, message: { type: 'string' }, data: userRecordSchema } },
} as const;

export const userPageSchema = {
  200: {
    type: 'object',
    properties: { status: { type: 'integer' }, message: { type: 'string' }, data: { type: 'array', items: userRecordSchema }, total: { type: 'integer' } },
  },
} as const;

export const ipRangeBodySchema = {
  type: 'object',
  required: ['cidr'],
  additionalProperties: false,
  properties: { cidr: text(200), description: text(1000) },
} as const;

export const ipRangeParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,18}$' } },
} as const;

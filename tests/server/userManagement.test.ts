import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from './testApp';
import { classicCall, listQuery, userPath } from './classicCall';
import { Messages, StatusCode } from '../../src/domain/statusCodes';
import { PasswordProblemMessages } from '../../src/domain/password';
import { EmailProblemMessages } from '../../src/domain/email';
import { UserProfileMessages } from '../../src/domain/userProfile';
import { AccessMessages } from '../../src/domain/accessMessages';

let t: TestApp;
let admin: string;
let skyAdmin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  skyAdmin = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => classicCall(t.app, token, method, url, body);

const newUser = (overrides: Record<string, unknown> = {}) => ({
  user_id: 'newbie',
  user_name: 'Nina Newbie',
  email: 'newbie@demoair.example',
  role_id: 'OPERATOR',
  password: 'Newbie#2024x',
  ...overrides,
});

async function userCount(companyId: string): Promise<number> {
  const rows = await t.db.selectFrom('users').select('user_id').where('company_id', '=', companyId).execute();
  return rows.length;
}

async function auditOf(entityKey: string) {
  return t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'user').where('entity_key', '=', entityKey).orderBy('audit_id').execute();
}

describe('GET /classicapi/users', () => {
  it('lists only the admin company users, with total and Content-Range, never a password hash', async () => {
    const response = await call(admin, 'GET', `/users${listQuery({ sort: ['user_id', 'ASC'], range: [0, 9] })}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(StatusCode.SUCCESS);
    expect(body.data.map((user: { id: string }) => user.id)).toEqual(['DEMOAIR|admin', 'DEMOAIR|mfauser', 'DEMOAIR|operator']);
    expect(body.total).toBe(3);
    expect(response.headers['content-range']).toBe('users 0-2/3');
    expect(body.data[0]).toEqual({
      id: 'DEMOAIR|admin',
      company_id: 'DEMOAIR',
      user_id: 'admin',
      user_name: 'Alice Admin',
      email: 'admin@demoair.example',
      role_id: 'ADMIN',
      role_name: 'Admin',
      role_type: 1,
      mfa_required: false,
      is_locked: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(response.body).not.toMatch(/argon2|password/);
  });

  it('searches id, name and e-mail, filters by role, pages and sorts', async () => {
    const search = (await call(admin, 'GET', `/users${listQuery({ filter: { q: 'OSCAR' } })}`)).json();
    expect(search.data.map((user: { user_id: string }) => user.user_id)).toEqual(['operator']);
    const byMail = (await call(admin, 'GET', `/users${listQuery({ filter: { q: 'mfauser@' } })}`)).json();
    expect(byMail.data.map((user: { user_id: string }) => user.user_id)).toEqual(['mfauser']);
    const literal = (await call(admin, 'GET', `/users${listQuery({ filter: { q: '%' } })}`)).json();
    expect(literal.total).toBe(0);
    const operators = (await call(admin, 'GET', `/users${listQuery({ filter: { role_id: 'OPERATOR' } })}`)).json();
    expect(operators.data.map((user: { user_id: string }) => user.user_id)).toEqual(['mfauser', 'operator']);
    const page = await call(admin, 'GET', `/users${listQuery({ sort: ['user_name', 'DESC'], range: [1, 2] })}`);
    expect(page.json().data.map((user: { user_name: string }) => user.user_name)).toEqual(['Mia Factor', 'Alice Admin']);
    expect(page.headers['content-range']).toBe('users 1-2/3');
    const beyond = await call(admin, 'GET', `/users${listQuery({ range: [10, 19] })}`);
    expect(beyond.json()).toEqual({ status: 1, data: [], total: 3 });
    expect(beyond.headers['content-range']).toBe('users */3');
  });

  it('refuses malformed list parameters with 400 and a specific message', async () => {
    const cases: [string, RegExp][] = [
      ['?sort=["password_hash","ASC"]', /sort parameter/],
      ['?sort=notjson', /must be JSON/],
      ['?range=[5,1]', /range parameter/],
      ['?range=[0,5000]', /at most 200 rows/],
      ['?filter=[1]', /JSON object/],
      ['?filter={"q":{"$ne":1}}', /q filter must be text/],
    ];
    for (const [query, message] of cases) {
      const response = await call(admin, 'GET', `/users${encodeURI(query)}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ status: StatusCode.VALIDATION_FAIL, message: expect.stringMatching(message) });
    }
  });

  it('lists the roles for the form', async () => {
    const response = await call(admin, 'GET', '/roles');
    expect(response.json()).toEqual({
      status: 1,
      total: 2,
      data: [
        { id: 'ADMIN', role_name: 'Admin', role_type: 1 },
        { id: 'OPERATOR', role_name: 'Operator', role_type: 3 },
      ],
    });
    expect(response.headers['content-range']).toBe('roles 0-1/2');
  });
});

describe('GET /classicapi/users/:id', () => {
  it('answers a user of the company, and -10001 for an unknown one', async () => {
    expect((await call(admin, 'GET', userPath('DEMOAIR', 'operator'))).json()).toMatchObject({
      status: 1,
      data: { id: 'DEMOAIR|operator', user_name: 'Oscar Operator' },
    });
    const missing = await call(admin, 'GET', userPath('DEMOAIR', 'nobody'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: StatusCode.USER_PROFILE_NOT_FOUND, message: AccessMessages.userNotFound });
  });

  it('answers -10000 for another company, whether or not the user exists', async () => {
    for (const path of [userPath('SKYAIR', 'admin'), userPath('SKYAIR', 'nobody'), userPath('skyair', 'admin')]) {
      const response = await call(admin, 'GET', path);
      expect(response.statusCode, path).toBe(403);
      expect(response.json()).toEqual({ status: StatusCode.USER_ACL_EXCEPTION, message: AccessMessages.otherCompany });
    }
  });

  it('refuses a malformed id with 400', async () => {
    for (const id of ['DEMOAIR', 'DEMOAIR|bad id', 'DEMOAIR|a|b', 'DEMOAIR|\u0007bell']) {
      const response = await call(admin, 'GET', `/users/${encodeURIComponent(id)}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().status).toBe(StatusCode.VALIDATION_FAIL);
    }
  });
});

describe('POST /classicapi/users', () => {
  it('creates a user in the admin company with an argon2id hash, audited, who can then sign in', async () => {
    const response = await call(admin, 'POST', '/users', newUser({ user_id: '  Newbie ', company_id: 'DEMOAIR', mfa_required: false }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 1, data: { id: 'DEMOAIR|newbie', user_id: 'newbie', role_name: 'Operator', is_locked: false } });
    const row = await t.db.selectFrom('users').selectAll().where('company_id', '=', 'DEMOAIR').where('user_id', '=', 'newbie').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const [audit] = await auditOf('DEMOAIR|newbie');
    expect(audit).toMatchObject({ company_id: 'DEMOAIR', user_id: 'admin', ip_address: '127.0.0.1', action: 'create', before_value: null });
    expect(audit.after_value).toEqual({
      user_name: 'Nina Newbie',
      email: 'newbie@demoair.example',
      role_id: 'OPERATOR',
      mfa_required: false,
      is_locked: false,
    });
    expect(JSON.stringify(audit)).not.toMatch(/Newbie#2024x|argon2/);
    await signIn(t.app, 'DEMOAIR', 'NEWBIE', 'Newbie#2024x');
  });

  it('answers -10003 for a user id already in the company, whatever its case, and changes nothing', async () => {
    const before = await userCount('DEMOAIR');
    const response = await call(admin, 'POST', '/users', newUser({ user_id: 'OPERATOR', email: 'other@demoair.example' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: StatusCode.USER_PROFILE_DUPLICATE,
      message: Messages.userDuplicate,
      errors: { user_id: Messages.userDuplicate },
    });
    expect(await userCount('DEMOAIR')).toBe(before);
  });

  it('lets another company use the same user id', async () => {
    const response = await call(skyAdmin, 'POST', '/users', newUser({ user_id: 'operator', email: 'operator@skyair.example' }));
    expect(response.json()).toMatchObject({ status: 1, data: { id: 'SKYAIR|operator' } });
  });

  it('answers -10005 for an e-mail any user already has, whatever its case', async () => {
    const before = await userCount('DEMOAIR');
    for (const email of ['OPERATOR@demoair.example', 'admin@skyair.example']) {
      const response = await call(admin, 'POST', '/users', newUser({ user_id: 'mailclash', email }));
      expect(response.json(), email).toEqual({
        status: StatusCode.USER_PROFILE_EMAIL_DUPLICATE,
        message: Messages.userEmailDuplicate,
        errors: { email: Messages.userEmailDuplicate },
      });
    }
    expect(await userCount('DEMOAIR')).toBe(before);
  });

  it('refuses bad input with the domain message and creates nothing', async () => {
    const before = await userCount('DEMOAIR');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'short1!' }, 'password', PasswordProblemMessages.tooShort],
      [{ password: 'nouppercase#123' }, 'password', PasswordProblemMessages.missingUpper],
      [{ password: 'Has Space#123' }, 'password', PasswordProblemMessages.hasSpace],
      [{ user_id: 'two words' }, 'user_id', UserProfileMessages.userIdFormat],
      [{ user_id: 'bell\u0007' }, 'user_id', UserProfileMessages.userIdFormat],
      [{ user_id: 'x'.repeat(51) }, 'user_id', UserProfileMessages.userIdFormat],
      [{ user_name: 'Tab\tName' }, 'user_name', UserProfileMessages.userNameControl],
      [{ user_name: '   ' }, 'user_name', Messages.fillField],
      [{ email: 'not-an-address' }, 'email', EmailProblemMessages.format],
      [{ email: 'one@demoair.example, two@demoair.example' }, 'email', EmailProblemMessages.single],
      [{ email: `${'a'.repeat(195)}@x.example` }, 'email', EmailProblemMessages.tooLong],
      [{ role_id: '' }, 'role_id', UserProfileMessages.roleRequired],
      [{ role_id: 'SUPERUSER' }, 'role_id', UserProfileMessages.roleRequired],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call(admin, 'POST', '/users', newUser({ user_id: 'badinput', email: 'badinput@demoair.example', ...overrides }));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = response.json();
      expect(body.status).toBe(StatusCode.VALIDATION_FAIL);
      expect(body.errors[field], JSON.stringify(overrides)).toBe(message);
    }
    const missing = await call(admin, 'POST', '/users', { user_id: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/must have required property/);
    expect(await userCount('DEMOAIR')).toBe(before);
  });

  it('answers -10000 when the body names another company, and creates nothing', async () => {
    const before = await userCount('SKYAIR');
    const response = await call(admin, 'POST', '/users', newUser({ user_id: 'intruder', email: 'intruder@skyair.example', company_id: 'SKYAIR' }));
    expect(response.statusCode).toBe(403);
    expect(response.json().status).toBe(StatusCode.USER_ACL_EXCEPTION);
    expect(await userCount('SKYAIR')).toBe(before);
  });

  it('refuses a call without the envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/classicapi/users', headers: bearer(admin), payload: newUser({ user_id: 'noenvelope' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/envelope/);
  });
});

describe('PUT /classicapi/users/:id', () => {
  it('changes name, e-mail and role, audits only what changed, and ignores fields it does not know', async () => {
    await call(admin, 'POST', '/users', newUser({ user_id: 'editme', email: 'editme@demoair.example' }));
    const response = await call(admin, 'PUT', userPath('DEMOAIR', 'editme'), {
      id: 'DEMOAIR|editme',
      company_id: 'SKYAIR',
      user_name: 'Edited Name',
      email: 'edited@demoair.example',
      role_id: 'ADMIN',
      password: '',
      password_hash: 'forged',
    });
    expect(response.json()).toMatchObject({
      status: 1,
      data: { id: 'DEMOAIR|editme', company_id: 'DEMOAIR', user_name: 'Edited Name', email: 'edited@demoair.example', role_id: 'ADMIN' },
    });
    const audit = (await auditOf('DEMOAIR|editme')).at(-1)!;
    expect(audit).toMatchObject({ action: 'update', user_id: 'admin', ip_address: '127.0.0.1' });
    expect(audit.before_value).toEqual({ user_name: 'Nina Newbie', email: 'editme@demoair.example', role_id: 'OPERATOR' });
    expect(audit.after_value).toEqual({ user_name: 'Edited Name', email: 'edited@demoair.example', role_id: 'ADMIN' });
    await signIn(t.app, 'DEMOAIR', 'editme', 'Newbie#2024x');
  });

  it('sets a new password: the old one and the old sessions stop working', async () => {
    await call(admin, 'POST', '/users', newUser({ user_id: 'reset', email: 'reset@demoair.example' }));
    const session = await signIn(t.app, 'DEMOAIR', 'reset', 'Newbie#2024x');
    const response = await call(admin, 'PUT', userPath('DEMOAIR', 'reset'), {
      user_name: 'Nina Newbie',
      email: 'reset@demoair.example',
      role_id: 'OPERATOR',
      password: 'Changed#2024y',
    });
    expect(response.json().status).toBe(1);
    await expect(signIn(t.app, 'DEMOAIR', 'reset', 'Newbie#2024x')).rejects.toThrow();
    await signIn(t.app, 'DEMOAIR', 'reset', 'Changed#2024y');
    const refreshed = await requestToken(t.app, { GrantType: 'refresh_token', ClientId: 'reset|DEMOAIR|2|L', RefreshToken: session.refresh_token });
    expect(refreshed.statusCode).toBe(400);
    expect((await auditOf('DEMOAIR|reset')).at(-1)).toMatchObject({ action: 'update', before_value: {}, after_value: { password: 'changed' } });
  });

  it('answers -10005 for another user e-mail and -10001 for an unknown user, changing nothing', async () => {
    const clash = await call(admin, 'PUT', userPath('DEMOAIR', 'operator'), {
      user_name: 'Oscar Operator',
      email: 'ADMIN@demoair.example',
      role_id: 'OPERATOR',
    });
    expect(clash.json().status).toBe(StatusCode.USER_PROFILE_EMAIL_DUPLICATE);
    const unknown = await call(admin, 'PUT', userPath('DEMOAIR', 'ghost'), { user_name: 'Ghost', email: 'ghost@demoair.example', role_id: 'OPERATOR' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status).toBe(StatusCode.USER_PROFILE_NOT_FOUND);
    const operator = (await call(admin, 'GET', userPath('DEMOAIR', 'operator'))).json().data;
    expect(operator.email).toBe('operator@demoair.example');
  });

  it('answers -10000 to an admin editing another company user through the URL, and changes nothing', async () => {
    const before = await t.db.selectFrom('users').selectAll().where('company_id', '=', 'SKYAIR').where('user_id', '=', 'admin').executeTakeFirstOrThrow();
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await call(admin, method, userPath('SKYAIR', 'admin'), { user_name: 'Hijacked', email: 'hijack@demoair.example', role_id: 'OPERATOR' });
      expect(response.statusCode, method).toBe(403);
      expect(response.json()).toEqual({ status: StatusCode.USER_ACL_EXCEPTION, message: AccessMessages.otherCompany });
    }
    for (const suffix of ['/lock', '/mfa']) {
      const response = await call(admin, 'POST', userPath('SKYAIR', 'admin', suffix), { locked: true, required: true });
      expect(response.json().status, suffix).toBe(StatusCode.USER_ACL_EXCEPTION);
    }
    const after = await t.db.selectFrom('users').selectAll().where('company_id', '=', 'SKYAIR').where('user_id', '=', 'admin').executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('does not let an admin change their own role or lock themselves', async () => {
    const demote = await call(admin, 'PUT', userPath('DEMOAIR', 'admin'), { user_name: 'Alice Admin', email: 'admin@demoair.example', role_id: 'OPERATOR' });
    expect(demote.json()).toMatchObject({ status: StatusCode.VALIDATION_FAIL, errors: { role_id: UserProfileMessages.changeOwnRole } });
    const lockSelf = await call(admin, 'POST', userPath('DEMOAIR', 'ADMIN', '/lock'), { locked: true });
    expect(lockSelf.json()).toEqual({ status: StatusCode.VALIDATION_FAIL, message: UserProfileMessages.lockSelf });
    const rename = await call(admin, 'PUT', userPath('DEMOAIR', 'admin'), { user_name: 'Alice A. Admin', email: 'admin@demoair.example', role_id: 'ADMIN' });
    expect(rename.json().status).toBe(1);
  });
});

describe('lock, unlock and MFA', () => {
  it('locks a user: their next call answers -10002, refresh and sign-in fail; unlocking restores sign-in', async () => {
    await call(admin, 'POST', '/users', newUser({ user_id: 'lockme', email: 'lockme@demoair.example', role_id: 'ADMIN' }));
    const session = await signIn(t.app, 'DEMOAIR', 'lockme', 'Newbie#2024x');
    expect((await call(session.access_token, 'GET', '/users')).json().status).toBe(1);

    const locked = await call(admin, 'POST', userPath('DEMOAIR', 'lockme', '/lock'), { locked: true });
    expect(locked.json()).toMatchObject({ status: 1, data: { is_locked: true } });
    expect((await call(session.access_token, 'GET', '/users')).json()).toEqual({
      status: StatusCode.USER_PROFILE_INVALID,
      message: Messages.invalidUserProfile,
    });
    const refresh = await requestToken(t.app, { GrantType: 'refresh_token', ClientId: 'lockme|DEMOAIR|2|L', RefreshToken: session.refresh_token });
    expect(refresh.statusCode).toBe(400);
    await expect(signIn(t.app, 'DEMOAIR', 'lockme', 'Newbie#2024x')).rejects.toThrow();
    const tokens = await t.db.selectFrom('refresh_tokens').select('revoked_at').where('user_id', '=', 'lockme').execute();
    expect(tokens.every((token) => token.revoked_at !== null)).toBe(true);

    expect((await call(admin, 'POST', userPath('DEMOAIR', 'lockme', '/lock'), { locked: false })).json()).toMatchObject({
      status: 1,
      data: { is_locked: false },
    });
    await signIn(t.app, 'DEMOAIR', 'lockme', 'Newbie#2024x');
    expect((await auditOf('DEMOAIR|lockme')).map((row) => row.action)).toEqual(['create', 'lock', 'unlock']);
  });

  it('turns the e-mail one-time code on and off, revoking remembered MFA sessions when it goes on', async () => {
    await call(admin, 'POST', '/users', newUser({ user_id: 'mfame', email: 'mfame@demoair.example' }));
    await t.db
      .insertInto('mfa_sessions')
      .values({ session_hash: 'h-mfame', company_id: 'DEMOAIR', user_id: 'mfame', expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    expect((await call(admin, 'POST', userPath('DEMOAIR', 'mfame', '/mfa'), { required: true })).json()).toMatchObject({
      status: 1,
      data: { mfa_required: true },
    });
    const challenged = await requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'mfame|DEMOAIR|2|L', ClientSecret: 'Newbie#2024x' });
    expect(challenged.json().error).toBe('mfa_required');
    const session = await t.db.selectFrom('mfa_sessions').select('revoked_at').where('session_hash', '=', 'h-mfame').executeTakeFirstOrThrow();
    expect(session.revoked_at).not.toBeNull();
    expect((await call(admin, 'POST', userPath('DEMOAIR', 'mfame', '/mfa'), { required: false })).json()).toMatchObject({
      status: 1,
      data: { mfa_required: false },
    });
    await signIn(t.app, 'DEMOAIR', 'mfame', 'Newbie#2024x');
    expect((await auditOf('DEMOAIR|mfame')).map((row) => row.action)).toEqual(['create', 'mfa-on', 'mfa-off']);
  });

  it('refuses malformed action bodies', async () => {
    for (const [suffix, body] of [
      ['/lock', { locked: 'maybe' }],
      ['/lock', {}],
      ['/mfa', { required: [1, 2] }],
    ] as const) {
      const response = await call(admin, 'POST', userPath('DEMOAIR', 'operator', suffix), body);
      expect(response.statusCode, suffix).toBe(400);
      expect(response.json().status).toBe(StatusCode.VALIDATION_FAIL);
    }
  });
});

describe('DELETE /classicapi/users/:id', () => {
  it('answers -11000 to an admin deleting their own account', async () => {
    const response = await call(admin, 'DELETE', userPath('DEMOAIR', 'Admin'));
    expect(response.json()).toEqual({ status: StatusCode.USER_PROFILE_DELETE_SELF, message: Messages.userDeleteSelf });
    expect(
      await t.db.selectFrom('users').select('user_id').where('user_id', '=', 'admin').where('company_id', '=', 'DEMOAIR').executeTakeFirst(),
    ).toBeDefined();
  });

  it('deletes a user: their open session answers -10002 at once and cannot be refreshed; the audit keeps who it was', async () => {
    await call(admin, 'POST', '/users', newUser({ user_id: 'leaver', email: 'leaver@demoair.example', role_id: 'ADMIN' }));
    const session = await signIn(t.app, 'DEMOAIR', 'leaver', 'Newbie#2024x');
    const response = await call(admin, 'DELETE', userPath('DEMOAIR', 'leaver'));
    expect(response.json()).toMatchObject({ status: 1, data: { id: 'DEMOAIR|leaver' } });
    expect((await call(session.access_token, 'GET', '/users')).json().status).toBe(StatusCode.USER_PROFILE_INVALID);
    expect((await t.app.inject({ method: 'GET', url: '/userapi/permission', headers: bearer(session.access_token) })).json().status).toBe(
      StatusCode.USER_PROFILE_INVALID,
    );
    const refresh = await requestToken(t.app, { GrantType: 'refresh_token', ClientId: 'leaver|DEMOAIR|2|L', RefreshToken: session.refresh_token });
    expect(refresh.statusCode).toBe(400);
    const audit = (await auditOf('DEMOAIR|leaver')).at(-1)!;
    expect(audit).toMatchObject({
      action: 'delete',
      after_value: null,
      before_value: { user_name: 'Nina Newbie', email: 'leaver@demoair.example', role_id: 'ADMIN' },
    });
    const again = await call(admin, 'DELETE', userPath('DEMOAIR', 'leaver'));
    expect(again.statusCode).toBe(404);
    expect(again.json().status).toBe(StatusCode.USER_PROFILE_NOT_FOUND);
  });
});

describe('operators', () => {
  it('answer -10000 on every user management call', async () => {
    const operator = (await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345')).access_token;
    const calls: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', '/users'],
      ['GET', '/roles'],
      ['GET', userPath('DEMOAIR', 'admin')],
      ['POST', '/users', newUser({ user_id: 'byoperator', email: 'byoperator@demoair.example' })],
      ['PUT', userPath('DEMOAIR', 'mfauser'), { user_name: 'x', email: 'x@demoair.example', role_id: 'ADMIN' }],
      ['DELETE', userPath('DEMOAIR', 'mfauser')],
      ['POST', userPath('DEMOAIR', 'mfauser', '/lock'), { locked: true }],
      ['GET', '/ipranges'],
      ['GET', '/useraudit'],
    ];
    for (const [method, url, body] of calls) {
      const response = await call(operator, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ status: StatusCode.USER_ACL_EXCEPTION, message: AccessMessages.functionDenied });
    }
    expect(await t.db.selectFrom('users').select('user_id').where('user_id', '=', 'byoperator').executeTakeFirst()).toBeUndefined();
  });
});

describe('GET /classicapi/useraudit', () => {
  it('shows the company admins the user changes of their company only, newest first', async () => {
    const response = await call(admin, 'GET', `/useraudit${listQuery({ range: [0, 4] })}`);
    const body = response.json();
    expect(body.status).toBe(1);
    expect(body.total).toBeGreaterThan(5);
    expect(body.data).toHaveLength(5);
    const times = body.data.map((row: { at: string }) => row.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      actor_user_id: 'admin',
      ip_address: '127.0.0.1',
      entity: 'user',
      entity_key: expect.stringMatching(/^DEMOAIR\|/),
      action: expect.any(String),
      before: expect.anything(),
      after: null,
    });
    const sky = (await call(skyAdmin, 'GET', '/useraudit')).json();
    expect(sky.data.every((row: { entity_key: string }) => row.entity_key.startsWith('SKYAIR|'))).toBe(true);
    const filtered = (await call(admin, 'GET', `/useraudit${listQuery({ filter: { q: 'lockme', action: 'lock' } })}`)).json();
    expect(filtered.data.map((row: { action: string; entity_key: string }) => [row.action, row.entity_key])).toEqual([['lock', 'DEMOAIR|lockme']]);
  });
});

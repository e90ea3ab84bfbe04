import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, type TestApp } from './testApp';
import { FunctionId } from '../../src/domain/access';
import { ruleListPlugins } from '../../plugins';

let t: TestApp;
let adminToken: string;
let operatorToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  operatorToken = (await signIn(t.app, 'DEMOFWD', 'operator', 'Operator#12345')).access_token;
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /userapi/permission', () => {
  it('answers exactly the fields of the spec permission response', async () => {
    const body = (await get('/userapi/permission', adminToken)).json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'app_id',
        'access_type',
        'user_id',
        'company_id',
        'company_type_id',
        'company_name',
        'menu',
        'role_type_list',
        'functions',
        'is_import_forwarder',
      ].sort(),
    );
    expect(body).toMatchObject({
      app_id: 2,
      access_type: 2,
      user_id: 'admin',
      company_id: 'DEMOAIR',
      company_type_id: 1,
      company_name: 'Demo Airlines',
      role_type_list: [1],
      is_import_forwarder: false,
    });
    expect(body.functions).toEqual(expect.arrayContaining([81, 82, 83, 84, 85, 86, ...ruleListPlugins.map((plugin) => plugin.functionId)]));
    expect(body.menu.every((entry: { site_type: number }) => entry.site_type === 2)).toBe(true);
    expect(body.menu.map((entry: { text: string }) => entry.text)).toEqual([
      'Documents',
      'User Management',
      'User Log',
      'Sanction Check',
      'Outbound Messages',
      'Shipment Messages',
      'About',
      'Help',
    ]);
  });

  it('gives an operator the operational functions and menus only: shipments, user log, messages in and out', async () => {
    const body = (await get('/userapi/permission', operatorToken)).json();
    expect(body).toMatchObject({ company_id: 'DEMOFWD', company_type_id: 2, role_type_list: [3], functions: [81, 82, 84, 86] });
    expect(body.menu.map((entry: { function_id: number | null }) => entry.function_id)).toEqual([81, 82, 86, 84, null, null]);
    const classic = (await get('/userapi/permission?isClassic=true', operatorToken)).json();
    expect(classic.menu).toEqual([]); // the administration group has nothing an operator may open
  });

  it('builds the classic menu from site_type 1 entries with the admin lists under one group', async () => {
    const body = (await get('/userapi/permission?isClassic=true', adminToken)).json();
    expect(body.menu).toHaveLength(1);
    expect(body.menu[0]).toMatchObject({ text: 'Administration', site_type: 1 });
    expect(body.menu[0].items.map((item: { url: string }) => item.url)).toContain('countryrules/115');
    expect(body.menu[0].items.map((item: { url: string }) => item.url)).toContain('sanctionlist');
  });

  it('follows the data: a function granted in the database appears as soon as the app hears of it', async () => {
    await t.db.insertInto('role_functions').values({ role_id: 'OPERATOR', function_id: FunctionId.USER_MANAGEMENT }).execute();
    await t.ctx.changes.sync();
    expect((await get('/userapi/permission', operatorToken)).json().functions).toContain(83);
    expect((await get('/userapi/permission/function/83', operatorToken)).json()).toEqual({ status: 1, data: { function_id: 83, allowed: true } });
    await t.db.deleteFrom('role_functions').where('role_id', '=', 'OPERATOR').where('function_id', '=', 83).execute();
    await t.ctx.changes.sync();
    expect((await get('/userapi/permission/function/83', operatorToken)).json()).toEqual({ status: -10000, data: { function_id: 83, allowed: false } });
  });

  it('refuses a malformed function id with 400, not 500', async () => {
    const response = await get('/userapi/permission/function/abc', adminToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe(-50001);
  });
});

describe('GET /userapi/user/getuserprofile', () => {
  it('answers the signed-in user', async () => {
    expect((await get('/userapi/user/getuserprofile', operatorToken)).json()).toEqual({
      status: 1,
      data: expect.objectContaining({ user_id: 'operator', company_id: 'DEMOFWD', user_name: 'Fiona Forwarder', role_type: 3, company_type_id: 2 }),
    });
  });
});

describe('POST /mobileapi/authentication/changepassword', () => {
  const change = (token: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/mobileapi/authentication/changepassword', headers: bearer(token), payload: body as object });

  it('applies the spec rules and messages', async () => {
    const token = (await signIn(t.app, 'DEMOGHA', 'operator', 'Operator#12345')).access_token;
    expect((await change(token, { old_password: 'wrong', new_password: 'New#Pass1234' })).json()).toEqual({ status: -1, message: 'Incorrect password.' });
    expect((await change(token, { old_password: 'Operator#12345', new_password: 'Operator#12345' })).json()).toEqual({
      status: -50001,
      message: 'Please use a new password.',
    });
    expect((await change(token, { old_password: 'Operator#12345', new_password: 'short1!' })).json().status).toBe(-50001);
    expect((await change(token, { old_password: 'Operator#12345', new_password: 'no digits here!A' })).json().message).toMatch(/space|digit/);
    expect((await change(token, { old_password: 'Operator#12345' })).statusCode).toBe(400);
    expect((await change(token, { old_password: 'Operator#12345', new_password: 'Better#Pass99' })).json()).toEqual({ status: 1 });
    await expect(signIn(t.app, 'DEMOGHA', 'operator', 'Operator#12345')).rejects.toThrow();
    await signIn(t.app, 'DEMOGHA', 'operator', 'Better#Pass99');
  });
});

import { describe, expect, it } from 'vitest';
import { buildClientId, holdsHandlingLock, parseClientId } from '../../src/domain/access';
import { canAccessFunction } from '../../src/domain/permissions';
import { formatMessage, Messages } from '../../src/domain/statusCodes';

describe('ClientId', () => {
  it('is {userId}|{companyId}|{appId}|L', () => {
    expect(buildClientId('admin', 'DEMOAIR')).toBe('admin|DEMOAIR|2|L');
    expect(parseClientId('admin|DEMOAIR|2|L')).toEqual({ userId: 'admin', companyId: 'DEMOAIR', appId: 2 });
    for (const bad of ['admin|DEMOAIR|2', 'admin|DEMOAIR|2|X', '|DEMOAIR|2|L', 'admin||2|L', 'admin|DEMOAIR|two|L', 'a|b|2|L|x'])
      expect(parseClientId(bad), bad).toBeUndefined();
  });
});

describe('permissions', () => {
  const permission = {
    functions: [81],
    menu: [
      {
        function_id: null,
        site_type: 1,
        category: 0,
        text: 'Administration',
        url: '',
        items: [{ function_id: 115, site_type: 1, category: 0, text: 'Country Rules', url: 'countryrules/115', items: [] }],
      },
    ],
  };
  it('allows a page whose function is held in the function list or the menu, and pages with no function', () => {
    expect(canAccessFunction(permission, 81)).toBe(true);
    expect(canAccessFunction(permission, 115)).toBe(true);
    expect(canAccessFunction(permission, 83)).toBe(false);
    expect(canAccessFunction(permission, undefined)).toBe(true);
  });
  it('gives the handling lock to role 3 in airlines and ground handlers only', () => {
    expect(holdsHandlingLock(1, [3])).toBe(true);
    expect(holdsHandlingLock(3, [3])).toBe(true);
    expect(holdsHandlingLock(2, [3])).toBe(false);
    expect(holdsHandlingLock(1, [1])).toBe(false);
  });
});

describe('messages', () => {
  it('fills placeholders of the spec messages', () => {
    expect(formatMessage(Messages.otpIncorrect, { times: 2 })).toBe('Your OTP is incorrect. You have 2 attempt(s).');
    expect(formatMessage(Messages.shipmentNotFound, { awb: '160-00000125' })).toBe('There is no shipment found in AWB #160-00000125.');
  });
});

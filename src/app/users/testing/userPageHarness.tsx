import type { ReactElement } from 'react';
import { configure } from '@testing-library/react';
import type { DataProvider, TranslationMessages } from 'react-admin';
import { vi } from 'vitest';
import type { HttpClient } from '../../../../dataProviders/httpClient';
import { renderAdminScreens } from '../../testing/adminScreens';
import { signedInScreenSpec } from '../../testing/fixtures';
import { IpRangesPage, OneRecordClientsPage, UserAuditPage, UserCreate, UserEdit, UserList } from '..';
import type { UserRecord } from '../../../domain/userProfile';

/** Test helpers for the user management specs (not part of the app bundle). */

/** The hooks of a user management spec (see signedInScreenSpec), signed in as the demo airline's admin. */
export function userPagesSpec() {
  // The first render loads react-admin's chunks; a shared machine can be slow.
  configure({ asyncUtilTimeout: 8000 });
  return signedInScreenSpec({ userId: 'admin', companyId: 'DEMOAIR' });
}

export function userRecord(userId: string, overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: `DEMOAIR|${userId}`,
    company_id: 'DEMOAIR',
    user_id: userId,
    user_name: `${userId[0].toUpperCase()}${userId.slice(1)} Person`,
    email: `${userId}@demoair.example`,
    role_id: 'OPERATOR',
    role_name: 'Operator',
    role_type: 3,
    mfa_required: false,
    is_locked: false,
    created_at: '2024-05-01T10:00:00.000Z',
    updated_at: '2024-05-02T10:00:00.000Z',
    ...overrides,
  };
}

export const roles = [
  { id: 'ADMIN', role_name: 'Admin', role_type: 1 },
  { id: 'OPERATOR', role_name: 'Operator', role_type: 3 },
];

/** A dataProvider over fixed users; every method is a spy the test can replace. */
export function usersDataProvider(users: UserRecord[]) {
  const provider = {
    getList: vi.fn(async (resource: string) => {
      if (resource === 'roles') return { data: roles, total: roles.length };
      return { data: users, total: users.length };
    }),
    getOne: vi.fn(async (_resource: string, params: { id: unknown }) => {
      const found = users.find((user) => user.id === params.id);
      if (!found) throw new Error('not found');
      return { data: found };
    }),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
      data: { ...userRecord(String(params.data.user_id)), ...params.data },
    })),
    update: vi.fn(async (_resource: string, params: { id: unknown; data: Record<string, unknown> }) => ({
      data: { ...users.find((user) => user.id === params.id)!, ...params.data },
    })),
    updateMany: vi.fn(async () => ({ data: [] })),
    delete: vi.fn(async (_resource: string, params: { id: unknown }) => ({ data: users.find((user) => user.id === params.id)! })),
    deleteMany: vi.fn(async () => ({ data: [] })),
  };
  return provider;
}

/** An httpClient whose classic() answers success unless the test says otherwise. */
export function fakeHttpClient() {
  const classic = vi.fn(async (_path: string, _options?: unknown) => ({
    status: 200,
    headers: new Headers(),
    body: '',
    json: { status: 1, data: {} } as unknown,
  }));
  return { client: { classic } as unknown as HttpClient, classic };
}

const pages: [string, ReactElement][] = Object.entries({
  '/en/userManagement': <UserList />,
  '/en/userManagement/add': <UserCreate />,
  '/en/userManagement/ipRestriction': <IpRangesPage />,
  '/en/userManagement/oneRecordClients': <OneRecordClientsPage />,
  '/en/userManagement/audit': <UserAuditPage />,
  '/en/userManagement/:companyId/:userId': <UserEdit />,
});

/** `dataProvider`: a real one or the spies of `usersDataProvider`. */
export function renderUserPages(
  path: string,
  options: { messages: TranslationMessages; dataProvider: DataProvider | ReturnType<typeof usersDataProvider>; httpClient: HttpClient },
) {
  return renderAdminScreens(path, pages, { ...options, dataProvider: options.dataProvider as DataProvider });
}

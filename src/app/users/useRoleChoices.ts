import { useGetList } from 'react-admin';

export interface RoleChoice {
  id: string;
  role_name: string;
  role_type: number;
}

/** The roles of the data (Admin, Operator), for the role filter and the role input. */
export function useRoleChoices(): { roles: RoleChoice[]; isPending: boolean } {
  const { data, isPending } = useGetList<RoleChoice>('roles', { pagination: { page: 1, perPage: 100 }, sort: { field: 'role_type', order: 'ASC' } });
  return { roles: data ?? [], isPending };
}
